/**
 * Calendar days in Japan. "Today" is the calendar date in Japan, on the server (which runs in UTC)
 * and in any browser alike; Japan has kept +09:00 all year since 1951, so a fixed offset is exact.
 * Apart from validation.ts so that a page showing dates need not load the form rules.
 */

export const JAPAN_OFFSET_MS = 9 * 60 * 60 * 1000;
export const DAY_MS = 24 * 60 * 60 * 1000;

/** Days since 1970-01-01 of the calendar date in Japan at `instant`. */
export function japanDayNumber(instant: Date): number {
  return Math.floor((instant.getTime() + JAPAN_OFFSET_MS) / DAY_MS);
}

/** The calendar day in Japan at `instant`, as YYYY-MM-DD (how date columns and date inputs write it). */
export function japanDateString(instant: Date = new Date()): string {
  return new Date(japanDayNumber(instant) * DAY_MS).toISOString().slice(0, 10);
}

/**
 * A publication ending within this many days from today (today and the last day included) is
 * flagged: the form's warning 30日以内に公開が終了します and the staff dashboard's block.
 */
export const PUBLICATION_END_WARNING_DAYS = 30;
