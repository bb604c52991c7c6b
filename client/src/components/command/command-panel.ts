import styled from 'styled-components';

/**
 * The box under an item that holds its commands that cannot be undone (削除する, 掲載を取り下げる,
 * 掲載を取り消す): a heading, a line that says what they do, the buttons in a row.
 */
export const CommandPanel = styled.section`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.spacing.sm};
  align-items: center;
  margin-top: ${({ theme }) => theme.spacing.xl};
  padding: ${({ theme }) => theme.spacing.md};
  background: ${({ theme }) => theme.colors.surfaceMuted};
  border-radius: ${({ theme }) => theme.radii.md};

  h2 {
    flex-basis: 100%;
    margin: 0;
    font-size: ${({ theme }) => theme.typography.fontSizeBase};
  }

  p {
    flex-basis: 100%;
    margin: 0;
  }
`;
