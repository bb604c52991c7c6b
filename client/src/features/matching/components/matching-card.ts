import styled from 'styled-components';

/**
 * A bordered part of a matching page with its own h2 or h3 heading and flush paragraphs: a
 * company's card and its profile, the AI's need draft. `$accent` borders it in the main colour,
 * for the one part the page is about (the draft to be offered).
 */
export const MatchingCard = styled.section<{ $accent?: boolean }>`
  display: grid;
  gap: ${({ theme }) => theme.spacing.sm};
  padding: ${({ theme }) => theme.spacing.md};
  border: 1px solid ${({ theme, $accent }) => ($accent ? theme.colors.main : theme.colors.border)};
  border-radius: ${({ theme }) => theme.radii.md};

  h2,
  h3 {
    margin: 0;
    overflow-wrap: anywhere;
  }

  h2 {
    font-size: ${({ theme }) => theme.typography.fontSizeLarge};
  }

  h3 {
    font-size: ${({ theme }) => theme.typography.fontSizeBase};
  }

  p {
    margin: 0;
  }
`;
