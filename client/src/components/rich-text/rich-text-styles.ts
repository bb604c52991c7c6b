import { css } from 'styled-components';

/**
 * The typography of a rich-text body, the same in the staff's editor and on the pages that show it,
 * so what the staff write is what companies see. Covers what the server's allowlist keeps
 * (server/api/news/rich-text.ts): paragraphs, h2–h4, emphasis, quotes, lists, links, images,
 * simple tables and rules.
 */
export const richTextStyles = css`
  overflow-wrap: anywhere;
  line-height: ${({ theme }) => theme.typography.lineHeight};

  & > :first-child {
    margin-top: 0;
  }

  & > :last-child {
    margin-bottom: 0;
  }

  p {
    margin: 0 0 ${({ theme }) => theme.spacing.md};
  }

  h2,
  h3,
  h4 {
    margin: ${({ theme }) => `${theme.spacing.lg} 0 ${theme.spacing.sm}`};
    line-height: 1.4;
  }

  h2 {
    padding-bottom: ${({ theme }) => theme.spacing.xs};
    font-size: ${({ theme }) => theme.typography.fontSizeLarge};
    border-bottom: 2px solid ${({ theme }) => theme.colors.main};
  }

  h3,
  h4 {
    font-size: ${({ theme }) => theme.typography.fontSizeBase};
  }

  a {
    color: ${({ theme }) => theme.colors.link};
    text-decoration: underline;
  }

  ul,
  ol {
    margin: 0 0 ${({ theme }) => theme.spacing.md};
    padding-left: 1.5em;
  }

  li > p {
    margin: 0;
  }

  blockquote {
    margin: 0 0 ${({ theme }) => theme.spacing.md};
    padding: ${({ theme }) => `${theme.spacing.xs} ${theme.spacing.md}`};
    color: ${({ theme }) => theme.colors.textMuted};
    border-left: 4px solid ${({ theme }) => theme.colors.border};
  }

  img {
    display: block;
    max-width: 100%;
    height: auto;
    margin: ${({ theme }) => theme.spacing.sm} 0;
  }

  hr {
    margin: ${({ theme }) => theme.spacing.lg} 0;
    border: 0;
    border-top: 1px solid ${({ theme }) => theme.colors.border};
  }

  table {
    margin: 0 0 ${({ theme }) => theme.spacing.md};
    border-collapse: collapse;
  }

  th,
  td {
    padding: ${({ theme }) => theme.spacing.xs} ${({ theme }) => theme.spacing.sm};
    border: 1px solid ${({ theme }) => theme.colors.border};
  }

  th {
    background: ${({ theme }) => theme.colors.surfaceMuted};
  }
`;
