import DOMPurify from 'dompurify';
import { useMemo } from 'react';
import styled from 'styled-components';
import { richTextStyles } from './rich-text-styles.ts';

const Body = styled.div`
  ${richTextStyles}
`;

/**
 * Sanitises a body in the browser. The server already keeps an allowlist of it before storing and
 * previewing; this is defence in depth, should a stored body or an answer ever carry what the
 * server's rules missed. `target` is kept for the links the server opens in a new tab (with their
 * rel="noopener noreferrer"); inline styles never, so a body cannot restyle the page.
 */
export function sanitizeRichText(html: string): string {
  return DOMPurify.sanitize(html, {
    USE_PROFILES: { html: true },
    ADD_ATTR: ['target'],
    FORBID_ATTR: ['style', 'class', 'id'],
  });
}

/**
 * A rich-text body (news, columns, seminars) as companies see it: the server-sanitised HTML,
 * sanitised again here, in the bodies' typography.
 */
export function RichTextContent({ html, className }: { html: string; className?: string }) {
  const clean = useMemo(() => sanitizeRichText(html), [html]);
  return <Body className={className} dangerouslySetInnerHTML={{ __html: clean }} />;
}
