import { describe, expect, it } from 'vitest';
import { defaultLandingPath } from '#server/auth/login-routes.ts';
import { safeRedirectPath } from '#server/contracts/safe-redirect.ts';

// Two banks' origins: a development host with a port, and a production https host.
const ORIGINS = ['http://bank0182.localhost:3000', 'https://portal.bank0158.example'] as const;

/**
 * Where a browser on `origin` goes when a redirect answers `Location: path`: it resolves the value
 * against the page's URL with the WHATWG URL parser (dot segments, %2e, backslashes, tabs and
 * newlines included), exactly as `new URL` does.
 */
const browserTarget = (path: string, origin: string) => new URL(path, `${origin}/login`);

/**
 * Values a caller may pass as /login?r= (or that /logout, /callback and the switch answer may meet)
 * to send the browser to another site: each becomes an off-site URL when a path is taken from a
 * lenient parse and resolved once more by the browser.
 */
const ATTACKS: readonly [string, string][] = [
  ['a dot segment before the slashes', '/.//evil.example'],
  ['a dot-dot segment before the slashes', '/..//evil.example'],
  ['a segment and its dot-dot', '/a/..//evil.example'],
  ['two dot-dots', '/a/b/../..//evil.example'],
  ['an encoded dot', '/%2e//evil.example'],
  ['an encoded dot in capitals', '/%2E//evil.example'],
  ['an encoded dot-dot', '/%2e%2e//evil.example'],
  ['a half-encoded dot-dot', '/.%2e//evil.example'],
  ['a segment and its encoded dot-dot', '/a/%2e%2e//evil.example'],
  ['a double-encoded dot-dot', '/%252e%252e//evil.example'],
  ['an encoded slash', '/%2f/evil.example'],
  ['two encoded slashes', '/%2f%2fevil.example'],
  ['a dot and an encoded slash', '/./%2fevil.example'],
  ['an encoded backslash', '/%5c/evil.example'],
  ['two encoded backslashes', '/%5c%5cevil.example'],
  ['a backslash that browsers read as a slash', '/\\evil.example'],
  ['a slash and a backslash', '/\\/evil.example'],
  ['a dot segment ending in a backslash', '/.\\/evil.example'],
  ['a dot-dot segment ending in a backslash', '/..\\/evil.example'],
  ['two backslashes', '\\\\evil.example'],
  ['a tab between the slashes (the browser drops it)', '/\t/evil.example'],
  ['a newline between the slashes', '/\n/evil.example'],
  ['a carriage return and a newline between the slashes', '/\r\n/evil.example'],
  ['a tab after a dot segment', '/.\t/evil.example'],
  ['a tab before the slashes', '\t//evil.example'],
  ['a space before the slashes', ' //evil.example'],
  ['a protocol-relative URL', '//evil.example/mypage'],
  ['three slashes', '///evil.example'],
  ['a protocol-relative URL with credentials', '//user@evil.example'],
  ['an @ after the slashes', '//@evil.example'],
  ['an @ after a backslash', '/\\@evil.example'],
  ['the bank as user name of another host', '//bank0182.localhost:3000@evil.example/'],
  ['an absolute URL', 'https://evil.example.com/mypage'],
  ['an http: URL with a backslash', 'http:/\\evil.example'],
  ['an http: URL without slashes', 'http:evil.example'],
  ['a javascript: URL', 'javascript:alert(1)'],
  ['a javascript: URL in capitals', 'JAVASCRIPT:alert(document.cookie)'],
  ['a javascript: URL after a tab', '\tjavascript:alert(1)'],
  ['a data: URL', 'data:text/html,<script>alert(1)</script>'],
  ['a relative path', 'mypage/dashboard'],
  ['a relative path with a host-like segment', 'evil.example/mypage'],
  ['nothing', ''],
];

describe.each(ORIGINS)('where a redirect to a caller’s value may send the browser (bank at %s)', (origin) => {
  it.each([
    ['/mypage/news', '/mypage/news'],
    ['/mypage/news?page=2#top', '/mypage/news?page=2#top'],
    ['/admin/company/detail/12', '/admin/company/detail/12'],
    ['/mypage/news?r=//evil.example#//evil.example', '/mypage/news?r=//evil.example#//evil.example'],
    ['/@evil.example', '/@evil.example'],
  ])('keeps the same-origin path %s', (value, expected) => {
    expect(safeRedirectPath(value, origin)).toBe(expected);
  });

  it.each([
    ['/mypage/./news', '/mypage/news'],
    ['/mypage/a/../news', '/mypage/news'],
    ['/../mypage/news', '/mypage/news'],
    ['/%2e%2e/mypage/news', '/mypage/news'],
    ['/mypage/%2e/news', '/mypage/news'],
    ['/mypage/%2fnews', '/mypage/%2fnews'],
    ['/mypage\\news', '/mypage/news'],
  ])('answers %s as the browser will resolve it: %s', (value, expected) => {
    expect(safeRedirectPath(value, origin)).toBe(expected);
  });

  it.each(ATTACKS)('never leaves the bank for %s', (_name, value) => {
    const path = safeRedirectPath(value, origin);
    if (path === undefined) return;
    expect(path.startsWith('/')).toBe(true);
    expect(path.startsWith('//') || path.startsWith('/\\')).toBe(false);
    // Resolved as a Location, and resolved once more (a page that uses it as a link): still here.
    const target = browserTarget(path, origin);
    expect(target.origin).toBe(origin);
    expect(browserTarget(`${target.pathname}${target.search}${target.hash}`, origin).href).toBe(target.href);
  });

  it.each([
    '/.//evil.example',
    '/..//evil.example',
    '/a/..//evil.example',
    '/%2e//evil.example',
    '/%2e%2e//evil.example',
    '/\\evil.example',
    '/\t/evil.example',
    '//evil.example/mypage',
    'https://evil.example.com/mypage',
    'javascript:alert(1)',
    'data:text/html,x',
    'mypage/dashboard',
    '',
  ])('refuses %j (the caller lands on the default page instead)', (value) => {
    expect(safeRedirectPath(value, origin)).toBeUndefined();
  });

  it('refuses nothing at all and a value that is too odd for a path (a control character)', () => {
    expect(safeRedirectPath(undefined, origin)).toBeUndefined();
    expect(safeRedirectPath('/mypage\u0000/news', origin)).toBeUndefined();
    expect(safeRedirectPath('/mypage\u007f', origin)).toBeUndefined();
  });
});

it('compares origins as the browser does (the host’s case and a default port do not matter)', () => {
  expect(safeRedirectPath('/mypage/news', 'http://BANK0182.localhost:80')).toBe('/mypage/news');
  expect(safeRedirectPath('//evil.example', 'http://BANK0182.localhost:80')).toBeUndefined();
});

describe('where a user lands after login without r', () => {
  it('lands company users on /mypage/dashboard and bank staff on /admin/dashboard', () => {
    expect(defaultLandingPath({ userType: 'company_owner' })).toBe('/mypage/dashboard');
    expect(defaultLandingPath({ userType: 'company_employee' })).toBe('/mypage/dashboard');
    expect(defaultLandingPath({ userType: 'bank_admin' })).toBe('/admin/dashboard');
    expect(defaultLandingPath({ userType: 'branch_user' })).toBe('/admin/dashboard');
  });
});
