import styled from 'styled-components';

/**
 * The 未読 label before the title of an item the user has not opened yet (news, columns): a word,
 * not a colour alone, says it is unread. Used as <UnreadMark>未読</UnreadMark>.
 */
export const UnreadMark = styled.span`
  display: inline-block;
  margin-right: ${({ theme }) => theme.spacing.sm};
  padding: 0 ${({ theme }) => theme.spacing.xs};
  font-size: ${({ theme }) => theme.typography.fontSizeSmall};
  font-weight: ${({ theme }) => theme.typography.fontWeightBold};
  line-height: 1.6;
  color: ${({ theme }) => theme.colors.onDanger};
  vertical-align: 0.1em;
  background: ${({ theme }) => theme.colors.danger};
  border-radius: ${({ theme }) => theme.radii.sm};
`;
