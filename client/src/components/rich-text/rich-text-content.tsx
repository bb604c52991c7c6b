import { useLayoutEffect, useRef } from 'react';
import styled from 'styled-components';
import { RICH_TEXT_ELEMENTS } from '#server/contracts/rich-text.ts';
import { richTextStyles } from './rich-text-styles.ts';

const Body = styled.div`
  ${richTextStyles}
`;

/** The built-in Sanitizer API's element allowlist, from the contract's (Element.setHTML). */
const SANITIZER_CONFIG = {
  elements: Object.entries(RICH_TEXT_ELEMENTS).map(([name, attributes]) =>
    attributes.length === 0 ? name : { name, attributes: [...attributes] },
  ),
  attributes: [],
};

/** Element.setHTML where the browser has it (not yet in TypeScript's DOM types). */
interface SanitizingElement {
  setHTML(html: string, options: { sanitizer: typeof SANITIZER_CONFIG }): void;
}
function hasSetHtml(element: object): element is SanitizingElement {
  return typeof (element as Partial<SanitizingElement>).setHTML === 'function';
}

/**
 * A rich-text body (news, columns, seminars, partner information) as companies see it. The server
 * keeps the contract's allowlist before storing; the browser keeps it again before showing, as
 * defence in depth should a stored body ever carry what the server's rules missed: with its own
 * Sanitizer API (Element.setHTML, which also always drops scripts, event handlers and javascript:
 * URLs) where it has one, else with DOMPurify, loaded only then. Set before paint.
 */
export function RichTextContent({ html, className }: { html: string; className?: string }) {
  const body = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const element = body.current;
    if (!element) return;
    if (hasSetHtml(element)) {
      element.setHTML(html, { sanitizer: SANITIZER_CONFIG });
      return;
    }
    let current = true;
    element.replaceChildren();
    void import('./fallback-sanitizer.ts').then(({ sanitizeRichText }) => {
      if (current) element.innerHTML = sanitizeRichText(html);
    });
    return () => {
      current = false;
    };
  }, [html]);
  return <Body ref={body} className={className} />;
}
