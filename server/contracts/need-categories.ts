/**
 * What a company's need is about (issue 17: "a company posts what it wants to sell, buy, rent,
 * lease or build"): the need's category, in the order the pages offer them. The code is what the
 * database keeps (need_notice_settings.notice_categories, the matching issue's needs); the name is
 * what a company reads, said from the poster's side, as a need is written (売りたい: the poster sells).
 *
 * - rent is the poster taking something on hire (借りたい), lease the poster letting it out
 *   (貸したい): the lessee rents, the lessor leases;
 * - build is the poster asking for something to be made (作ってほしい: commissioned manufacturing,
 *   construction, development), the need a maker answers.
 */
export const NEED_CATEGORIES = [
  { code: 'sell', name: '売りたい' },
  { code: 'buy', name: '買いたい' },
  { code: 'rent', name: '借りたい' },
  { code: 'lease', name: '貸したい' },
  { code: 'build', name: '作ってほしい' },
] as const satisfies readonly { code: string; name: string }[];

export type NeedCategory = (typeof NEED_CATEGORIES)[number];
export type NeedCategoryCode = NeedCategory['code'];

/** The codes in the pages' order: `z.enum(NEED_CATEGORY_CODES)`. */
export const NEED_CATEGORY_CODES = NEED_CATEGORIES.map((category) => category.code) as [
  NeedCategoryCode,
  ...NeedCategoryCode[],
];

export function isNeedCategoryCode(value: unknown): value is NeedCategoryCode {
  return typeof value === 'string' && (NEED_CATEGORY_CODES as readonly string[]).includes(value);
}

/** The category's Japanese name; undefined for a code that is not one. */
export function needCategoryName(code: string): string | undefined {
  return NEED_CATEGORIES.find((category) => category.code === code)?.name;
}

/** Codes in the pages' order, each once (unknown codes dropped). */
export function inCategoryOrder(codes: Iterable<string>): NeedCategoryCode[] {
  const wanted = new Set(codes);
  return NEED_CATEGORY_CODES.filter((code) => wanted.has(code));
}
