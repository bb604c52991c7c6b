import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AdminLayout } from '#client/app/layouts/admin-layout.tsx';
import { config0158, config0182, FIXTURE_BANKS, withOptions } from '../fixtures/app-configs.ts';
import { PAGE_TEXT, renderLayout, WIDTHS } from '../fixtures/render-layout.tsx';
import { BANK_ACCOUNT_TYPES, COMPANY_ACCOUNT_TYPES, fixtureUser } from '../fixtures/users.ts';

// These tests are about the menus' own workings on every entry, as if every domain had landed its
// pages; which entries the real page table lets through: tests/component/app/no-dead-links.test.tsx.
vi.mock('#server/contracts/page-table.ts', async (original) =>
  (await import('../fixtures/every-page-exists.ts')).everyPageExists(original),
);
vi.mock('#client/lib/live-pages.ts', async (original) =>
  (await import('../fixtures/every-page-exists.ts')).everyLinkIsLive(original),
);

beforeEach(() => {
  localStorage.clear();
});

const ADMINS = new Set(['system_admin', 'bank_admin']);

describe.each(FIXTURE_BANKS)('admin layout on bank $code', ({ config }) => {
  describe.each(BANK_ACCOUNT_TYPES.map((userType) => ({ userType })))('for a $userType', ({ userType }) => {
    it.each([WIDTHS.pc, WIDTHS.tablet])(
      'at %i px: the top bar with the bank name and badges, the side menu beside the page, toggled by its button',
      async (width) => {
        const user = userEvent.setup();
        renderLayout(AdminLayout, {
          config: config(),
          user: fixtureUser(userType),
          width,
          path: '/admin/company',
        });
        const bar = screen.getByRole('banner');
        expect(within(bar).getByText(config().bank.name)).toBeInTheDocument();
        expect(
          within(bar)
            .getByRole('link', { name: /承認待ちのチャット/ })
            .getAttribute('href'),
        ).toBe('/admin/chatlog');
        expect(
          within(bar)
            .getByRole('link', { name: /未返信のチャット/ })
            .getAttribute('href'),
        ).toBe('/admin/bachat/noreply');
        // The inquiry badge is for system_admin and bank_admin only.
        expect(within(bar).queryByRole('link', { name: /未完了のお問い合わせ/ }) !== null).toBe(
          ADMINS.has(userType),
        );

        const menu = screen.getByRole('navigation', { name: '管理メニュー' });
        expect(within(menu).getByRole('link', { name: '企業一覧' }).getAttribute('aria-current')).toBe(
          'page',
        );
        expect(within(menu).queryByRole('link', { name: 'ニュースレター' }) !== null).toBe(
          ADMINS.has(userType),
        );
        expect(screen.getByText(PAGE_TEXT)).toBeInTheDocument();

        const toggle = within(bar).getByRole('button', { name: 'サイドメニュー' });
        expect(toggle.getAttribute('aria-expanded')).toBe('true');
        await user.click(toggle);
        expect(toggle.getAttribute('aria-expanded')).toBe('false');
        expect(screen.queryByRole('navigation', { name: '管理メニュー' })).not.toBeInTheDocument();
      },
    );

    it('at 375 px: no side menu; the toggle opens a 285-wide drawer with the menu and logout', async () => {
      const user = userEvent.setup();
      renderLayout(AdminLayout, { config: config(), user: fixtureUser(userType), width: WIDTHS.phone });
      expect(screen.queryByRole('navigation', { name: '管理メニュー' })).not.toBeInTheDocument();
      const toggle = screen.getByRole('button', { name: 'サイドメニュー' });
      expect(toggle.getAttribute('aria-expanded')).toBe('false');
      await user.click(toggle);
      const drawer = screen.getByRole('dialog', { name: '管理メニュー' });
      expect(within(drawer).getByRole('navigation', { name: '管理メニュー' })).toBeInTheDocument();
      expect(within(drawer).getByRole('link', { name: 'ログアウト' }).getAttribute('href')).toBe('/logout');
      await user.keyboard('{Escape}');
      expect(screen.queryByRole('dialog', { name: '管理メニュー' })).not.toBeInTheDocument();
    });
  });

  describe.each(COMPANY_ACCOUNT_TYPES.map((userType) => ({ userType })))(
    'for a $userType',
    ({ userType }) => {
      it.each(Object.values(WIDTHS))('at %i px shows no admin menu and no badges', async (width) => {
        const user = userEvent.setup();
        renderLayout(AdminLayout, { config: config(), user: fixtureUser(userType), width });
        const bar = screen.getByRole('banner');
        expect(within(bar).queryByRole('link', { name: /チャット|お問い合わせ/ })).not.toBeInTheDocument();
        if (width === WIDTHS.phone) await user.click(screen.getByRole('button', { name: 'サイドメニュー' }));
        expect(screen.queryByRole('link', { name: '企業一覧' })).not.toBeInTheDocument();
      });
    },
  );
});

