import { japanWallClock } from '#client/lib/date-format.ts';

/** An instant as its day in Japan, `2026/04/01` (the staff tables' compact day); '—' for none. */
export function formatStaffDay(value: string | null): string {
  if (value === null) return '—';
  return japanWallClock(value)?.slice(0, 10).replaceAll('-', '/') ?? value;
}

/** A month YYYY-MM as the analysis labels it: 2026年4月. */
export function formatMonth(month: string): string {
  const [year, number] = month.split('-');
  return `${year}年${Number(number)}月`;
}
