import { describe, expect, it } from 'vitest';
import { isStaffAddressAllowed, staffOffHoursMessage } from '#server/tenancy/staff-access.ts';
import type { TenantConfig } from '#server/tenancy/tenant-file-schema.ts';

type StaffAccess = TenantConfig['bank_staff_access'];
const MESSAGE = 'ただいま営業時間外のため、管理画面はご利用いただけません。';

const allowlist = (...ip_allowlist: string[]): StaffAccess => ({ ip_allowlist, office_hours: null });
const hours = (weekdays: number[], start: string, end: string): StaffAccess => ({
  ip_allowlist: [],
  office_hours: { time_zone: 'Asia/Tokyo', weekdays, start, end, off_hours_message: MESSAGE },
});
/** An instant given in Japan time (UTC+9, no daylight saving). */
const tokyo = (isoLocal: string) => new Date(`${isoLocal}+09:00`);

describe('the bank staff IP allowlist', () => {
  it('lets staff in from anywhere when the list is empty', () => {
    expect(isStaffAddressAllowed(allowlist(), '192.0.2.10')).toBe(true);
    expect(isStaffAddressAllowed(allowlist(), '2001:db8::1')).toBe(true);
  });

  it('lets staff in only from the listed ranges and addresses', () => {
    const access = allowlist('203.0.113.0/24', '198.51.100.7', '2001:db8:171::/48');
    expect(isStaffAddressAllowed(access, '203.0.113.200')).toBe(true);
    expect(isStaffAddressAllowed(access, '198.51.100.7')).toBe(true);
    expect(isStaffAddressAllowed(access, '2001:db8:171:1::5')).toBe(true);
    expect(isStaffAddressAllowed(access, '203.0.114.1')).toBe(false);
    expect(isStaffAddressAllowed(access, '198.51.100.8')).toBe(false);
    expect(isStaffAddressAllowed(access, '2001:db8:172::1')).toBe(false);
    expect(isStaffAddressAllowed(access, '127.0.0.1')).toBe(false);
  });

  it('matches an IPv4 client seen through a dual-stack socket as IPv4', () => {
    expect(isStaffAddressAllowed(allowlist('203.0.113.0/24'), '::ffff:203.0.113.9')).toBe(true);
    expect(isStaffAddressAllowed(allowlist('203.0.113.0/24'), '::ffff:192.0.2.9')).toBe(false);
  });

  it('refuses an address it cannot read', () => {
    expect(isStaffAddressAllowed(allowlist('203.0.113.0/24'), 'unknown')).toBe(false);
    expect(isStaffAddressAllowed(allowlist('203.0.113.0/24'), '')).toBe(false);
  });
});

describe('bank staff office hours (Japan time)', () => {
  it('are always open without office hours', () => {
    expect(staffOffHoursMessage(allowlist(), tokyo('2025-06-01T03:00:00'))).toBeUndefined();
  });

  it('open at start and close at end on the listed weekdays', () => {
    const weekdays = hours([1, 2, 3, 4, 5], '08:00', '20:00');
    expect(staffOffHoursMessage(weekdays, tokyo('2025-06-02T08:00:00'))).toBeUndefined(); // Monday
    expect(staffOffHoursMessage(weekdays, tokyo('2025-06-02T19:59:00'))).toBeUndefined();
    expect(staffOffHoursMessage(weekdays, tokyo('2025-06-02T07:59:00'))).toBe(MESSAGE);
    expect(staffOffHoursMessage(weekdays, tokyo('2025-06-02T20:00:00'))).toBe(MESSAGE);
    expect(staffOffHoursMessage(weekdays, tokyo('2025-06-01T12:00:00'))).toBe(MESSAGE); // Sunday
  });

  it('use Japan time whatever the server’s clock zone', () => {
    // 2025-06-02 23:30 UTC is Tuesday 08:30 in Tokyo.
    expect(
      staffOffHoursMessage(hours([2], '08:00', '09:00'), new Date('2025-06-02T23:30:00Z')),
    ).toBeUndefined();
  });

  it('run past midnight when end is not after start', () => {
    const night = hours([5], '22:00', '06:00'); // Friday night into Saturday morning
    expect(staffOffHoursMessage(night, tokyo('2025-06-06T23:00:00'))).toBeUndefined();
    expect(staffOffHoursMessage(night, tokyo('2025-06-07T05:59:00'))).toBeUndefined();
    expect(staffOffHoursMessage(night, tokyo('2025-06-07T06:00:00'))).toBe(MESSAGE);
    expect(staffOffHoursMessage(night, tokyo('2025-06-05T23:00:00'))).toBe(MESSAGE); // Thursday
  });
});
