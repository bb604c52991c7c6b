import styled, { css } from 'styled-components';
import { DEAL_MESSAGE_KIND_LABELS, type DealDetail } from '#server/contracts/matching-deals.ts';
import { PageSection } from '#client/components/page/page-text.ts';
import { formatJapaneseDateTime } from '#client/lib/date-format.ts';

const Messages = styled.ol`
  display: grid;
  gap: ${({ theme }) => theme.spacing.md};
  margin: 0;
  padding: ${({ theme }) => theme.spacing.md};
  list-style: none;
  background: ${({ theme }) => theme.colors.surfaceMuted};
  border-radius: ${({ theme }) => theme.radii.md};
`;

const Message = styled.li<{ $mine: boolean }>`
  display: grid;
  gap: ${({ theme }) => theme.spacing.xs};
  justify-items: ${({ $mine }) => ($mine ? 'end' : 'start')};
  justify-self: ${({ $mine }) => ($mine ? 'end' : 'start')};
  max-width: min(40em, 90%);
`;

const Meta = styled.p`
  display: flex;
  flex-wrap: wrap;
  gap: 0 ${({ theme }) => theme.spacing.sm};
  align-items: baseline;
  margin: 0;
  font-size: ${({ theme }) => theme.typography.fontSizeSmall};
  color: ${({ theme }) => theme.colors.textMuted};

  strong {
    color: ${({ theme }) => theme.colors.text};
  }
`;

const Kind = styled.span`
  padding: 0 ${({ theme }) => theme.spacing.xs};
  font-weight: ${({ theme }) => theme.typography.fontWeightBold};
  color: ${({ theme }) => theme.colors.text};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.sm};
`;

const Bubble = styled.p<{ $mine: boolean }>`
  margin: 0;
  padding: ${({ theme }) => `${theme.spacing.sm} ${theme.spacing.md}`};
  white-space: pre-wrap;
  overflow-wrap: anywhere;
  border-radius: ${({ theme }) => theme.radii.lg};
  ${({ $mine, theme }) =>
    $mine
      ? css`
          color: ${theme.colors.onMain};
          background: ${theme.colors.main};
          border-bottom-right-radius: ${theme.radii.sm};
        `
      : css`
          color: ${theme.colors.text};
          background: ${theme.colors.surface};
          border: 1px solid ${theme.colors.border};
          border-bottom-left-radius: ${theme.radii.sm};
        `}
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
      <Messages>
        {deal.messages.map((message, index) => (
          // Messages have no id of their own; their order never changes.
          <Message key={index} $mine={message.message_is_mine}>
            <Meta>
              <strong>{message.message_is_mine ? '自社' : deal.counterpart_company_name}</strong>
              {message.message_kind !== 'reply' && (
                <Kind>{DEAL_MESSAGE_KIND_LABELS[message.message_kind]}</Kind>
              )}
              <time dateTime={message.message_created_at}>
                {formatJapaneseDateTime(message.message_created_at)}
              </time>
            </Meta>
            {message.message_body !== '' && (
              <Bubble $mine={message.message_is_mine}>{message.message_body}</Bubble>
            )}
          </Message>
        ))}
      </Messages>
    </PageSection>
  );
}
