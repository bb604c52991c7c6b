import sanitizeHtml from 'sanitize-html';
import { FILES_PATH } from '#server/contracts/news.ts';
import { RICH_TEXT_ELEMENT_NAMES, RICH_TEXT_ELEMENTS } from '#server/contracts/rich-text.ts';

/**
 * The rich-text body of an item as companies will see it: the staff's editor writes HTML, and the
 * server keeps only an explicit allowlist of it before storing or previewing, so whatever a
 * browser (or a forged request) sends, no script, style or foreign frame reaches a company's page.
 *
 * Kept: paragraphs and line breaks, headings h2–h4, emphasis (strong, b, em, i, u, s), quotes,
 * lists, links, images, simple tables and rules. Dropped: every other element (script, style,
 * iframe, object, embed, svg, math, form… with their content when it is not text), every attribute
 * not named below (style, class, id, on*), and every URL scheme but the ones named below.
 *
 * - a: href only as an absolute http, https or mailto URL (relative paths, javascript:, data: and
 *   the like are dropped, and the link becomes plain text). http(s) links open in a new tab with
 *   rel="noopener noreferrer", so the linked page gets no handle on the portal's window.
 * - img: src only as one of the portal's own files (/api/v1/files/{code}) or an https URL, with its
 *   alt text; an image without an acceptable src is removed.
 */

/** The path of a stored image: FILES_PATH and a file code (letters, digits, - and _). */
const OWN_FILE_SOURCE = new RegExp(`^${FILES_PATH}/([A-Za-z0-9_-]{1,64})$`);
const LINK_PROTOCOLS = new Set(['http:', 'https:', 'mailto:']);
const NEW_TAB_PROTOCOLS = new Set(['http:', 'https:']);

/** The URL's protocol when `value` is an absolute URL, else undefined (a relative path, or not a URL). */
function absoluteUrlProtocol(value: string): string | undefined {
  // URL.canParse without a base is false for a relative path, which is what must be refused here.
  return URL.canParse(value) ? new URL(value).protocol : undefined;
}

function isAcceptedImageSource(src: string): boolean {
  return OWN_FILE_SOURCE.test(src) || absoluteUrlProtocol(src) === 'https:';
}

const ARTICLE_BODY_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: RICH_TEXT_ELEMENT_NAMES,
  allowedAttributes: {
    a: [...RICH_TEXT_ELEMENTS.a],
    img: [...RICH_TEXT_ELEMENTS.img],
    th: [{ name: 'scope', multiple: false, values: ['row', 'col'] }],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  // Elements whose content is code or controls, not text: removed with what they hold.
  nonTextTags: [
    'script',
    'style',
    'textarea',
    'option',
    'select',
    'noscript',
    'iframe',
    'object',
    'embed',
    'svg',
    'math',
    'template',
    'title',
  ],
  disallowedTagsMode: 'discard',
  transformTags: {
    a: (tagName, attribs): sanitizeHtml.Tag => {
      const href = attribs.href?.trim() ?? '';
      const protocol = absoluteUrlProtocol(href);
      if (protocol === undefined || !LINK_PROTOCOLS.has(protocol)) return { tagName, attribs: {} };
      return {
        tagName,
        attribs: NEW_TAB_PROTOCOLS.has(protocol)
          ? { href, target: '_blank', rel: 'noopener noreferrer' }
          : { href },
      };
    },
    img: (tagName, attribs): sanitizeHtml.Tag => {
      const src = attribs.src?.trim() ?? '';
      const kept: sanitizeHtml.Attributes = isAcceptedImageSource(src) ? { src } : {};
      if (kept.src !== undefined && attribs.alt !== undefined) kept.alt = attribs.alt;
      return { tagName, attribs: kept };
    },
  },
  // A link without an acceptable href keeps its text; an image without a source goes entirely.
  exclusiveFilter: (frame) => {
    if (frame.tag === 'a' && frame.attribs.href === undefined) return 'excludeTag';
    if (frame.tag === 'img' && frame.attribs.src === undefined) return true;
    return false;
  },
};

/** The body as it is stored and shown: the allowlist above applied to what the editor sent. */
export function sanitizeArticleBody(html: string): string {
  return sanitizeHtml(html, ARTICLE_BODY_OPTIONS);
}

/**
 * The codes of the portal's own images a (sanitised) body shows, in order and once each: the
 * uploads a save attaches to the item as its images.
 */
export function imageCodesOf(html: string): string[] {
  const codes = new Set<string>();
  sanitizeHtml(html, {
    allowedTags: ['img'],
    allowedAttributes: { img: ['src'] },
    onOpenTag: (name, attribs) => {
      const code = name === 'img' ? OWN_FILE_SOURCE.exec(attribs.src?.trim() ?? '')?.[1] : undefined;
      if (code !== undefined) codes.add(code);
    },
  });
  return [...codes];
}

/**
 * Whether a (sanitised) body shows anything: some text, or an image, rule or table. An editor left
 * empty still sends markup (`<p></p>`), which counts as nothing entered.
 */
export function hasVisibleContent(html: string): boolean {
  if (/<(img|hr|table)\b/i.test(html)) return true;
  const text = sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} });
  return text.trim() !== '';
}

/**
 * Text as a sanitised body writes it (&, < and > as entities), so a keyword search over the stored
 * body finds "R&D" where the body holds "R&amp;D".
 */
export function asStoredBodyText(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}
