import { Link, useParams } from '#client/lib/router/index.ts';
import styled from 'styled-components';
import {
  companyParamsSchema,
  getMatchingCompanyCall,
  type MatchingCompany,
} from '#server/contracts/matching.ts';
import { type Fact, FactList } from '#client/components/fact-list.tsx';
import { PageStack, WrittenText } from '#client/components/page/page-text.ts';
import { formatJapaneseDate } from '#client/lib/date-format.ts';
import { useCallQuery } from '#client/lib/request/call-client.ts';
import { HttpError } from '#client/lib/request/http-error.ts';
import { LoadFailedNotice, LoadingNotice } from '#client/components/page/page-states.tsx';
import { MatchingCard } from '../components/matching-card.ts';
import { ANY_AREA_TEXT, type NeedPlaceNames, useNeedPlaceNames } from '../components/need-display.tsx';
import { NEED_SEARCH_PATH } from '../matching-paths.ts';
import { NeedResultList } from '../search/need-result-list.tsx';

const Needs = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.spacing.md};

  h3 {
    margin: 0;
    font-size: ${({ theme }) => theme.typography.fontSizeLarge};
  }
`;

/** A text the company wrote in several lines: its lines kept. */

const Muted = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Back = styled.p`
  margin: 0;
`;

const NO_VALUE = '—';

/**
 * /mypage/matching/company/{company_unique_code}: a company as the matching shows it to another
 * company — its public name, prefecture and bank; for a company of the reader's own bank its
 * business profile (事業内容, 製品・サービス, 強み, 対応エリア, 従業員数, 設立, homepage); then its
 * published needs the reader may see. A company the reader may not see is the 404 page.
 */
export function MatchingCompanyPage() {
  const parsed = companyParamsSchema.safeParse(useParams());
  if (!parsed.success) throw new HttpError(404);
  const code = parsed.data.company_unique_code;
  return <LoadedCompany key={code} code={code} />;
}

function LoadedCompany({ code }: { code: string }) {
  const names = useNeedPlaceNames();
  const { data, isError } = useCallQuery(
    getMatchingCompanyCall,
    { params: { company_unique_code: code } },
    { onNotFound: 'error-page', throwOnError: (error) => error instanceof HttpError },
  );
  if (data === undefined) return isError ? <LoadFailedNotice /> : <LoadingNotice />;
  return (
    <PageStack>
      <MatchingCard aria-labelledby="matching-company-name">
        <h2 id="matching-company-name">{data.company_name}</h2>
        <FactList
          facts={[
            { term: '所在地', value: names.prefecture(data.company_prefecture_code) ?? NO_VALUE },
            { term: '金融機関', value: data.bank_name },
          ]}
        />
      </MatchingCard>
      {data.profile !== null && (
        <MatchingCard aria-labelledby="matching-company-profile">
          <h3 id="matching-company-profile">企業情報</h3>
          <FactList facts={profileFacts(data.profile, names)} />
        </MatchingCard>
      )}
      <Needs aria-labelledby="matching-company-needs">
        <h3 id="matching-company-needs">掲載中のニーズ（{data.needs.length}件）</h3>
        {data.needs.length === 0 ? (
          <Muted>掲載中のニーズはありません。</Muted>
        ) : (
          <NeedResultList needs={data.needs} label={`${data.company_name}のニーズ`} companyLinked={false} />
        )}
      </Needs>
      <Back>
        <Link to={NEED_SEARCH_PATH}>ニーズの検索に戻る</Link>
      </Back>
    </PageStack>
  );
}

function profileFacts(profile: NonNullable<MatchingCompany['profile']>, names: NeedPlaceNames): Fact[] {
  const text = (value: string) => (value.trim() === '' ? NO_VALUE : <WrittenText>{value}</WrittenText>);
  const industry =
    profile.industry_middle_code === null ? [] : names.industries([profile.industry_middle_code]);
  const areas = names.prefectures(profile.business_area_codes);
  return [
    { term: '業種', value: industry[0] ?? NO_VALUE },
    { term: '事業内容', value: text(profile.business_description) },
    { term: '製品・サービス', value: text(profile.business_products) },
    { term: '強み', value: text(profile.business_strengths) },
    { term: '対応エリア', value: areas.length > 0 ? areas.join('、') : ANY_AREA_TEXT },
    {
      term: '従業員数',
      value: profile.employee_count === null ? NO_VALUE : `${profile.employee_count}名`,
    },
    {
      term: '設立',
      value: profile.established_on === null ? NO_VALUE : formatJapaneseDate(profile.established_on),
    },
    {
      term: 'ホームページ',
      value:
        profile.homepage_path === null ? (
          NO_VALUE
        ) : (
          <Link to={profile.homepage_path}>ホームページを見る</Link>
        ),
    },
  ];
}
