import * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { PERMISSION_CODES, type UserTypeCode } from '#server/contracts/account-types.ts';
import { filterMenu, findCurrentMenuItem, menuContextOf, type MenuContext } from '#server/contracts/menu.ts';
import { menuItemSchema, type MenuItem } from '#server/contracts/menu-item.ts';
import {
  ADMIN_MENU,
  COMPANY_MENU,
  MOBILE_APP_FOOTER_MENU,
  PHONE_BOTTOM_BAR_MENU,
} from '#server/contracts/menu-data.ts';
import { featureFlagsSchema } from '#server/tenancy/tenant-file-schema.ts';

function context(overrides: Partial<MenuContext> = {}): MenuContext {
  return {
    userType: 'company_owner',
    companyType: 'normal',
    isSuperUser: false,
    permittedActions: [],
    features: {},
    conditions: {},
    ...overrides,
  };
}

const titles = (items: readonly MenuItem[]) => items.map((item) => item.title);

function allItems(items: readonly MenuItem[]): MenuItem[] {
  return items.flatMap((item) => [item, ...allItems(item.sub ?? [])]);
}

describe('filterMenu: user type', () => {
  const items: MenuItem[] = [
    { title: 'オーナー向け', link: '/a', user_type: ['company_owner', 'partner_company_owner'] },
    { title: '従業員以外', link: '/b', user_type_exclude: ['company_employee'] },
    { title: '全員', link: '/c' },
  ];

  it('includes an entry only for the listed types', () => {
    expect(titles(filterMenu(items, context({ userType: 'company_owner' })))).toEqual([
      'オーナー向け',
      '従業員以外',
      '全員',
    ]);
    expect(titles(filterMenu(items, context({ userType: 'company_user' })))).toEqual(['従業員以外', '全員']);
  });

  it('excludes an entry for the excluded types', () => {
    expect(titles(filterMenu(items, context({ userType: 'company_employee' })))).toEqual(['全員']);
  });
});

describe('filterMenu: company type with negation', () => {
  const items: MenuItem[] = [
    { title: 'パートナーのみ', link: '/a', company_type: ['partner'] },
    { title: 'パートナー以外', link: '/b', company_type: ['!partner'] },
    { title: '一般かBAポータル', link: '/c', company_type: ['normal', 'baportal'] },
  ];

  it('shows an included type and hides a !excluded one', () => {
    expect(titles(filterMenu(items, context({ companyType: 'partner' })))).toEqual(['パートナーのみ']);
    expect(titles(filterMenu(items, context({ companyType: 'normal' })))).toEqual([
      'パートナー以外',
      '一般かBAポータル',
    ]);
    expect(titles(filterMenu(items, context({ companyType: 'baportal' })))).toEqual([
      'パートナー以外',
      '一般かBAポータル',
    ]);
  });

  it('keeps bank staff (no company) out of included lists but not out of exclusions', () => {
    expect(titles(filterMenu(items, context({ userType: 'bank_admin', companyType: null })))).toEqual([
      'パートナー以外',
    ]);
  });
});

describe('filterMenu: permissions', () => {
  const items: MenuItem[] = [
    { title: 'ニュース', link: '/n', permissions: ['company_news_read'] },
    {
      title: 'ニーズを探す',
      link: '/m',
      permissions: ['company_matching_read', 'company_setting_matching_write'],
    },
    { title: '要件なし（空）', link: '/e', permissions: [] },
    { title: '要件なし', link: '/f' },
  ];

  it('requires every listed permission', () => {
    const shown = filterMenu(
      items,
      context({ permittedActions: ['company_news_read', 'company_matching_read'] }),
    );
    expect(titles(shown)).toEqual(['ニュース', '要件なし（空）', '要件なし']);
  });

  it('treats an empty or missing list as no requirement (unlike the permission checker)', () => {
    expect(titles(filterMenu(items, context({ permittedActions: [] })))).toEqual([
      '要件なし（空）',
      '要件なし',
    ]);
  });

  it('passes a super user through every permission requirement', () => {
    expect(titles(filterMenu(items, context({ isSuperUser: true, permittedActions: [] })))).toEqual(
      titles(items),
    );
  });

  it('denies permission-guarded entries when the permitted actions are not a list', () => {
    expect(titles(filterMenu(items, context({ permittedActions: null })))).toEqual([
      '要件なし（空）',
      '要件なし',
    ]);
  });

  it('does not let a super user past user type rules', () => {
    const ownerOnly: MenuItem[] = [{ title: 'オーナー向け', link: '/a', user_type: ['company_owner'] }];
    expect(filterMenu(ownerOnly, context({ userType: 'company_user', isSuperUser: true }))).toEqual([]);
  });
});

