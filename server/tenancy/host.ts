/** RFC 1035 limit on a whole name (without the trailing dot). */
const MAX_HOSTNAME_LENGTH = 253;
const HOSTNAME_LABEL = /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/;
// A Host header may carry a port (RFC 9110 7.2); its grammar is `*DIGIT`, so an empty port is legal.
const PORT = /^\d{0,5}$/;
const BRACKETED_IPV6 = /^\[([0-9a-f:.]+)\](?::(.*))?$/;
const DEV_HOST = /^bank(\d{4})\.localhost$/;

/**
 * The hostname of a Host header as the tenant registry looks it up: lower case, without the port and
 * without one trailing dot. Undefined for anything that is not a hostname (empty, too long, other
 * characters), so a malformed header can never match a bank. A bracketed IPv6 address keeps its
 * brackets (`[::1]:3000` → `[::1]`): it names no bank, but it is a well-formed answer.
 */
export function normalizeHost(raw: string | undefined): string | undefined {
  if (raw === undefined) return undefined;
  const value = raw.trim().toLowerCase();

  const ipv6 = BRACKETED_IPV6.exec(value);
  if (ipv6) {
    const port = ipv6[2];
    if (port !== undefined && !PORT.test(port)) return undefined;
    return `[${ipv6[1]}]`;
  }

  const colon = value.indexOf(':');
  if (colon !== -1 && !PORT.test(value.slice(colon + 1))) return undefined;
  let hostname = colon === -1 ? value : value.slice(0, colon);
  if (hostname.endsWith('.')) hostname = hostname.slice(0, -1);

  if (hostname.length === 0 || hostname.length > MAX_HOSTNAME_LENGTH) return undefined;
  return hostname.split('.').every((label) => HOSTNAME_LABEL.test(label)) ? hostname : undefined;
}

/** The bank code of a development host `bank{code}.localhost` (a normalised hostname), else undefined. */
export function devHostBankCode(hostname: string): string | undefined {
  return DEV_HOST.exec(hostname)?.[1];
}

/** The development host of a bank: `bank0182.localhost`. */
export function devHostFor(code: string): string {
  return `bank${code}.localhost`;
}

/**
 * Why a request's target is ambiguous about its host, or undefined when it is not: more than one
 * Host header (Node keeps the first, a proxy in front may have routed by another), or an
 * absolute-form request target (`GET http://other.example/ HTTP/1.1`) naming another host than the
 * Host header. Either could make the gateway and something in front of it disagree on the bank.
 */
export function ambiguousHostReason(
  rawHeaders: readonly string[],
  rawUrl: string | undefined,
  hostHeader: string | undefined,
): 'duplicate_host' | 'absolute_target_host' | undefined {
  let hosts = 0;
  for (let index = 0; index < rawHeaders.length; index += 2) {
    if (rawHeaders[index]?.toLowerCase() === 'host') hosts++;
  }
  if (hosts > 1) return 'duplicate_host';
  if (rawUrl === undefined || rawUrl.startsWith('/')) return undefined;
  // Absolute form (RFC 9112 3.2.2): its authority must be the Host header's.
  const target = URL.parse(rawUrl);
  if (!target || target.host === '' || normalizeHost(target.host) !== normalizeHost(hostHeader)) {
    return 'absolute_target_host';
  }
  return undefined;
}
