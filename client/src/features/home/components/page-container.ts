import styled from 'styled-components';

/** Centres a band's content at the page's reading width, with side gutters on small screens. */
export const PageContainer = styled.div`
  width: 100%;
  max-width: ${({ theme }) => theme.layout.contentMaxWidth};
  margin-inline: auto;
  padding-inline: ${({ theme }) => theme.spacing.md};

  ${({ theme }) => theme.media.tabletUp} {
    padding-inline: ${({ theme }) => theme.spacing.lg};
  }
`;
