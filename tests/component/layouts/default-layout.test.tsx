import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { isBankUser, type UserTypeCode } from '#server/contracts/account-types.ts';
import { DefaultLayout } from '#client/app/layouts/default-layout.tsx';
import { config0158, config0182, FIXTURE_BANKS, withOptions } from '../fixtures/app-configs.ts';
import { PAGE_TEXT, renderLayout, resizeTo, WIDTHS } from '../fixtures/render-layout.tsx';
import { ACCOUNT_TYPES, fixtureUser } from '../fixtures/users.ts';

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

const ALL_GROUPS = [
  'スタート',
  'ビジネスマッチング',
  '福利厚生',
  'オープンイノベーション',
  'クラウドファンディング',
  '請求書サービス',
  '勤怠サービス',
  '事業承継',
  '提携銀行',
  '設定',
] as const;

const COMPANY_GROUPS = [
  'スタート',
  'ビジネスマッチング',
  '福利厚生',
  'クラウドファンディング',
  '請求書サービス',
  '勤怠サービス',
  '事業承継',
  '提携銀行',
  '設定',
];

/**
 * The navigation groups each account type sees on 0182 (every service on but open innovation), with
 * the account types' starting permissions. An employee has no matching, crowdfunding or partner-bank
 * permission; bank staff hold none of the company permissions, so only the groups with an open entry
 * remain.
 */
const GROUPS_ON_0182: Record<UserTypeCode, readonly string[]> = {
  company_owner: COMPANY_GROUPS,
  company_user: COMPANY_GROUPS,
  partner_company_owner: COMPANY_GROUPS,
  company_employee: ['スタート', '福利厚生', '請求書サービス', '勤怠サービス', '事業承継', '設定'],
  system_admin: ['スタート', '請求書サービス', '事業承継', '設定'],
  bank_admin: ['スタート', '請求書サービス', '事業承継', '設定'],
  branch_admin: ['スタート', '請求書サービス', '事業承継', '設定'],
  branch_user: ['スタート', '請求書サービス', '事業承継', '設定'],
};

/** 0158 has crowdfunding (campfire) and the invoice service (payment) off. */
function expectedGroups(bank: string, userType: UserTypeCode): readonly string[] {
  const groups = GROUPS_ON_0182[userType];
  return bank === '0182'
    ? groups
    : groups.filter((title) => title !== 'クラウドファンディング' && title !== '請求書サービス');
}

/** The group titles shown in a navigation region (each group control starts with its title). */
function groupTitlesIn(region: HTMLElement): string[] {
  const controls = within(region)
    .getAllByRole('button', { expanded: true })
    .concat(within(region).queryAllByRole('button', { expanded: false }));
  const texts = controls.map((control) => control.textContent ?? '');
  return ALL_GROUPS.filter((title) => texts.some((text) => text.startsWith(title)));
}

describe.each(FIXTURE_BANKS)('default layout on bank $code', ({ code, config }) => {
  describe.each(ACCOUNT_TYPES.map((userType) => ({ userType })))('for a $userType', ({ userType }) => {
    it('on a PC (1280 px): the side navigation beside the page with the groups the account may use', async () => {
      renderLayout(DefaultLayout, { config: config(), user: fixtureUser(userType), width: WIDTHS.pc });
      const navigation = screen.getByRole('navigation', { name: 'メインメニュー' });
      expect(groupTitlesIn(navigation)).toEqual(expectedGroups(code, userType));
      expect(screen.getByText(PAGE_TEXT)).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'メニュー' })).not.toBeInTheDocument();
      expect(screen.queryByRole('navigation', { name: 'ボトムメニュー' })).not.toBeInTheDocument();
      expect((await screen.findByTestId('profile-block')).textContent).toContain(
        fixtureUser(userType).user_name,
      );
    });

    it('on a tablet (800 px): the same groups in a drawer the menu button opens and closes', async () => {
      const user = userEvent.setup();
      renderLayout(DefaultLayout, { config: config(), user: fixtureUser(userType), width: WIDTHS.tablet });
      expect(screen.queryByRole('navigation', { name: 'メインメニュー' })).not.toBeInTheDocument();
      expect(screen.queryByTestId('profile-block')).not.toBeInTheDocument();
      const toggle = screen.getByRole('button', { name: 'メニュー' });
      expect(toggle.getAttribute('aria-expanded')).toBe('false');

      await user.click(toggle);
      const drawer = screen.getByRole('dialog', { name: 'メインメニュー' });
      expect(toggle.getAttribute('aria-expanded')).toBe('true');
      expect(groupTitlesIn(within(drawer).getByRole('navigation', { name: 'メインメニュー' }))).toEqual(
        expectedGroups(code, userType),
      );

      await user.keyboard('{Escape}');
      expect(screen.queryByRole('dialog', { name: 'メインメニュー' })).not.toBeInTheDocument();
    });

    it('on a phone (375 px): the bottom bar, with マッチング and チャット for those whose pages the rules open', async () => {
      const user = userEvent.setup();
      renderLayout(DefaultLayout, { config: config(), user: fixtureUser(userType), width: WIDTHS.phone });
      const bar = screen.getByRole('navigation', { name: 'ボトムメニュー' });
      const labels = within(bar)
        .getAllByRole('listitem')
        .map((item) => item.textContent?.replace('（新しいタブで開きます）', ''));
      // The route rules hide the pages of /mypage/matching/search and /chat from whoever lacks their
      // permissions: bank staff hold none of them (they are sent to /admin anyway).
      const expected = isBankUser(userType)
        ? ['スタート', '福利厚生', 'サービス']
        : userType === 'company_employee'
          ? ['スタート', 'チャット', '福利厚生', 'サービス']
          : ['スタート', 'マッチング', 'チャット', '福利厚生', 'サービス'];
      expect(labels).toEqual(expected);

      await user.click(within(bar).getByRole('button', { name: 'サービス' }));
      const drawer = screen.getByRole('dialog', { name: 'メインメニュー' });
      expect(groupTitlesIn(drawer)).toEqual(expectedGroups(code, userType));
    });
  });
});

