import { japanWallClock } from '#client/lib/date-format.ts';

/** An instant as its day in Japan, `2026/04/01` (the staff tables' compact day); '—' for none. */
export function formatListDay(value: string | null): string {
  if (value === null) return '—';
  return japanWallClock(value)?.slice(0, 10).replaceAll('-', '/') ?? value;
}
