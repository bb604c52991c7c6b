import { describe, expect, it } from 'vitest';
import { isBankUser, USER_TYPES, type UserTypeCode } from '#server/contracts/account-types.ts';
import { offeredMenu } from '#server/contracts/menu.ts';
import type { MenuItem } from '#server/contracts/menu-item.ts';
import {
  ADMIN_MENU,
  COMPANY_MENU,
  MOBILE_APP_FOOTER_MENU,
  PHONE_BOTTOM_BAR_MENU,
} from '#server/contracts/menu-data.ts';
import {
  EXTERNAL_SERVICE_PATHS,
  findPage,
  isLiveLink,
  isPagePath,
  PAGE_TABLE,
  withExistingPages,
} from '#server/contracts/page-table.ts';
import { definePages, type PageList, pagesOf } from '#server/contracts/pages/page-list.ts';
import { DEFAULT_USER_TYPE_PERMISSIONS } from '#server/db/master-data/account-type-rows.ts';
import { committedTenants } from '#tests/support/tenants.ts';

const linksOf = (items: readonly MenuItem[]): string[] =>
  items.flatMap((item) => [...(item.link ? [item.link] : []), ...linksOf(item.sub ?? [])]);

describe('the page table', () => {
  it('lists each page path once', () => {
    const paths = PAGE_TABLE.map((page) => page.path);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('answers the pages that exist, with their layout and rule, and nothing else', () => {
    expect(findPage('/')).toEqual({ path: '/', layout: 'plain' });
    expect(findPage('/mypage/news/detail/42')).toEqual({
      path: '/mypage/news/detail/{id}',
      layout: 'default',
      rule: 'news',
    });
    expect(findPage('/admin/xba/seminar/detail/7')?.layout).toBe('admin');
    expect(isPagePath('/mypage/dashboard')).toBe(true);
    expect(isPagePath('/mypage')).toBe(true);
    expect(isPagePath('/chat')).toBe(false);
    expect(isPagePath('/mypage/no-such-page')).toBe(false);
    expect(isPagePath('/mypage/news/detail/42/more')).toBe(false);
    expect(isPagePath('/no-such-page')).toBe(false);
  });

  it('ignores a trailing slash, the query and the fragment', () => {
    expect(isPagePath('/mypage/news/')).toBe(true);
    expect(isPagePath('/mypage/news?page=2&rows=50#list')).toBe(true);
    expect(isPagePath('/inquiry#form')).toBe(true);
  });
});

describe('isLiveLink', () => {
  it('takes a page, an external service and an address outside the app as live', () => {
    expect(isLiveLink('/mypage/seminar')).toBe(true);
    for (const exit of EXTERNAL_SERVICE_PATHS) expect(isLiveLink(exit)).toBe(true);
    expect(isLiveLink('https://help.example.jp/')).toBe(true);
  });

  it('takes an app path no page answers as dead', () => {
    expect(isLiveLink('/mypage/help')).toBe(false);
    expect(isLiveLink('/admin/newsletter')).toBe(false);
  });
});

describe('withExistingPages', () => {
  const items: MenuItem[] = [
    { title: 'ダッシュボード', link: '/mypage/dashboard' },
    { title: 'まだない', link: '/mypage/not-yet' },
    {
      title: 'グループ',
      sub: [
        { title: 'ニュース', link: '/mypage/news' },
        { title: 'ヘルプ', link: '/mypage/help', target: '_blank' },
      ],
    },
    { title: '空になるグループ', sub: [{ title: 'フォーラム', link: '/mypage/forum' }] },
    { title: '福利厚生サービス', link: '/fukuri', target: '_blank' },
    { title: 'サービス', action: 'open_navigation' },
  ];

  it('drops the entries no page answers and the groups left empty; keeps exits and actions', () => {
    expect(withExistingPages(items)).toEqual([
      { title: 'ダッシュボード', link: '/mypage/dashboard' },
      { title: 'グループ', sub: [{ title: 'ニュース', link: '/mypage/news' }] },
      { title: '福利厚生サービス', link: '/fukuri', target: '_blank' },
      { title: 'サービス', action: 'open_navigation' },
    ]);
  });

  it('shows an entry once a domain lands its page', () => {
    const withForum: PageList = [
      ...PAGE_TABLE,
      ...pagesOf(definePages('default', { forum: '/mypage/forum' })),
    ];
    expect(linksOf(withExistingPages(items, withForum))).toContain('/mypage/forum');
  });
});

/** An account of each type as the menu and the route rules read it. */
function accountOf(userType: UserTypeCode, superUser: boolean) {
  return {
    user_type: userType,
    company_type: isBankUser(userType) ? null : userType === 'partner_company_owner' ? 'partner' : 'normal',
    user_is_super_user: superUser,
    permitted_actions: [...DEFAULT_USER_TYPE_PERMISSIONS[userType]],
    disable_chat: false,
    is_permitted_ipaddress: true,
    offhour_message: null,
  } as const;
}

describe.each(committedTenants().map((tenant) => ({ code: tenant.code, features: tenant.features })))(
  'the menus of bank $code',
  ({ features }) => {
    describe.each(
      USER_TYPES.flatMap((userType) => [false, true].map((superUser) => ({ userType, superUser }))),
    )('for a $userType (super user: $superUser)', ({ userType, superUser }) => {
      const user = accountOf(userType, superUser);
      const staff = isBankUser(userType);
      const menus = staff
        ? { side: ADMIN_MENU }
        : {
            side: COMPANY_MENU,
            phoneBottomBar: PHONE_BOTTOM_BAR_MENU,
            mobileAppFooter: MOBILE_APP_FOOTER_MENU,
          };

      it.each(Object.entries(menus))(
        'offer in the %s menu only links a page of the area answers',
        (_name, menu) => {
          const links = linksOf(offeredMenu(menu, user, { features }, (path) => isPagePath(path)));
          expect(links).toContain(staff ? '/admin/dashboard' : '/mypage/dashboard');
          for (const link of links) {
            if (!link.startsWith('/') || (EXTERNAL_SERVICE_PATHS as readonly string[]).includes(link))
              continue;
            expect(findPage(link)?.layout, link).toBe(staff ? 'admin' : 'default');
          }
        },
      );
    });
  },
);