describe('admin layout: the drawer breakpoint', () => {
  it.each([
    [601, false],
    [600, true],
  ])('at %i px uses the drawer: %s', (width, drawer) => {
    renderLayout(AdminLayout, { user: fixtureUser('bank_admin'), width });
    expect(screen.queryByRole('navigation', { name: '管理メニュー' }) === null).toBe(drawer);
  });
});

describe('admin layout: badges', () => {
  it('shows the counts the badge endpoint answers, and none while a count is zero', async () => {
    renderLayout(AdminLayout, {
      user: fixtureUser('bank_admin'),
      badgeCounts: { unapprovedChat: 2, noReplyChat: 0, closedInquiry: 4 },
    });
    expect(await screen.findByRole('link', { name: /^承認待ちのチャット\s*（2件）$/ })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '未返信のチャット' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /^未完了のお問い合わせ\s*（4件）$/ })).toBeInTheDocument();
  });
});

describe('admin layout: manual', () => {
  it('opens a 900-wide dialog with the manual title and its HTML body, sanitised', async () => {
    const user = userEvent.setup();
    renderLayout(AdminLayout, {
      user: fixtureUser('system_admin'),
      api: {
        'GET /api/v1/manual': () => ({
          status: 200,
          body: {
            status: 'success',
            result: {
              page: 'dashboard',
              updated_at: null,
              title: '管理画面マニュアル',
              body: '<h3>はじめに</h3><p>企業の承認手順</p><script>window.hacked = true</script><img src="x" onerror="window.hacked = true">',
            },
          },
        }),
      },
    });
    await user.click(screen.getByRole('button', { name: 'マニュアル' }));
    const dialog = await screen.findByRole('dialog', { name: '管理画面マニュアル' });
    expect(await within(dialog).findByRole('heading', { name: 'はじめに' })).toBeInTheDocument();
    expect(within(dialog).getByText('企業の承認手順')).toBeInTheDocument();
    expect(dialog.querySelector('script')).toBeNull();
    expect(dialog.querySelector('img')?.getAttribute('onerror')).toBeFalsy();
    expect(getComputedStyle(dialog).width).toBe('min(900px, 100%)');
  });

  it('says データ取得に失敗しました when the manual cannot be loaded', async () => {
    const user = userEvent.setup();
    renderLayout(AdminLayout, {
      user: fixtureUser('bank_admin'),
      api: {
        'GET /api/v1/manual': () => ({ status: 500, body: { status: 'error', message: 'System Error' } }),
      },
    });
    await user.click(screen.getByRole('button', { name: 'マニュアル' }));
    const dialog = await screen.findByRole('dialog', { name: 'マニュアル' });
    expect((await within(dialog).findByRole('alert')).textContent).toBe('データ取得に失敗しました');
  });
});

