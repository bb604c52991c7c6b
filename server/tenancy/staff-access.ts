import { BlockList, isIPv4, isIPv6 } from 'node:net';
import type { TenantConfig } from './tenant-file-schema.ts';

/**
 * The two restrictions a bank puts on its own staff (bank side only; company users are never
 * restricted by them), with the meaning tenants/README.md gives them.
 */
type StaffAccess = TenantConfig['bank_staff_access'];

const IPV4_MAPPED = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i;

/**
 * Whether bank staff may work from this client address. An empty allowlist means no restriction.
 * Entries are CIDR ranges or single addresses; an IPv4 client seen as IPv4-mapped IPv6
 * (`::ffff:203.0.113.5`, as a dual-stack socket reports it) is matched as IPv4.
 */
export function isStaffAddressAllowed(access: StaffAccess, clientAddress: string): boolean {
  if (access.ip_allowlist.length === 0) return true;
  const address = IPV4_MAPPED.exec(clientAddress)?.[1] ?? clientAddress;
  const family = isIPv4(address) ? 'ipv4' : isIPv6(address) ? 'ipv6' : undefined;
  if (!family) return false;

  const allowed = new BlockList();
  for (const entry of access.ip_allowlist) {
    const [network = '', prefix] = entry.split('/');
    const entryFamily = isIPv4(network) ? 'ipv4' : 'ipv6';
    if (prefix === undefined) allowed.addAddress(network, entryFamily);
    else allowed.addSubnet(network, Number(prefix), entryFamily);
  }
  return allowed.check(address, family);
}

function minutesOf(hhmm: string): number {
  const [hours = 0, minutes = 0] = hhmm.split(':').map(Number);
  return hours * 60 + minutes;
}

/** Weekday (0 = Sunday) and minutes since midnight of an instant in a time zone. */
function localClock(now: Date, timeZone: string): { weekday: number; minutes: number } {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    weekday: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(now);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  const weekday = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(part('weekday'));
  return { weekday, minutes: Number(part('hour')) * 60 + Number(part('minute')) };
}

/**
 * The off-hours message to show bank staff at `now`, or undefined while the bank is open.
 * No office hours (null) means always open. The window runs from `start` (inclusive) to `end`
 * (exclusive) in Japan time on each listed weekday (0 = Sunday … 6 = Saturday); an `end` at or
 * before `start` runs past midnight into the next day (the weekday is the day the window opens;
 * `00:00`–`00:00` is the whole day).
 */
export function staffOffHoursMessage(access: StaffAccess, now: Date): string | undefined {
  const hours = access.office_hours;
  if (!hours) return undefined;
  const { weekday, minutes } = localClock(now, hours.time_zone);
  const start = minutesOf(hours.start);
  const end = minutesOf(hours.end);
  const openOn = (day: number) => hours.weekdays.includes(((day % 7) + 7) % 7);

  const open =
    end > start
      ? openOn(weekday) && minutes >= start && minutes < end
      : (openOn(weekday) && minutes >= start) || (openOn(weekday - 1) && minutes < end);
  return open ? undefined : hours.off_hours_message;
}
