import { Link } from '#client/lib/router/index.ts';
import styled from 'styled-components';
import { SpreadRow } from '#client/components/page/row-layouts.ts';
import { hasAllPermissions } from '#server/contracts/account-types.ts';
import { getNeedCall, type NeedDetail } from '#server/contracts/matching.ts';
import { FactList } from '#client/components/fact-list.tsx';
import { ThumbnailGrid } from '#client/components/thumbnail-grid.ts';
import { Notice } from '#client/components/feedback/notice.ts';
import { useCurrentUser } from '#client/lib/current-user.ts';
import { AgreementRequiredNotice, useOwnAgreement } from '../components/matching-agreement-notice.tsx';
import { LoadingNotice } from '#client/components/page/page-states.tsx';
import { RecordView, useRecordCode } from '#client/components/detail/record-view.tsx';
import {
  ANY_AREA_TEXT,
  ANY_INDUSTRY_TEXT,
  NationwideTag,
  NeedCategoryTag,
  needPeriodText,
  useNeedPlaceNames,
} from '../components/need-display.tsx';
import {
  agentRequestPath,
  dealDetailPath,
  MATCHING_CODE_PATTERN,
  matchingCompanyPath,
  NEED_SEARCH_PATH,
} from '../matching-paths.ts';
import { FavoriteNeedToggle } from './favorite-need-toggle.tsx';
import { DealRequestForm } from './deal-request-form.tsx';

/** Sending a deal request is using the matching, not only reading it. */
const DEAL_REQUEST_PERMISSION = 'company_matching_write';

const Article = styled.article`
  display: grid;
  gap: ${({ theme }) => theme.spacing.lg};
`;

const Header = styled.header`
  display: grid;
  gap: ${({ theme }) => theme.spacing.sm};

  h2 {
    margin: 0;
    font-size: ${({ theme }) => theme.typography.fontSizeLarge};
    overflow-wrap: anywhere;
  }
`;

const Tags = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.spacing.xs};
`;

const Body = styled.p`
  margin: 0;
  white-space: pre-wrap;
  overflow-wrap: anywhere;
`;

const Section = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.spacing.sm};
  padding: ${({ theme }) => theme.spacing.md};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};

  h3 {
    margin: 0;
    font-size: ${({ theme }) => theme.typography.fontSizeBase};
  }

  p {
    margin: 0;
  }
`;

const Back = styled.p`
  margin: 0;
`;

/**
 * /mypage/matching/search/detail/{ca_unique_code}: a published need as others read it (its full
 * text, images, classifications, areas and period; its company, the company's prefecture and bank)
 * and the deal request on it. A need the company already asked about links to that deal instead;
 * a user without the matching's use (company_matching_write) reads the need only, and a company
 * that has not agreed to the matching terms is shown the way to them instead of the form. The need
 * can be made a favourite, its company's page opened, and the bank asked to introduce the company
 * (the agent page with the need). A need that is not published, or not to this company, is the 404
 * page.
 */
export function NeedDetailPage() {
  const code = useRecordCode(MATCHING_CODE_PATTERN, 'ca_unique_code');
  return (
    <RecordView key={code} call={getNeedCall} input={{ params: { ca_unique_code: code } }}>
      {(need) => (
        <Article aria-labelledby="need-title">
          <NeedContent need={need} />
          <DealRequestPart need={need} />
          <Back>
            <Link to={NEED_SEARCH_PATH}>ニーズの検索に戻る</Link>
          </Back>
        </Article>
      )}
    </RecordView>
  );
}

function NeedContent({ need }: { need: NeedDetail }) {
  const names = useNeedPlaceNames();
  const industries = names.industries(need.need_industry_codes);
  const areas = names.prefectures(need.need_area_codes);
  return (
    <>
      <Header>
        <SpreadRow>
          <Tags>
            <NeedCategoryTag code={need.need_category} />
            {need.need_is_nationwide && <NationwideTag />}
          </Tags>
          <FavoriteNeedToggle need={need} />
        </SpreadRow>
        <h2 id="need-title">{need.need_title}</h2>
      </Header>
      <Body>{need.need_body}</Body>
      {need.need_images.length > 0 && (
        <ThumbnailGrid $minWidth="180px" $fit="contain" aria-label="ニーズの画像">
          {need.need_images.map((image, index) => (
            <li key={image.file_unique_code}>
              <img src={image.file_url} alt={`${need.need_title}の画像${index + 1}`} />
            </li>
          ))}
        </ThumbnailGrid>
      )}
      <Section aria-labelledby="need-facts-heading">
        <h3 id="need-facts-heading">ニーズの概要</h3>
        <FactList
          facts={[
            { term: '業種', value: industries.length > 0 ? industries.join('、') : ANY_INDUSTRY_TEXT },
            { term: 'エリア', value: areas.length > 0 ? areas.join('、') : ANY_AREA_TEXT },
            { term: '掲載期間', value: needPeriodText(need) },
          ]}
        />
      </Section>
      <Section aria-labelledby="need-company-heading">
        <h3 id="need-company-heading">掲載企業</h3>
        <FactList
          facts={[
            {
              term: '企業名',
              value: <Link to={matchingCompanyPath(need.company_unique_code)}>{need.company_name}</Link>,
            },
            { term: '所在地', value: names.prefecture(need.company_prefecture_code) ?? '—' },
            { term: '金融機関', value: need.bank_name },
          ]}
        />
      </Section>
    </>
  );
}

/** The deal request: the form, the open deal's link, or why there is none. */
function DealRequestPart({ need }: { need: NeedDetail }) {
  const user = useCurrentUser();
  const mayRequest =
    user !== null &&
    hasAllPermissions({ isSuperUser: user.user_is_super_user, permittedActions: user.permitted_actions }, [
      DEAL_REQUEST_PERMISSION,
    ]);
  return (
    <Section aria-labelledby="deal-request-heading">
      <h3 id="deal-request-heading">商談依頼</h3>
      {need.open_cmh_unique_code !== null ? (
        <Notice role="status" $tone="info">
          <p>このニーズには商談依頼中です。</p>
          <p>
            <Link to={dealDetailPath('sender', need.open_cmh_unique_code)}>依頼中の商談を見る</Link>
          </p>
        </Notice>
      ) : mayRequest ? (
        <AgreedDealRequest need={need} />
      ) : (
        <p>
          商談依頼を送るには、ビジネスマッチングの利用権限が必要です。企業の管理者にお問い合わせください。
        </p>
      )}
      {mayRequest && (
        <p>
          直接の依頼が難しいときは、
          <Link to={agentRequestPath(need.ca_unique_code)}>銀行に仲介を依頼する</Link>
          こともできます。
        </p>
      )}
    </Section>
  );
}

/**
 * The form once the company has agreed to the matching terms; before, the way to them. While the
 * check is on its way nothing is offered; a check that failed leaves the form (the server refuses a
 * request the terms do not cover, and the form then shows the same way).
 */
function AgreedDealRequest({ need }: { need: NeedDetail }) {
  const agreement = useOwnAgreement();
  if (agreement.isPending) return <LoadingNotice />;
  if (agreement.data?.agreed === false) return <AgreementRequiredNotice />;
  return (
    <>
      <p>
        このニーズを掲載している企業に商談を依頼できます。依頼すると、相手の企業にメールでお知らせします。
      </p>
      <DealRequestForm caUniqueCode={need.ca_unique_code} />
    </>
  );
}
