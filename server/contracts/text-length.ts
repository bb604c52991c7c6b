/**
 * Text length as a reader counts it. JavaScript's `length` counts UTF-16 units, so a kanji outside
 * the basic plane (𠮷, 𩸽) or an emoji counts twice; these functions count Unicode code points, the
 * same way as PostgreSQL's varchar(n) and char_length(), so a limit checked in the browser is the
 * limit the database holds.
 */

/** Characters of `text` in code points. */
export function characterCount(text: string): number {
  let count = 0;
  // for...of walks code points; no array is built for long texts.
  for (const _character of text) count += 1;
  return count;
}

export const SHORTEN_TEXT_DEFAULT_MAX = 20;
export const ELLIPSIS = '…';

/**
 * Shortens `text` to its first `max` characters followed by an ellipsis (…), for titles in lists
 * and breadcrumbs (spec sections 5 and 9: 20 characters by default). A text of `max` characters or
 * fewer is returned unchanged. A pair of surrogates is never split.
 */
export function shortenText(text: string, max: number = SHORTEN_TEXT_DEFAULT_MAX): string {
  const characters = Array.from(text);
  if (characters.length <= max) return text;
  return characters.slice(0, Math.max(0, max)).join('') + ELLIPSIS;
}
