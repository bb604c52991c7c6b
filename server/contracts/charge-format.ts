/**
 * How charges read, wherever they are shown: the bank's desk (/admin/company…), the company's usage
 * statement page (/mypage/setting/invoice) and its PDF, which the gateway draws. One formatter for
 * both edges, so a page and the statement it downloads never write an amount two ways.
 */

const yen = new Intl.NumberFormat('ja-JP', { maximumFractionDigits: 0 });

/** Whole yen as the bank writes it, `5,500円` (an adjustment `-1,100円`); '—' for none. */
export function formatYen(amount: number | null): string {
  return amount === null ? '—' : `${yen.format(amount)}円`;
}

/** `2026-04` or `2026-04-01` → `2026年4月`; anything else as it came. */
export function formatMonth(month: string): string {
  const parts = /^(\d{4})-(\d{2})/.exec(month);
  return parts ? `${parts[1]}年${Number(parts[2])}月` : month;
}
