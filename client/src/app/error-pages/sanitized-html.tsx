import DOMPurify from 'dompurify';
import { useMemo } from 'react';

/**
 * Server-written HTML (a 422's message) with everything that could run removed: scripts, event
 * handlers, javascript: URLs. Its own chunk, so DOMPurify loads only when such a page is shown.
 */
export default function SanitizedHtml({ html, className }: { html: string; className?: string }) {
  const clean = useMemo(() => DOMPurify.sanitize(html, { USE_PROFILES: { html: true } }), [html]);
  return <div className={className} dangerouslySetInnerHTML={{ __html: clean }} />;
}
