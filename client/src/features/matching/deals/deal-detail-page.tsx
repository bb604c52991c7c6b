import { Link } from '#client/lib/router/index.ts';
import styled from 'styled-components';
import { type DealDetail, getDealCall } from '#server/contracts/matching-deals.ts';
import { FactList } from '#client/components/fact-list.tsx';
import { InlineGroup, PageStack } from '#client/components/page/page-text.ts';
import { PageSection } from '#client/components/page/page-text.ts';
import { formatJapaneseDateTime } from '#client/lib/date-format.ts';
import { UnrepliedMark, useDealLabels } from '../components/deal-display.tsx';
import { RecordView, useRecordCode } from '#client/components/detail/record-view.tsx';
import { NeedCategoryTag } from '../components/need-display.tsx';
import { dealListPath, MATCHING_CODE_PATTERN, needDetailPath, ownNeedPath } from '../matching-paths.ts';
import { DealActions } from './deal-actions.tsx';
import { DealThread } from './deal-thread.tsx';

const NeedTitle = styled.span`
  display: inline-flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.spacing.xs};
  align-items: center;
`;

const Back = styled.p`
  margin: 0;
`;

/**
 * /mypage/matching/history/detail/{id} and /mypage/matching/received_history/detail/{id} (id: the
 * deal's cmh_unique_code): the deal from the company's side (the need, the counterpart and its
 * bank, the request type, the status), its messages as a thread, and what may be done with it now.
 * A deal the company is no party to is the 404 page.
 */
export function DealDetailPage() {
  const code = useRecordCode(MATCHING_CODE_PATTERN);
  // A reload that fails after a command keeps the deal on screen.
  return (
    <RecordView key={code} call={getDealCall} input={{ params: { cmh_unique_code: code } }}>
      {(deal) => (
        <PageStack>
          <DealSummary deal={deal} />
          <DealThread deal={deal} />
          <DealActions deal={deal} />
          <Back>
            <Link to={dealListPath(deal.my_side)}>
              {deal.my_side === 'sender' ? '商談依頼履歴に戻る' : '商談管理に戻る'}
            </Link>
          </Back>
        </PageStack>
      )}
    </RecordView>
  );
}

function DealSummary({ deal }: { deal: DealDetail }) {
  const labels = useDealLabels();
  const sent = deal.my_side === 'sender';
  // The sender reads the need where others do; the receiver opens its own need's page.
  const needPath = sent ? needDetailPath(deal.ca_unique_code) : ownNeedPath(deal.ca_unique_code);
  return (
    <PageSection $boxed aria-labelledby="deal-summary-heading">
      <h2 id="deal-summary-heading">{sent ? '送った商談依頼' : '受けた商談依頼'}</h2>
      <FactList
        facts={[
          {
            term: 'ニーズ',
            value: (
              <NeedTitle>
                <Link to={needPath}>{deal.need_title}</Link>
                <NeedCategoryTag code={deal.need_category} />
              </NeedTitle>
            ),
          },
          { term: sent ? '依頼先の企業' : '依頼元の企業', value: deal.counterpart_company_name },
          { term: '金融機関', value: deal.counterpart_bank_name },
          { term: '依頼内容', value: labels.requestTypeName(deal.cmh_request_type) },
          {
            term: '状況',
            value: (
              <InlineGroup>
                {labels.statusTag(deal.cmh_status)}
                <UnrepliedMark count={deal.cmh_unreplied_count} />
              </InlineGroup>
            ),
          },
          { term: '依頼日時', value: formatJapaneseDateTime(deal.cmh_created_at) },
          { term: '最終更新', value: formatJapaneseDateTime(deal.cmh_updated_at) },
        ]}
      />
    </PageSection>
  );
}
