import styled from 'styled-components';

/**
 * Images as a grid of 4:3 thumbnails on the muted surface, as many columns as fit at `$minWidth`
 * (a need's images, a website's photos). `$fit` says whether a thumbnail shows the whole image
 * (contain: a need's images may be drawings) or fills its box (cover: photos). Each item is an
 * `li` holding the `img`, with any control for it beside.
 */
export const ThumbnailGrid = styled.ul<{ $minWidth: string; $fit: 'contain' | 'cover' }>`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(${({ $minWidth }) => $minWidth}, 1fr));
  gap: ${({ theme }) => theme.spacing.md};
  margin: 0;
  padding: 0;
  list-style: none;

  img {
    display: block;
    width: 100%;
    aspect-ratio: 4 / 3;
    object-fit: ${({ $fit }) => $fit};
    background: ${({ theme }) => theme.colors.surfaceMuted};
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radii.sm};
  }
`;