describe('filterMenu: feature flags and conditions', () => {
  const items: MenuItem[] = [
    { title: 'クラウドファンディング', link: '/cf', appConfigRequired: ['enable_campfire'] },
    { title: '両方必要', link: '/both', appConfigRequired: ['enable_forum', 'enable_mall'] },
    { title: 'チャット', link: '/chat', when: ['chat_enabled'] },
  ];

  it('shows an entry only when every flag it names is on', () => {
    expect(
      titles(filterMenu(items, context({ features: { enable_campfire: true, enable_forum: true } }))),
    ).toEqual(['クラウドファンディング']);
    expect(
      titles(
        filterMenu(
          items,
          context({ features: { enable_forum: true, enable_mall: true, enable_campfire: false } }),
        ),
      ),
    ).toEqual(['両方必要']);
  });

  it('requires each named condition', () => {
    expect(titles(filterMenu(items, context({ conditions: { chat_enabled: true } })))).toEqual(['チャット']);
    expect(titles(filterMenu(items, context({ conditions: { chat_enabled: false } })))).toEqual([]);
  });
});

describe('filterMenu: groups', () => {
  const group: MenuItem = {
    title: '設定',
    sub: [
      { title: 'アカウント管理', link: '/s/a', permissions: ['company_setting_account_write'] },
      { title: 'ホームページ管理', link: '/s/w', permissions: ['company_setting_website_write'] },
    ],
  };

  it('filters sub entries recursively', () => {
    const [shown] = filterMenu([group], context({ permittedActions: ['company_setting_website_write'] }));
    expect(shown && titles(shown.sub ?? [])).toEqual(['ホームページ管理']);
  });

  it('drops a group whose sub entries are all filtered out', () => {
    expect(filterMenu([group], context({ permittedActions: [] }))).toEqual([]);
  });

  it('drops a group whose own rule fails, whatever its sub entries', () => {
    expect(
      filterMenu([{ ...group, appConfigRequired: ['enable_forum'] }], context({ isSuperUser: true })),
    ).toEqual([]);
  });

  it('leaves the input untouched', () => {
    const before = JSON.stringify(group);
    filterMenu([group], context());
    expect(JSON.stringify(group)).toBe(before);
  });
});

describe('filterMenu: badges', () => {
  const news: MenuItem = {
    title: 'ニュース',
    link: '/mypage/news',
    badge: {
      kind: 'unread',
      counter: 'unreadNews',
      user_type: ['company_owner', 'company_user', 'partner_company_owner'],
    },
  };

  it('keeps an unread badge for the types it names and drops it for others', () => {
    expect(filterMenu([news], context({ userType: 'company_user' }))[0]?.badge).toEqual(news.badge);
    expect(filterMenu([news], context({ userType: 'company_employee' }))[0]).toEqual({
      title: 'ニュース',
      link: '/mypage/news',
    });
  });
});

const ALL_PERMISSIONS = [...PERMISSION_CODES];
const ALL_FLAGS = Object.fromEntries(Object.keys(featureFlagsSchema.shape).map((flag) => [flag, true]));

describe('the company menu', () => {
  it('is valid menu data naming only real feature flags and the spec’s groups', () => {
    for (const item of allItems(COMPANY_MENU)) expect(() => z.parse(menuItemSchema, item)).not.toThrow();
    for (const item of allItems([
      ...COMPANY_MENU,
      ...ADMIN_MENU,
      ...PHONE_BOTTOM_BAR_MENU,
      ...MOBILE_APP_FOOTER_MENU,
    ]))
      for (const flag of item.appConfigRequired ?? [])
        expect(Object.keys(ALL_FLAGS), item.title).toContain(flag);
    expect(titles(COMPANY_MENU)).toEqual([
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
    ]);
  });

  it('marks crowdfunding, business succession, attendance and invoice with the new badge', () => {
    const newBadges = allItems(COMPANY_MENU).filter((item) => item.badge?.kind === 'new');
    expect(newBadges.map((item) => item.badge?.kind === 'new' && item.badge.feature).sort()).toEqual([
      'attendance',
      'business_succession',
      'crowdfunding',
      'invoice',
    ]);
  });

  it('shows an owner with every permission and flag all groups', () => {
    const owner = context({
      permittedActions: ALL_PERMISSIONS,
      features: ALL_FLAGS,
      conditions: { chat_enabled: true },
    });
    expect(filterMenu(COMPANY_MENU, owner)).toHaveLength(COMPANY_MENU.length);
  });

  it('hides the matching group from an employee with the default employee permissions', () => {
    const employee = context({
      userType: 'company_employee',
      permittedActions: ['company_news_read', 'company_chat_read', 'company_coupon_read'],
      features: ALL_FLAGS,
      conditions: { chat_enabled: true },
    });
    const shown = titles(filterMenu(COMPANY_MENU, employee));
    expect(shown).not.toContain('ビジネスマッチング');
    expect(shown).toContain('福利厚生');
  });

  it('shows the attendance service only to banks that enable it', () => {
    const owner = (enable_attendance: boolean) =>
      context({
        permittedActions: ALL_PERMISSIONS,
        features: { ...ALL_FLAGS, enable_attendance },
        conditions: { chat_enabled: true },
      });
    expect(titles(filterMenu(COMPANY_MENU, owner(true)))).toContain('勤怠サービス');
    expect(titles(filterMenu(COMPANY_MENU, owner(false)))).not.toContain('勤怠サービス');
  });

  it('shows the welfare menu to a super user', () => {
    const superUser = context({ isSuperUser: true, permittedActions: [] });
    expect(titles(filterMenu(COMPANY_MENU, superUser))).toContain('福利厚生');
  });

  it('shows partner information settings to partner companies only', () => {
    const settingsOf = (companyType: 'partner' | 'normal') =>
      titles(
        filterMenu(COMPANY_MENU, context({ companyType, isSuperUser: true, features: ALL_FLAGS })).find(
          (group) => group.title === '設定',
        )?.sub ?? [],
      );
    expect(settingsOf('partner')).toContain('パートナー情報');
    expect(settingsOf('normal')).not.toContain('パートナー情報');
    expect(settingsOf('partner')).not.toContain('ご利用明細');
  });
});

