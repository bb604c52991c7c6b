import { Link } from '#client/lib/router/index.ts';
import styled from 'styled-components';
import { DEAL_MESSAGE_KIND_LABELS } from '#server/contracts/matching-deals.ts';
import { getStaffDealCall, type StaffDealDetail } from '#server/contracts/matching-staff.ts';
import { FactList } from '#client/components/fact-list.tsx';
import { InlineGroup, PageStack } from '#client/components/page/page-text.ts';
import { PageSection } from '#client/components/page/page-text.ts';
import { formatJapaneseDateTime } from '#client/lib/date-format.ts';
import { useDealLabels } from '../components/deal-display.tsx';
import { MessageBubble, MessageItem, MessageList, MessageMeta } from '../components/deal-message-parts.ts';
import { RecordView, useRecordCode } from '#client/components/detail/record-view.tsx';
import { NeedCategoryTag } from '../components/need-display.tsx';
import {
  STAFF_DEALS_LABEL,
  STAFF_DEALS_PATH,
  STAFF_MATCHING_CODE_PATTERN,
  staffNeedDetailPath,
} from './staff-matching-paths.ts';
import { staffCompanyPath } from './staff-company-path.ts';

const Summary = styled(PageSection)`
  padding: ${({ theme }) => theme.spacing.md};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
`;

const Back = styled.p`
  margin: 0;
`;

/**
 * /admin/company/matching/detail/{id} (id: the deal's cmh_unique_code): a deal a company of the bank
 * is a party to, read by its staff (nothing to answer: the companies write, the bank follows) — the
 * need, both companies and their banks, the request type and status, and the messages in order
 * (the requester's on the left, the receiver's on the right), each with who wrote it where the
 * side is the bank's own. A deal the bank is no party to, or whose party of the bank is outside a
 * branch member's branches, is the 404 page.
 */
export function StaffDealDetailPage() {
  const code = useRecordCode(STAFF_MATCHING_CODE_PATTERN);
  return (
    <RecordView key={code} call={getStaffDealCall} input={{ params: { cmh_unique_code: code } }}>
      {(deal) => (
        <PageStack>
          <DealSummary deal={deal} />
          <DealMessages deal={deal} />
          <Back>
            <Link to={STAFF_DEALS_PATH}>{STAFF_DEALS_LABEL}に戻る</Link>
          </Back>
        </PageStack>
      )}
    </RecordView>
  );
}

/** A party: the bank's own company opens its page, with its branch; another bank's, its bank. */
function partyOf(deal: StaffDealDetail, side: 'sender' | 'receiver') {
  const own = deal[`${side}_is_own_bank`];
  const name = deal[`${side}_company_name`];
  const branch = deal[`${side}_bb_name`];
  return {
    name,
    company: own ? <Link to={staffCompanyPath(deal[`${side}_company_unique_code`])}>{name}</Link> : name,
    bank: own
      ? `${deal[`${side}_bank_name`]}（当行${branch ? `・${branch}` : ''}）`
      : deal[`${side}_bank_name`],
  };
}

function DealSummary({ deal }: { deal: StaffDealDetail }) {
  const labels = useDealLabels();
  const sender = partyOf(deal, 'sender');
  const receiver = partyOf(deal, 'receiver');
  return (
    <Summary aria-labelledby="staff-deal-heading">
      <h2 id="staff-deal-heading">商談の概要</h2>
      <FactList
        facts={[
          {
            term: 'ニーズ',
            value: (
              <InlineGroup>
                {deal.receiver_is_own_bank ? (
                  <Link to={staffNeedDetailPath(deal.ca_unique_code)}>{deal.need_title}</Link>
                ) : (
                  deal.need_title
                )}
                <NeedCategoryTag code={deal.need_category} />
              </InlineGroup>
            ),
          },
          { term: '依頼元の企業', value: sender.company },
          { term: '依頼元の金融機関', value: sender.bank },
          { term: '依頼先の企業', value: receiver.company },
          { term: '依頼先の金融機関', value: receiver.bank },
          { term: '依頼内容', value: labels.requestTypeName(deal.cmh_request_type) },
          { term: '状況', value: labels.statusTag(deal.cmh_status) },
          { term: '依頼日時', value: formatJapaneseDateTime(deal.cmh_created_at) },
          { term: '最終更新', value: formatJapaneseDateTime(deal.cmh_updated_at) },
        ]}
      />
    </Summary>
  );
}

function DealMessages({ deal }: { deal: StaffDealDetail }) {
  const names = { sender: partyOf(deal, 'sender').name, receiver: partyOf(deal, 'receiver').name };
  return (
    <PageSection aria-labelledby="staff-deal-messages-heading">
      <h2 id="staff-deal-messages-heading">やりとり（{deal.messages.length}件）</h2>
      <MessageList>
        {deal.messages.map((message, index) => {
          const receiver = message.message_side === 'receiver';
          return (
            <MessageItem key={index} $end={receiver}>
              <MessageMeta>
                <strong>
                  {receiver ? '依頼先' : '依頼元'}：{names[message.message_side]}
                  {message.message_user_name ? `（${message.message_user_name}）` : ''}
                </strong>
                {message.message_kind !== 'reply' && (
                  <span>{DEAL_MESSAGE_KIND_LABELS[message.message_kind]}</span>
                )}
                <time dateTime={message.message_created_at}>
                  {formatJapaneseDateTime(message.message_created_at)}
                </time>
              </MessageMeta>
              {message.message_body !== '' && (
                <MessageBubble $end={receiver} $filled={false}>
                  {message.message_body}
                </MessageBubble>
              )}
            </MessageItem>
          );
        })}
      </MessageList>
    </PageSection>
  );
}
