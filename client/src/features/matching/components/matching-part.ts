import styled from 'styled-components';

/**
 * A part of a company's matching page under its h2, where it acts on a deal or a request (a deal's
 * 返信・操作, 銀行に仲介を依頼する and the requests sent): its paragraphs flush, with the
 * page's roomier gap; MatchingPartForm lays a form in it out, its fields one under another.
 */
export const MatchingPart = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.spacing.md};

  h2 {
    margin: 0;
    font-size: ${({ theme }) => theme.typography.fontSizeLarge};
  }

  p {
    margin: 0;
  }
`;

export const MatchingPartForm = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.spacing.sm};
`;
