import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { DefaultLayout } from '#client/app/layouts/default-layout.tsx';
import { config0158, config0182 } from '../fixtures/app-configs.ts';
import { renderLayout, WIDTHS } from '../fixtures/render-layout.tsx';
import { fixtureUser } from '../fixtures/users.ts';

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

const sideNavigation = () => screen.getByRole('navigation', { name: 'メインメニュー' });

/** The entry links of the sub menu currently shown beside the groups. */
function subMenuLink(name: string | RegExp) {
  return within(sideNavigation()).getByRole('link', { name });
}

describe('side navigation: groups and sub menus', () => {
  it('opens the group of the current page, marks its entry current, and shows another group when picked', async () => {
    const user = userEvent.setup();
    renderLayout(DefaultLayout, {
      user: fixtureUser('company_owner'),
      path: '/mypage/matching/company/c-123',
    });
    const matching = within(sideNavigation()).getByRole('button', { name: /^ビジネスマッチング/ });
    expect(matching.getAttribute('aria-expanded')).toBe('true');
    expect(subMenuLink('ニーズを探す').getAttribute('aria-current')).toBe('page');

    await user.click(within(sideNavigation()).getByRole('button', { name: /^事業承継/ }));
    expect(matching.getAttribute('aria-expanded')).toBe('false');
    expect(subMenuLink('相続税額の試算').getAttribute('href')).toBe('/mypage/succession/calculation/tax');
  });

  it('uses the widths of spec section 9: main 85 and sub 220 on a PC', () => {
    renderLayout(DefaultLayout, { user: fixtureUser('company_owner'), width: WIDTHS.pc });
    const mainColumn = within(sideNavigation()).getAllByRole('list')[0];
    expect(mainColumn && getComputedStyle(mainColumn).width).toBe('85px');
    const subColumn = within(sideNavigation()).getByRole('heading', { name: 'スタート' }).parentElement;
    expect(subColumn && getComputedStyle(subColumn).width).toBe('220px');
  });

  it('uses main 100 and sub 380 in the tablet drawer', async () => {
    const user = userEvent.setup();
    renderLayout(DefaultLayout, { user: fixtureUser('company_owner'), width: WIDTHS.tablet });
    await user.click(screen.getByRole('button', { name: 'メニュー' }));
    const drawer = screen.getByRole('dialog', { name: 'メインメニュー' });
    expect(getComputedStyle(drawer).width).toBe('480px');
    const mainColumn = within(drawer).getAllByRole('list')[0];
    expect(mainColumn && getComputedStyle(mainColumn).width).toBe('100px');
    const subColumn = within(drawer).getByRole('heading', { name: 'スタート' }).parentElement;
    expect(subColumn && getComputedStyle(subColumn).width).toBe('380px');
  });

  it('closes the tablet drawer when an entry is followed', async () => {
    const user = userEvent.setup();
    const { router } = renderLayout(DefaultLayout, {
      user: fixtureUser('company_owner'),
      width: WIDTHS.tablet,
    });
    await user.click(screen.getByRole('button', { name: 'メニュー' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'メインメニュー' })).getByRole('link', { name: 'コラム' }),
    );
    expect(router.state.location.pathname).toBe('/mypage/column');
    expect(screen.queryByRole('dialog', { name: 'メインメニュー' })).not.toBeInTheDocument();
  });
});

describe('external services open in a new tab with the bank code', () => {
  it('福利厚生 and 請求書サービス lead to the services with bank_code, in a new tab', async () => {
    const user = userEvent.setup();
    renderLayout(DefaultLayout, { config: config0182(), user: fixtureUser('company_owner') });
    await user.click(within(sideNavigation()).getByRole('button', { name: /^福利厚生/ }));
    const benefits = subMenuLink(/福利厚生サービス/);
    expect(benefits.getAttribute('href')).toBe('https://fukuri.example.jp/?bank_code=0182');
    expect(benefits.getAttribute('target')).toBe('_blank');
    expect(benefits.getAttribute('rel')).toBe('noopener noreferrer');

    await user.click(within(sideNavigation()).getByRole('button', { name: /^請求書サービス/ }));
    expect(subMenuLink(/請求書サービスを開く/).getAttribute('href')).toBe(
      'https://invoice.example.jp/?bank_code=0182',
    );
  });

  it('the bottom bar 福利厚生 leads to the benefits site for a user who may register coupons', () => {
    renderLayout(DefaultLayout, {
      config: config0158(),
      user: fixtureUser('company_owner'),
      width: WIDTHS.phone,
    });
    const bar = screen.getByRole('navigation', { name: 'ボトムメニュー' });
    expect(
      within(bar)
        .getByRole('link', { name: /福利厚生/ })
        .getAttribute('href'),
    ).toBe('https://fukuri.example.jp/?bank_code=0158');
  });

  it('the bottom bar 福利厚生 runs the alternative action (the navigation) for a user who may not', async () => {
    const user = userEvent.setup();
    renderLayout(DefaultLayout, { user: fixtureUser('company_employee'), width: WIDTHS.phone });
    const bar = screen.getByRole('navigation', { name: 'ボトムメニュー' });
    await user.click(within(bar).getByRole('button', { name: '福利厚生' }));
    expect(screen.getByRole('dialog', { name: 'メインメニュー' })).toBeInTheDocument();
  });
});

