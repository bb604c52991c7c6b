import DOMPurify from 'dompurify';
import { RICH_TEXT_ELEMENT_NAMES, RICH_TEXT_ELEMENTS } from '#server/contracts/rich-text.ts';

const ALLOWED_ATTRIBUTES = [...new Set(Object.values(RICH_TEXT_ELEMENTS).flat())];

/**
 * The rich-text allowlist with DOMPurify, for browsers without the built-in Sanitizer API
 * (Element.setHTML). Loaded only by those browsers, so the others never download it.
 */
export function sanitizeRichText(html: string): string {
  return DOMPurify.sanitize(html, {
    ALLOWED_TAGS: RICH_TEXT_ELEMENT_NAMES,
    ALLOWED_ATTR: ALLOWED_ATTRIBUTES,
  });
}
