/**
 * The markup a rich-text body (news, columns, seminars, partner information) may hold: the one
 * allowlist the server keeps before storing (server/api/kit/sanitize-rich-text.ts, sanitize-html) and the
 * browser keeps again before showing (client/src/components/rich-text/rich-text-content.tsx, the
 * built-in Sanitizer API or DOMPurify). Element names, each with the attributes it may carry;
 * no element carries any other attribute (no style, class, id, on*).
 */
export const RICH_TEXT_ELEMENTS = {
  p: [],
  br: [],
  h2: [],
  h3: [],
  h4: [],
  strong: [],
  b: [],
  em: [],
  i: [],
  u: [],
  s: [],
  blockquote: [],
  ul: [],
  ol: [],
  li: [],
  a: ['href', 'target', 'rel'],
  img: ['src', 'alt'],
  table: [],
  thead: [],
  tbody: [],
  tr: [],
  th: ['scope'],
  td: [],
  hr: [],
} as const satisfies Record<string, readonly string[]>;

export type RichTextElement = keyof typeof RICH_TEXT_ELEMENTS;
export const RICH_TEXT_ELEMENT_NAMES = Object.keys(RICH_TEXT_ELEMENTS) as RichTextElement[];