describe('unread badges', () => {
  const counts = { unreadNews: 3, unreadChat: 5, unreadBachatRooms: 1, unrepliedMatching: 2 };

  it('shows the news count bold for an owner, with chat and bank-chat counts', async () => {
    renderLayout(DefaultLayout, { user: fixtureUser('company_owner'), badgeCounts: counts });
    await waitFor(() => expect(subMenuLink(/^ニュース/).textContent).toContain('（未読3件）'));
    const news = subMenuLink(/^ニュース/);
    expect(news.textContent).toContain('（未読3件）');
    expect(news.querySelector('[data-emphasised]')).not.toBeNull();
    expect(subMenuLink(/^チャット/).textContent).toContain('（未読5件）');
    expect(subMenuLink(/^銀行とのチャット/).textContent).toContain('（未読1件）');
  });

  it('shows the news count bold for a partner owner too', async () => {
    renderLayout(DefaultLayout, { user: fixtureUser('partner_company_owner'), badgeCounts: counts });
    await waitFor(() => expect(subMenuLink(/^ニュース/).querySelector('[data-emphasised]')).not.toBeNull());
  });

  it('shows the news count, not bold, for a company user', async () => {
    renderLayout(DefaultLayout, { user: fixtureUser('company_user'), badgeCounts: counts });
    await waitFor(() => expect(subMenuLink(/^ニュース/).textContent).toContain('（未読3件）'));
    const news = subMenuLink(/^ニュース/);
    expect(news.querySelector('[data-emphasised]')).toBeNull();
  });

  it('shows no news count to an employee (news badges are for owner-type users)', async () => {
    renderLayout(DefaultLayout, { user: fixtureUser('company_employee'), badgeCounts: counts });
    await waitFor(() => expect(subMenuLink(/^チャット/).textContent).toContain('（未読5件）'));
    expect(subMenuLink(/^ニュース/).textContent).toBe('ニュース');
  });

  it('shows the unanswered matching count on 商談管理', async () => {
    const user = userEvent.setup();
    renderLayout(DefaultLayout, { user: fixtureUser('company_owner'), badgeCounts: counts });
    await user.click(within(sideNavigation()).getByRole('button', { name: /^ビジネスマッチング/ }));
    await waitFor(() => expect(subMenuLink(/^商談管理/).textContent).toContain('（未読2件）'));
  });

  it('shows the matching and chat counts on the phone bottom bar', async () => {
    renderLayout(DefaultLayout, {
      user: fixtureUser('company_user'),
      badgeCounts: counts,
      width: WIDTHS.phone,
    });
    const bar = screen.getByRole('navigation', { name: 'ボトムメニュー' });
    await waitFor(() =>
      expect(within(bar).getByRole('link', { name: /^マッチング/ }).textContent).toContain('（未読2件）'),
    );
    expect(within(bar).getByRole('link', { name: /^チャット/ }).textContent).toContain('（未読5件）');
  });

  it('draws no badge while a count is zero (the badge endpoint has not answered yet)', () => {
    renderLayout(DefaultLayout, { user: fixtureUser('company_owner') });
    expect(subMenuLink(/^ニュース/).textContent).toBe('ニュース');
  });
});

