import styled from 'styled-components';

/**
 * The rows a card or a list item is built from, one look each across the features: a line with
 * something at each end, a line of small facts above a card's text, a card's buttons at its end,
 * and the list the cards stand in. Like page-text.ts (decision 0110), semantic theme tokens only.
 */

/**
 * A line with its parts at the two ends (a title and its tag, a need and its 外す button, the
 * pager's 前へ / 次へ), wrapping on phones. Render it `as` another element where the markup needs.
 */
export const SpreadRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.spacing.sm};
  align-items: center;
  justify-content: space-between;
`;

/** The small, quiet facts above a card's text (its status, its date, who sent it). */
export const MetaLine = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.spacing.sm};
  align-items: center;
  font-size: ${({ theme }) => theme.typography.fontSizeSmall};
  color: ${({ theme }) => theme.colors.textMuted};
`;

/** A card's buttons, at the end of its last line, wrapping on phones. */
export const EndActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.spacing.sm};
  justify-content: flex-end;
`;

/** A list of cards (its items styled by the page): one column on phones, two from a PC's width. */
export const CardGrid = styled.ul`
  display: grid;
  gap: ${({ theme }) => theme.spacing.md};
  margin: 0;
  padding: 0;
  list-style: none;

  ${({ theme }) => theme.media.pcUp} {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }
`;
