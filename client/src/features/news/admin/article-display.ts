import { japanWallClock } from '#client/lib/date-format.ts';

/** `2025-04-01` → `2025/04/01`: the compact day a staff table shows. Unreadable values as they came. */
export function formatDay(value: string): string {
  return japanWallClock(value)?.slice(0, 10).replaceAll('-', '/') ?? value;
}

/** An instant as the day and time in Japan: `2025/04/01 14:00`. */
export function formatDayTime(value: string): string {
  const wall = japanWallClock(value);
  return wall ? `${wall.slice(0, 10).replaceAll('-', '/')} ${wall.slice(11)}` : value;
}

/** A publication period: `2025/04/01〜2025/04/30`, or open-ended `2025/04/01〜`. */
export function formatPeriod(start: string, end: string | null): string {
  return `${formatDay(start)}〜${end ? formatDay(end) : ''}`;
}

/**
 * The value of a datetime-local control for an instant the API answered (ISO with an offset): the
 * wall clock in Japan, whatever the browser's time zone, which is how the form's rules read it back.
 */
export function dateTimeInputValue(value: string | null): string {
  return value ? (japanWallClock(value) ?? '') : '';
}

/** The value of a date control: `YYYY-MM-DD` (a date column already is one). */
export function dateInputValue(value: string | null): string {
  return value ? (japanWallClock(value)?.slice(0, 10) ?? '') : '';
}
