/** Japan has had no daylight saving time since 1951: its wall clock is always UTC+9. */
const JAPAN_OFFSET_MS = 9 * 60 * 60 * 1000;
const WEEKDAYS = ['日', '月', '火', '水', '木', '金', '土'] as const;
const CALENDAR_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * The wall clock in Japan of a value as the API writes it, as a Date read in UTC: a calendar day
 * (`2025-04-01`, a date column, already a day in Japan) or an instant (`2025-04-01T05:00:00.000Z`);
 * undefined when unreadable.
 */
function japanWallDate(value: string): Date | undefined {
  const day = CALENDAR_DAY.exec(value);
  const instant = day
    ? new Date(Date.UTC(Number(day[1]), Number(day[2]) - 1, Number(day[3])))
    : new Date(value);
  if (Number.isNaN(instant.getTime())) return undefined;
  return day ? instant : new Date(instant.getTime() + JAPAN_OFFSET_MS);
}

/** The wall clock in Japan as `YYYY-MM-DDTHH:mm` (what date and datetime-local controls hold). */
export function japanWallClock(value: string): string | undefined {
  return japanWallDate(value)?.toISOString().slice(0, 16);
}

function japanParts(value: string) {
  const wall = japanWallDate(value);
  if (!wall) return undefined;
  return {
    year: wall.getUTCFullYear(),
    month: wall.getUTCMonth() + 1,
    date: wall.getUTCDate(),
    weekday: WEEKDAYS[wall.getUTCDay()],
    time: `${wall.getUTCHours()}:${String(wall.getUTCMinutes()).padStart(2, '0')}`,
  };
}

/**
 * `2025-04-01` (or an instant on that day in Japan) → `2025年4月1日`, whatever the browser's time
 * zone; an unreadable value is shown as it came.
 */
export function formatJapaneseDate(value: string): string {
  const parts = japanParts(value);
  return parts ? `${parts.year}年${parts.month}月${parts.date}日` : value;
}

/** `2025-04-01T05:00:00Z` → `2025年4月1日(火) 14:00` (Japan time): a seminar's date and time. */
export function formatJapaneseDateTime(value: string): string {
  const parts = japanParts(value);
  return parts ? `${parts.year}年${parts.month}月${parts.date}日(${parts.weekday}) ${parts.time}` : value;
}
