// zod/mini: layouts are in the shell's first load (see server/contracts/theme-tokens.ts).
import * as z from 'zod/mini';

/**
 * What a route tells the layout about its page, as the route's `handle` (client/src/lib/router):
 * `handle: { title: 'ニュース', breadcrumbs: [{ label: 'マイページ', to: '/mypage/dashboard' }] }`.
 * `title` names the page (heading, last breadcrumb and the document title); `breadcrumbs` are the
 * pages above it. Texts may contain `{bank_name}`, replaced with the bank's name.
 */
export const pageHandleSchema = z.object({
  title: z.string(),
  breadcrumbs: z.optional(z.array(z.object({ label: z.string(), to: z.string() }))),
});
export type PageHandle = z.infer<typeof pageHandleSchema>;

/** The placeholder that breadcrumb and title texts use for the bank's name (spec section 1). */
export const BANK_NAME_PLACEHOLDER = '{bank_name}';

export function withBankName(text: string, bankName: string): string {
  return text.replaceAll(BANK_NAME_PLACEHOLDER, bankName);
}

/** The page's handle: the deepest route match that declares one; undefined when none does. */
export function pageHandleOf(matches: ReadonlyArray<{ handle: unknown }>): PageHandle | undefined {
  for (const match of matches.toReversed()) {
    const parsed = pageHandleSchema.safeParse(match.handle);
    if (parsed.success) return parsed.data;
  }
  return undefined;
}

/** The document title (spec section 1): the page's own title, then the service name and the bank name. */
export function documentTitleOf(
  pageTitle: string | undefined,
  serviceName: string,
  bankName: string,
): string {
  const base = `${serviceName} | ${bankName}`;
  return pageTitle ? `${withBankName(pageTitle, bankName)} | ${base}` : base;
}