describe("the 'new' badge", () => {
  it('marks crowdfunding, invoice, attendance and business succession for the configured period and stores the first showing', () => {
    renderLayout(DefaultLayout, { config: config0182(), user: fixtureUser('company_owner') });
    for (const group of ['クラウドファンディング', '請求書サービス', '勤怠サービス', '事業承継']) {
      expect(
        within(sideNavigation()).getByRole('button', { name: new RegExp(`^${group}`) }).textContent,
      ).toContain('NEW');
    }
    expect(within(sideNavigation()).getByRole('button', { name: /^提携銀行/ }).textContent).not.toContain(
      'NEW',
    );
    expect(
      Number.isNaN(Date.parse(localStorage.getItem('new_badge_first_shown_at.crowdfunding') ?? '')),
    ).toBe(false);
  });

  it('no longer shows once the period has lapsed since the first showing (crowdfunding: 3 months on 0182)', () => {
    const fourMonthsAgo = new Date();
    fourMonthsAgo.setMonth(fourMonthsAgo.getMonth() - 4);
    const lastWeek = new Date(Date.now() - 7 * 86_400_000);
    localStorage.setItem('new_badge_first_shown_at.crowdfunding', fourMonthsAgo.toISOString());
    localStorage.setItem('new_badge_first_shown_at.attendance', lastWeek.toISOString());
    renderLayout(DefaultLayout, { config: config0182(), user: fixtureUser('company_owner') });
    expect(
      within(sideNavigation()).getByRole('button', { name: /^クラウドファンディング/ }).textContent,
    ).not.toContain('NEW');
    // Attendance: 14 days, first shown a week ago.
    expect(within(sideNavigation()).getByRole('button', { name: /^勤怠サービス/ }).textContent).toContain(
      'NEW',
    );
    expect(localStorage.getItem('new_badge_first_shown_at.crowdfunding')).toBe(fourMonthsAgo.toISOString());
  });

  it('still shows when local storage cannot be written', () => {
    const setItem = Storage.prototype.setItem;
    Storage.prototype.setItem = () => {
      throw new DOMException('quota', 'QuotaExceededError');
    };
    try {
      renderLayout(DefaultLayout, { config: config0182(), user: fixtureUser('company_owner') });
      expect(within(sideNavigation()).getByRole('button', { name: /^事業承継/ }).textContent).toContain(
        'NEW',
      );
    } finally {
      Storage.prototype.setItem = setItem;
    }
  });
});

describe('phone navigation: groups keep their open or closed state', () => {
  it('remembers a group opened or closed, by group title, across visits', async () => {
    const user = userEvent.setup();
    const first = renderLayout(DefaultLayout, { user: fixtureUser('company_owner'), width: WIDTHS.phone });
    await user.click(screen.getByRole('button', { name: 'サービス' }));
    const drawer = screen.getByRole('dialog', { name: 'メインメニュー' });
    const succession = within(drawer).getByRole('button', { name: /^事業承継/ });
    expect(succession.getAttribute('aria-expanded')).toBe('false');
    await user.click(succession);
    expect(succession.getAttribute('aria-expanded')).toBe('true');
    expect(within(drawer).getByRole('link', { name: '事業承継コラム' })).toBeInTheDocument();
    // The group of the current page (the dashboard's) starts open; closing it is remembered too.
    const start = within(drawer).getByRole('button', { name: /^スタート/ });
    expect(start.getAttribute('aria-expanded')).toBe('true');
    await user.click(start);
    expect(localStorage.getItem('navigation_group_open.事業承継')).toBe('true');
    expect(localStorage.getItem('navigation_group_open.スタート')).toBe('false');
    first.unmount();

    renderLayout(DefaultLayout, { user: fixtureUser('company_owner'), width: WIDTHS.phone });
    await user.click(screen.getByRole('button', { name: 'サービス' }));
    const again = screen.getByRole('dialog', { name: 'メインメニュー' });
    expect(
      within(again)
        .getByRole('button', { name: /^事業承継/ })
        .getAttribute('aria-expanded'),
    ).toBe('true');
    expect(
      within(again)
        .getByRole('button', { name: /^スタート/ })
        .getAttribute('aria-expanded'),
    ).toBe('false');
  });
});

describe('drawers and dialogs hold the keyboard', () => {
  it('moves focus into the drawer, wraps Tab inside it, and returns focus to the toggle on Escape', async () => {
    const user = userEvent.setup();
    renderLayout(DefaultLayout, { user: fixtureUser('company_employee'), width: WIDTHS.tablet });
    const toggle = screen.getByRole('button', { name: 'メニュー' });
    await user.click(toggle);
    const drawer = screen.getByRole('dialog', { name: 'メインメニュー' });
    expect(drawer.contains(document.activeElement)).toBe(true);
    for (let step = 0; step < 40; step += 1) {
      await user.tab();
      expect(drawer.contains(document.activeElement)).toBe(true);
    }
    await user.keyboard('{Escape}');
    expect(document.activeElement).toBe(toggle);
  });
});
