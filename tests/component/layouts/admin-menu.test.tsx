import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { MenuAnswer } from '#server/contracts/menu.ts';
import { AdminLayout } from '#client/app/layouts/admin-layout.tsx';
import { FIXTURE_BANKS } from '../fixtures/app-configs.ts';
import { renderLayout, serverMenuAnswer, WIDTHS } from '../fixtures/render-layout.tsx';
import { fixtureUser } from '../fixtures/users.ts';

beforeEach(() => {
  localStorage.clear();
});

const menuRequests = (fetch: ReturnType<typeof renderLayout>['fetch']) =>
  fetch.mock.calls.filter(([url]) => new URL(String(url), 'http://bank.test').pathname === '/api/v1/menu');

describe.each(FIXTURE_BANKS)('admin side menu from the server on bank $code', ({ code, config }) => {
  it('shows the entries GET /api/v1/menu answers, not a menu of its own', async () => {
    const answer: MenuAnswer = {
      side: 'admin',
      items: [
        { title: 'ダッシュボード', link: '/admin/dashboard' },
        { title: 'サーバーだけが知る項目', link: '/admin/xba/seminar/create' },
      ],
      logout: { title: 'ログアウト', link: '/logout' },
    };
    const { fetch } = renderLayout(AdminLayout, {
      config: config(),
      user: fixtureUser('bank_admin'),
      path: '/admin/company',
      unloadedMenu: true,
      api: { 'GET /api/v1/menu': () => ({ status: 200, body: { status: 'success', result: answer } }) },
    });
    const menu = screen.getByRole('navigation', { name: '管理メニュー' });
    expect(await within(menu).findByRole('link', { name: 'サーバーだけが知る項目' })).toBeInTheDocument();
    expect(within(menu).queryByRole('link', { name: 'ニュース' })).not.toBeInTheDocument();
    // The server leaves out the entries whose pages do not exist yet (tests/api/auth/api-guard.test.ts).
    expect(menuRequests(fetch)).toHaveLength(1);
  });

  it('sends the fukuri and invoice entries out of the app, in a new tab with the bank code', () => {
    const bank = config();
    renderLayout(AdminLayout, { config: bank, user: fixtureUser('system_admin'), path: '/admin/company' });
    const menu = screen.getByRole('navigation', { name: '管理メニュー' });
    const fukuri = within(menu).getByRole('link', { name: /福利厚生サービス/ });
    // The welfare site of the bank's config, with the bank's code (tenant fukuri url?bank_code=code).
    expect(fukuri.getAttribute('href')).toBe(`${bank.fukuri_url}?bank_code=${code}`);
    expect(fukuri.getAttribute('target')).toBe('_blank');
    const invoice = within(menu).queryByRole('link', { name: /請求書サービス/ });
    if (bank.features.enable_payment) {
      expect(invoice?.getAttribute('href')).toBe(`${bank.invoice_url}?bank_code=${code}`);
      expect(invoice?.getAttribute('target')).toBe('_blank');
    } else {
      expect(invoice).toBeNull();
    }
  });

  it("rewrites nothing else: the drawer's logout is /logout, a full page load", async () => {
    const user = userEvent.setup();
    renderLayout(AdminLayout, { config: config(), user: fixtureUser('branch_admin'), width: WIDTHS.phone });
    await user.click(screen.getByRole('button', { name: 'サイドメニュー' }));
    const drawer = screen.getByRole('dialog', { name: '管理メニュー' });
    const logout = within(drawer).getByRole('link', { name: 'ログアウト' });
    expect(logout.getAttribute('href')).toBe('/logout');
    expect(logout.getAttribute('target')).toBeNull();
  });

  it('hides the entries whose page the route rules deny (ユーザー一覧 for branch staff)', () => {
    const branchAdmin = fixtureUser('branch_admin');
    expect(JSON.stringify(serverMenuAnswer(branchAdmin, config()))).toContain('/admin/company/user');
    renderLayout(AdminLayout, { config: config(), user: branchAdmin, path: '/admin/news' });
    const menu = screen.getByRole('navigation', { name: '管理メニュー' });
    expect(within(menu).getByRole('link', { name: 'ニュース' })).toBeInTheDocument();
    expect(within(menu).queryByRole('link', { name: 'ユーザー一覧' })).not.toBeInTheDocument();
  });

  it('offers ユーザー一覧 to a bank admin', () => {
    renderLayout(AdminLayout, {
      config: config(),
      user: fixtureUser('bank_admin'),
      path: '/admin/company/user',
    });
    const menu = screen.getByRole('navigation', { name: '管理メニュー' });
    expect(within(menu).getByRole('link', { name: 'ユーザー一覧' }).getAttribute('href')).toBe(
      '/admin/company/user',
    );
  });
});
