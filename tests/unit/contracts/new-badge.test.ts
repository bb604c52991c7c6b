import { describe, expect, it } from 'vitest';
import { isNewBadgeVisible, newBadgeExpiry } from '#server/contracts/new-badge.ts';

describe("the 'new' badge", () => {
  const now = new Date('2025-06-15T01:00:00Z');

  it('shows when it has never been shown (the caller then stores now)', () => {
    expect(isNewBadgeVisible(undefined, { value: 1, unit: 'minutes' }, now)).toBe(true);
  });

  it('shows again when the stored moment cannot be read', () => {
    expect(isNewBadgeVisible(new Date('garbage'), { value: 1, unit: 'days' }, now)).toBe(true);
  });

  it('minutes: shown at 10:00 for 30 minutes, visible at 10:29:59 and gone at 10:30', () => {
    const shownAt = new Date('2025-06-15T01:00:00Z');
    const period = { value: 30, unit: 'minutes' } as const;
    expect(isNewBadgeVisible(shownAt, period, new Date('2025-06-15T01:29:59Z'))).toBe(true);
    expect(isNewBadgeVisible(shownAt, period, new Date('2025-06-15T01:30:00Z'))).toBe(false);
  });

  it('days: visible until the same time 7 days later', () => {
    const shownAt = new Date('2025-06-15T01:00:00Z');
    const period = { value: 7, unit: 'days' } as const;
    expect(isNewBadgeVisible(shownAt, period, new Date('2025-06-22T00:59:59Z'))).toBe(true);
    expect(isNewBadgeVisible(shownAt, period, new Date('2025-06-22T01:00:00Z'))).toBe(false);
  });

  it('months: counts calendar months (3 months from 15 June end on 15 September)', () => {
    const shownAt = new Date('2025-06-15T01:00:00Z');
    const period = { value: 3, unit: 'months' } as const;
    expect(newBadgeExpiry(shownAt, period).toISOString()).toBe('2025-09-15T01:00:00.000Z');
    expect(isNewBadgeVisible(shownAt, period, new Date('2025-09-15T00:59:59Z'))).toBe(true);
    expect(isNewBadgeVisible(shownAt, period, new Date('2025-09-15T01:00:00Z'))).toBe(false);
  });

  it('months: 31 January plus one month ends at the end of February, not in March', () => {
    // 31 January 12:00 in Japan.
    const shownAt = new Date('2025-01-31T03:00:00Z');
    expect(newBadgeExpiry(shownAt, { value: 1, unit: 'months' }).toISOString()).toBe(
      '2025-02-28T03:00:00.000Z',
    );
    expect(newBadgeExpiry(new Date('2024-01-31T03:00:00Z'), { value: 1, unit: 'months' }).toISOString()).toBe(
      '2024-02-29T03:00:00.000Z',
    );
  });

  it('months: follow the calendar in Japan, where 31 March 08:00 is still 30 March in UTC', () => {
    // 2025-03-31 08:00 in Japan = 2025-03-30 23:00 UTC; one month later is 30 April in Japan.
    const shownAt = new Date('2025-03-30T23:00:00Z');
    expect(newBadgeExpiry(shownAt, { value: 1, unit: 'months' }).toISOString()).toBe(
      '2025-04-29T23:00:00.000Z',
    );
  });

  it('months: cross the year end (November plus 3 months is February)', () => {
    const shownAt = new Date('2025-11-30T03:00:00Z');
    expect(newBadgeExpiry(shownAt, { value: 3, unit: 'months' }).toISOString()).toBe(
      '2026-02-28T03:00:00.000Z',
    );
  });
});
