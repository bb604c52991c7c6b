/**
 * The 'new' badge beside a newly offered service (platform spec sections 2 and 4). The first time the
 * badge is shown the browser stores that moment; the badge stays until the bank's configured period
 * (app config `new_badge_periods`) has lapsed since then.
 */

/** The features a bank can give a 'new' badge period (the keys of `new_badge_periods`). */
export const NEW_BADGE_FEATURES = [
  'crowdfunding',
  'payment',
  'business_succession',
  'attendance',
  'invoice',
] as const;
export type NewBadgeFeature = (typeof NEW_BADGE_FEATURES)[number];

export const NEW_BADGE_PERIOD_UNITS = ['minutes', 'days', 'months'] as const;
export interface NewBadgePeriod {
  value: number;
  unit: (typeof NEW_BADGE_PERIOD_UNITS)[number];
}

/** The local-storage key holding when the feature's badge was first shown (ISO 8601). */
export function newBadgeStorageKey(feature: NewBadgeFeature): string {
  return `new_badge_first_shown_at.${feature}`;
}

// Calendar arithmetic on Japan's wall clock (a fixed +09:00, no daylight saving), so "one month"
// means the same dates in every browser and on the server.
const JAPAN_OFFSET_MS = 9 * 60 * 60 * 1000;

function addCalendarMonths(instant: Date, months: number): Date {
  const wall = new Date(instant.getTime() + JAPAN_OFFSET_MS);
  const day = wall.getUTCDate();
  // Land on the 1st first so that 31 January + 1 month cannot roll over into March.
  wall.setUTCDate(1);
  wall.setUTCMonth(wall.getUTCMonth() + months);
  const lastDayOfMonth = new Date(Date.UTC(wall.getUTCFullYear(), wall.getUTCMonth() + 1, 0)).getUTCDate();
  wall.setUTCDate(Math.min(day, lastDayOfMonth));
  return new Date(wall.getTime() - JAPAN_OFFSET_MS);
}

/** When a badge first shown at `firstShownAt` stops showing. Months are calendar months, clamped to month end. */
export function newBadgeExpiry(firstShownAt: Date, period: NewBadgePeriod): Date {
  switch (period.unit) {
    case 'minutes':
      return new Date(firstShownAt.getTime() + period.value * 60_000);
    case 'days':
      return new Date(firstShownAt.getTime() + period.value * 86_400_000);
    case 'months':
      return addCalendarMonths(firstShownAt, period.value);
  }
}

/**
 * Whether the 'new' badge shows now. Never shown yet (`firstShownAt` undefined) → visible, and the
 * caller stores `now` as the first showing (likewise for an Invalid Date read back from storage). Otherwise visible until the period has lapsed: shown at
 * 10:00 with a 30-minute period, it shows at 10:29 and not at 10:30. 31 January plus one month ends on
 * 28 (or 29) February.
 */
export function isNewBadgeVisible(
  firstShownAt: Date | undefined,
  period: NewBadgePeriod,
  now: Date,
): boolean {
  // An unreadable stored moment counts as never shown: the caller stores now again.
  if (firstShownAt === undefined || Number.isNaN(firstShownAt.getTime())) return true;
  return now.getTime() < newBadgeExpiry(firstShownAt, period).getTime();
}
