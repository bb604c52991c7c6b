import { formatJapaneseDate, formatJapaneseDateTime } from '#client/lib/date-format.ts';

/** What a fact without a value shows. */
export const NO_VALUE = '—';

/** A day (`2026-04-01`) as `2026年4月1日`, or — when there is none. */
export const dayOrNone = (value: string | null) => (value === null ? NO_VALUE : formatJapaneseDate(value));

/** An instant as `2026年4月1日(水) 10:30` in Japan, or — when there is none. */
export const dayTimeOrNone = (value: string | null) =>
  value === null ? NO_VALUE : formatJapaneseDateTime(value);

/** Text, or — when there is none. */
export const textOrNone = (value: string | null | undefined) =>
  value === null || value === undefined || value === '' ? NO_VALUE : value;
