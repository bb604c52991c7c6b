import styled, { css } from 'styled-components';

/**
 * How a deal's messages are drawn, for the company's thread and the staff's read of it: a list of
 * messages, each at the start or the end of the line (`$end`: the company's own, or the receiver's
 * for the staff), who wrote it and when above its bubble. `$filled` draws a bubble in the main
 * colour (the company's own words).
 */

export const MessageList = styled.ol`
  display: grid;
  gap: ${({ theme }) => theme.spacing.md};
  margin: 0;
  padding: ${({ theme }) => theme.spacing.md};
  list-style: none;
  background: ${({ theme }) => theme.colors.surfaceMuted};
  border-radius: ${({ theme }) => theme.radii.md};
`;

export const MessageItem = styled.li<{ $end: boolean }>`
  display: grid;
  gap: ${({ theme }) => theme.spacing.xs};
  justify-items: ${({ $end }) => ($end ? 'end' : 'start')};
  justify-self: ${({ $end }) => ($end ? 'end' : 'start')};
  max-width: min(40em, 90%);
`;

/** Who wrote the message (in bold), what it was and when. */
export const MessageMeta = styled.p`
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

/** The message's words, their line breaks kept; its corner on the writer's side is squared. */
export const MessageBubble = styled.p<{ $end: boolean; $filled: boolean }>`
  margin: 0;
  padding: ${({ theme }) => `${theme.spacing.sm} ${theme.spacing.md}`};
  white-space: pre-wrap;
  overflow-wrap: anywhere;
  border-radius: ${({ theme }) => theme.radii.lg};
  ${({ $filled, theme }) =>
    $filled
      ? css`
          color: ${theme.colors.onMain};
          background: ${theme.colors.main};
        `
      : css`
          color: ${theme.colors.text};
          background: ${theme.colors.surface};
          border: 1px solid ${theme.colors.border};
        `}
  ${({ $end, theme }) =>
    $end
      ? css`
          border-bottom-right-radius: ${theme.radii.sm};
        `
      : css`
          border-bottom-left-radius: ${theme.radii.sm};
        `}
`;