describe('default layout: the page around the navigation', () => {
  it('shows the page title with its breadcrumb, the bank name filled in, and titles the document', () => {
    const config = config0182();
    renderLayout(DefaultLayout, {
      config,
      user: fixtureUser('company_owner'),
      path: '/mypage/babank',
      handle: {
        title: '{bank_name}の提携銀行',
        breadcrumbs: [{ label: 'マイページ', to: '/mypage/dashboard' }],
      },
    });
    expect(screen.getByRole('heading', { level: 1, name: 'しおさい銀行の提携銀行' })).toBeInTheDocument();
    const trail = screen.getByRole('navigation', { name: 'パンくずリスト' });
    expect(within(trail).getByRole('link', { name: 'マイページ' }).getAttribute('href')).toBe(
      '/mypage/dashboard',
    );
    expect(document.title).toBe('しおさい銀行の提携銀行 | 法人ビジネスポータル | しおさい銀行');
  });

  it('follows the window: resizing from a PC to a phone swaps the side navigation for the bottom bar', () => {
    renderLayout(DefaultLayout, { user: fixtureUser('company_owner'), width: WIDTHS.pc });
    expect(screen.getByRole('navigation', { name: 'メインメニュー' })).toBeInTheDocument();
    resizeTo(WIDTHS.phone);
    expect(screen.queryByRole('navigation', { name: 'メインメニュー' })).not.toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'ボトムメニュー' })).toBeInTheDocument();
  });

  it('in the mobile-app wrapper shows its footer menu instead of the bottom bar up to 480 px', () => {
    const config = withOptions(config0158(), { features: { is_mobile_app_client: true } });
    renderLayout(DefaultLayout, { config, user: fixtureUser('company_owner'), width: WIDTHS.phone });
    const menu = screen.getByRole('navigation', { name: 'アプリメニュー' });
    expect(
      within(menu)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['ホーム', 'ニュース', 'チャット', '銀行チャット', '設定']);
    expect(screen.queryByRole('navigation', { name: 'ボトムメニュー' })).not.toBeInTheDocument();

    resizeTo(481);
    expect(screen.queryByRole('navigation', { name: 'アプリメニュー' })).not.toBeInTheDocument();
  });

  it('opens the settings drawer from the bar on a phone: profile, settings, help and logout', async () => {
    const user = userEvent.setup();
    renderLayout(DefaultLayout, { user: fixtureUser('company_owner'), width: WIDTHS.phone });
    expect(screen.queryByRole('link', { name: 'ログアウト' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '設定' }));
    const drawer = await screen.findByRole('dialog', { name: '設定' });
    expect(within(drawer).getByTestId('profile-block').textContent).toContain('株式会社さくら精工');
    expect(within(drawer).getByRole('link', { name: 'プロフィール' }).getAttribute('href')).toBe(
      '/mypage/setting/profile',
    );
    expect(within(drawer).getByRole('link', { name: 'ログアウト' }).getAttribute('href')).toBe('/logout');
    expect(
      within(drawer)
        .getByRole('link', { name: /ヘルプ/ })
        .getAttribute('target'),
    ).toBe('_blank');
  });
});
