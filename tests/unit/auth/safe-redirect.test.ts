import { describe, expect, it } from 'vitest';
import { defaultLandingPath, safeRedirectPath } from '../../../server/auth/login-routes.ts';

describe('where /login?r= may send the user afterwards', () => {
  it.each([
    ['/mypage/news', '/mypage/news'],
    ['/mypage/news?page=2#top', '/mypage/news?page=2#top'],
    ['/admin/company/detail/12', '/admin/company/detail/12'],
  ])('keeps the same-origin path %s', (r, expected) => {
    expect(safeRedirectPath(r)).toBe(expected);
  });

  it.each([
    ['an absolute URL', 'https://evil.example.com/mypage'],
    ['a protocol-relative URL', '//evil.example.com/mypage'],
    ['a backslash that browsers read as a slash', '/\\evil.example.com'],
    ['a javascript: URL', 'javascript:alert(1)'],
    ['a relative path', 'mypage/dashboard'],
    ['a control character', '/mypage\n/dashboard'],
    ['a tab before the slashes', '/\t/evil.example.com'],
    ['nothing', ''],
  ])('refuses %s', (_name, r) => {
    expect(safeRedirectPath(r)).toBeUndefined();
  });

  it('lands company users on /mypage/dashboard and bank staff on /admin/dashboard', () => {
    expect(defaultLandingPath({ userType: 'company_owner' })).toBe('/mypage/dashboard');
    expect(defaultLandingPath({ userType: 'company_employee' })).toBe('/mypage/dashboard');
    expect(defaultLandingPath({ userType: 'bank_admin' })).toBe('/admin/dashboard');
    expect(defaultLandingPath({ userType: 'branch_user' })).toBe('/admin/dashboard');
  });
});
