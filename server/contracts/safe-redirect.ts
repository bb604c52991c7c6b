/**
 * The one check for a redirect to a value the caller chose (/login?r=, the path /callback carries
 * through the login, the user switch answer's redirect_to): the gateway and the browser both use it.
 */

/** C0 control characters and DEL: no link of the portal holds one, and the URL parser drops tabs and newlines silently. */
const hasControlCharacter = (value: string) =>
  [...value].some((char) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f);

/**
 * `value` as a path of `origin` (path, query and fragment), or undefined when it is not one.
 *
 * The value is parsed the way the browser will resolve it (the WHATWG URL parser against the bank's
 * origin: dot segments and `%2e` removed, backslashes read as slashes), and the path is taken from
 * the parsed URL, never from the raw value. That path is resolved once more when the browser reads
 * it as a Location, so it must land on the same URL: `/.//evil.example` parses to the path
 * `//evil.example`, which as a Location is another host, and is refused.
 */
export function safeRedirectPath(value: string | null | undefined, origin: string): string | undefined {
  // Only a path: an absolute URL (even of this origin), a scheme or a relative path is no caller's business.
  if (!value?.startsWith('/') || hasControlCharacter(value)) return undefined;
  const base = URL.parse(origin);
  if (!base) return undefined;
  const url = URL.parse(value, base.href);
  if (url?.origin !== base.origin) return undefined;
  const path = `${url.pathname}${url.search}${url.hash}`;
  // `//host` and `/\host` name a host when resolved again.
  if (path.startsWith('//') || path.startsWith('/\\')) return undefined;
  return URL.parse(path, base.href)?.href === url.href ? path : undefined;
}