describe('admin layout: footer and feature request', () => {
  it('links the operating-rules and service-specification PDFs, the partner form and shows the build version', () => {
    renderLayout(AdminLayout, { config: config0182(), user: fixtureUser('bank_admin') });
    const footer = screen.getByRole('contentinfo');
    expect(
      within(footer)
        .getByRole('link', { name: /運用ルール（PDF）/ })
        .getAttribute('href'),
    ).toBe('https://www.shiosai-bank.example.jp/portal/rules.pdf');
    expect(
      within(footer)
        .getByRole('link', { name: /サービス仕様書（PDF）/ })
        .getAttribute('href'),
    ).toBe('https://www.shiosai-bank.example.jp/portal/service-spec.pdf');
    expect(within(footer).getByRole('link', { name: 'パートナーフォーム' }).getAttribute('href')).toBe(
      '/admin/partnerform',
    );
    expect(within(footer).getByText('バージョン 0.1.0-test')).toBeInTheDocument();
  });

  it('leaves out the partner form where the bank hides it (0158)', () => {
    renderLayout(AdminLayout, { config: config0158(), user: fixtureUser('bank_admin') });
    expect(
      within(screen.getByRole('contentinfo')).queryByRole('link', { name: 'パートナーフォーム' }),
    ).not.toBeInTheDocument();
  });

  it('leaves out the feature request where the bank hides it', () => {
    const config = withOptions(config0182(), { customize: { show_feature_request: false } });
    renderLayout(AdminLayout, { config, user: fixtureUser('bank_admin') });
    expect(screen.queryByRole('button', { name: '機能要望を送る' })).not.toBeInTheDocument();
  });

  it('requires the request text: 必須入力項目です, and nothing is sent', async () => {
    const user = userEvent.setup();
    const { fetch } = renderLayout(AdminLayout, { user: fixtureUser('bank_admin') });
    await user.click(screen.getByRole('button', { name: '機能要望を送る' }));
    const dialog = await screen.findByRole('dialog', { name: '機能要望' });
    await user.click(within(dialog).getByRole('button', { name: '送信する' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('必須入力項目です');
    expect(
      within(dialog)
        .getByRole('textbox', { name: /要望内容/ })
        .getAttribute('aria-invalid'),
    ).toBe('true');
    // Only the badge poll went out.
    expect(fetch.mock.calls.map(([url]) => new URL(String(url), 'http://bank.test').pathname)).not.toContain(
      '/api/v1/dashboard/contact',
    );
  });

  it('sends the request, says 送信しました, closes and goes to /admin/dashboard', async () => {
    const user = userEvent.setup();
    const sent: unknown[] = [];
    const { router } = renderLayout(AdminLayout, {
      user: fixtureUser('bank_admin'),
      path: '/admin/company',
      api: {
        'POST /api/v1/dashboard/contact': (body) => {
          sent.push(body);
          return {
            status: 200,
            body: { status: 'success', result: { feature_request_id: 1 }, message: '送信しました' },
          };
        },
      },
    });
    await user.click(screen.getByRole('button', { name: '機能要望を送る' }));
    const dialog = await screen.findByRole('dialog', { name: '機能要望' });
    expect(getComputedStyle(dialog).width).toBe('min(700px, 100%)');
    await user.type(within(dialog).getByRole('textbox', { name: /要望内容/ }), '企業一覧をCSVで出力したい');
    await user.click(within(dialog).getByRole('button', { name: '送信する' }));

    expect((await screen.findByRole('status')).textContent).toContain('送信しました');
    expect(sent).toEqual([{ body: '企業一覧をCSVで出力したい' }]);
    expect(screen.queryByRole('dialog', { name: '機能要望' })).not.toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/dashboard'));
  });

  it('says 送信できませんでした when sending fails, and still closes and goes to /admin/dashboard', async () => {
    const user = userEvent.setup();
    const { router } = renderLayout(AdminLayout, {
      user: fixtureUser('system_admin'),
      path: '/admin/company',
      api: { 'POST /api/v1/dashboard/contact': () => ({ status: 500, body: { status: 'error' } }) },
    });
    await user.click(screen.getByRole('button', { name: '機能要望を送る' }));
    const dialog = await screen.findByRole('dialog', { name: '機能要望' });
    await user.type(within(dialog).getByRole('textbox', { name: /要望内容/ }), '検索条件を保存したい');
    await user.click(within(dialog).getByRole('button', { name: '送信する' }));

    expect((await screen.findByRole('alert')).textContent).toContain('送信できませんでした');
    expect(screen.queryByRole('dialog', { name: '機能要望' })).not.toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/dashboard'));
  });
});
