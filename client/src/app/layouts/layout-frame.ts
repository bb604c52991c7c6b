import styled from 'styled-components';

/** A layout's outer box: the footer stays at the bottom of a short page. */
export const Page = styled.div`
  display: flex;
  flex-direction: column;
  min-height: 100vh;
`;

/** A layout's main region (the skip link's target, hence focusable). */
export const Main = styled.main`
  flex: 1;
  min-width: 0;

  &:focus {
    outline: none;
  }
`;

/** The page's content area inside a layout with navigation. */
export const Content = styled.div`
  width: 100%;
  max-width: ${({ theme }) => theme.layout.contentMaxWidth};
  margin-inline: auto;
  padding: ${({ theme }) => theme.spacing.md};

  ${({ theme }) => theme.media.tabletUp} {
    padding: ${({ theme }) => theme.spacing.lg};
  }
`;
