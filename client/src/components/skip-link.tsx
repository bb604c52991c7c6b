import styled from 'styled-components';

/** The id of each layout's main region, the skip link's target. */
export const MAIN_CONTENT_ID = 'main-content';

const Link = styled.a`
  position: absolute;
  top: ${({ theme }) => theme.spacing.sm};
  left: ${({ theme }) => theme.spacing.sm};
  z-index: 2000;
  padding: ${({ theme }) => `${theme.spacing.sm} ${theme.spacing.md}`};
  color: ${({ theme }) => theme.colors.onMain};
  background: ${({ theme }) => theme.colors.main};
  border-radius: ${({ theme }) => theme.radii.md};
  transform: translateY(-200%);

  &:focus {
    transform: none;
  }
`;

/** Lets a keyboard user pass the bar and the navigation straight to the page (WCAG 2.4.1). */
export function SkipLink() {
  return <Link href={`#${MAIN_CONTENT_ID}`}>本文へ移動</Link>;
}
