import styled from 'styled-components';
import { DEAL_MESSAGE_KIND_LABELS, type DealDetail } from '#server/contracts/matching-deals.ts';
import { PageSection } from '#client/components/page/page-text.ts';
import { formatJapaneseDateTime } from '#client/lib/date-format.ts';
import { MessageBubble, MessageItem, MessageList, MessageMeta } from '../components/deal-message-parts.ts';

const Kind = styled.span`
  padding: 0 ${({ theme }) => theme.spacing.xs};
  font-weight: ${({ theme }) => theme.typography.fontWeightBold};
  color: ${({ theme }) => theme.colors.text};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.sm};
`;

/**
 * やりとり: the deal's messages oldest first, the company's own on the right and the counterpart's
 * on the left, each with who wrote it, what it was (商談依頼, 商談開始, 辞退… a plain reply says
 * nothing more) and when. Who wrote it is in words, not in the side alone.
 */
export function DealThread({ deal }: { deal: DealDetail }) {
  return (
    <PageSection aria-labelledby="deal-thread-heading">
      <h2 id="deal-thread-heading">やりとり</h2>
      <MessageList>
        {deal.messages.map((message, index) => (
          // Messages have no id of their own; their order never changes.
          <MessageItem key={index} $end={message.message_is_mine}>
            <MessageMeta>
              <strong>{message.message_is_mine ? '自社' : deal.counterpart_company_name}</strong>
              {message.message_kind !== 'reply' && (
                <Kind>{DEAL_MESSAGE_KIND_LABELS[message.message_kind]}</Kind>
              )}
              <time dateTime={message.message_created_at}>
                {formatJapaneseDateTime(message.message_created_at)}
              </time>
            </MessageMeta>
            {message.message_body !== '' && (
              <MessageBubble $end={message.message_is_mine} $filled={message.message_is_mine}>
                {message.message_body}
              </MessageBubble>
            )}
          </MessageItem>
        ))}
      </MessageList>
    </PageSection>
  );
}