describe('the phone bottom bar', () => {
  const withChat = (userType: UserTypeCode) =>
    context({ userType, permittedActions: ALL_PERMISSIONS, conditions: { chat_enabled: true } });

  it('offers スタート, マッチング, チャット, 福利厚生 and サービス', () => {
    expect(titles(filterMenu(PHONE_BOTTOM_BAR_MENU, withChat('company_owner')))).toEqual([
      'スタート',
      'マッチング',
      'チャット',
      '福利厚生',
      'サービス',
    ]);
  });

  it('has no マッチング for company_employee', () => {
    expect(titles(filterMenu(PHONE_BOTTOM_BAR_MENU, withChat('company_employee')))).toEqual([
      'スタート',
      'チャット',
      '福利厚生',
      'サービス',
    ]);
  });

  it('hides チャット when chat is disabled for the user', () => {
    const user = {
      user_type: 'company_user' as const,
      company_type: 'normal' as const,
      user_is_super_user: false,
      permitted_actions: ALL_PERMISSIONS,
      disable_chat: true,
    };
    expect(titles(filterMenu(PHONE_BOTTOM_BAR_MENU, menuContextOf(user, { features: {} })))).not.toContain(
      'チャット',
    );
  });
});

describe('menuContextOf: the business-user setting', () => {
  const owner = {
    user_type: 'company_owner' as const,
    company_type: 'partner' as const,
    user_is_super_user: false,
    permitted_actions: ['company_setting_businessuser_write'],
    disable_chat: false,
  };

  it('shows with enable_business_user and the permission', () => {
    expect(
      menuContextOf(owner, { features: { enable_business_user: true } }).conditions.business_user_setting,
    ).toBe(true);
    expect(menuContextOf(owner, { features: {} }).conditions.business_user_setting).toBe(false);
  });

  it("shows to a partner company when the bank's partner business-user limit is above zero", () => {
    const context = menuContextOf(
      { ...owner, permitted_actions: [] },
      { features: {}, partner_company_user_limit: 3 },
    );
    expect(context.conditions.business_user_setting).toBe(true);
    const normal = menuContextOf(
      { ...owner, company_type: 'normal', permitted_actions: [] },
      { features: {}, partner_company_user_limit: 3 },
    );
    expect(normal.conditions.business_user_setting).toBe(false);
  });
});

describe('the admin menu', () => {
  const staff = (userType: UserTypeCode) =>
    context({ userType, companyType: null, permittedActions: ['login_read'], features: ALL_FLAGS });

  it('is valid menu data', () => {
    for (const item of allItems(ADMIN_MENU)) expect(() => z.parse(menuItemSchema, item)).not.toThrow();
  });

  it('shows the newsletter to system_admin and bank_admin only', () => {
    expect(titles(filterMenu(ADMIN_MENU, staff('system_admin')))).toContain('ニュースレター');
    expect(titles(filterMenu(ADMIN_MENU, staff('bank_admin')))).toContain('ニュースレター');
    expect(titles(filterMenu(ADMIN_MENU, staff('branch_admin')))).not.toContain('ニュースレター');
    expect(titles(filterMenu(ADMIN_MENU, staff('branch_user')))).not.toContain('ニュースレター');
  });

  it('lets the benefits and payment entries leave the application in a new tab', () => {
    const leaving = ADMIN_MENU.filter((item) => item.target === '_blank').map((item) => item.link);
    expect(leaving).toEqual(['/fukuri', '/invoice']);
  });
});

describe('findCurrentMenuItem', () => {
  it('finds the entry whose path is the longest prefix of the location', () => {
    expect(findCurrentMenuItem(COMPANY_MENU, '/mypage/succession/column/detail/3')?.title).toBe(
      '事業承継コラム',
    );
    expect(findCurrentMenuItem(COMPANY_MENU, '/mypage/succession/completed')?.title).toBe('事業承継の相談');
    expect(findCurrentMenuItem(ADMIN_MENU, '/admin/company/detail/12')?.title).toBe('企業一覧');
    expect(findCurrentMenuItem(COMPANY_MENU, '/mypage/news/cmc/4')?.title).toBe('ニュース');
  });

  it('does not match a path that merely starts with the same letters', () => {
    expect(findCurrentMenuItem(ADMIN_MENU, '/admin/companyregister/detail/1')?.title).toBe('企業登録申請');
    expect(findCurrentMenuItem(COMPANY_MENU, '/mypage/unknown')).toBeUndefined();
  });
});
