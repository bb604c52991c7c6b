import { japanWallClock } from '#client/lib/date-format.ts';

/** An instant as the day and time in Japan, `2026/04/01 14:00`: compact, for the desk's tables. */
export function formatDeskDayTime(value: string): string {
  const wall = japanWallClock(value);
  return wall ? `${wall.slice(0, 10).replaceAll('-', '/')} ${wall.slice(11)}` : value;
}
