import { render, screen, within } from '@testing-library/react';
import {
  createMemoryRouter,
  matchRoutes,
  type RouteObject,
  RouterProvider,
} from '#client/lib/router/index.ts';
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
  isLiveLink as isLiveInTable,
  PAGE_TABLE,
} from '#server/contracts/page-table.ts';
import { isLiveLink, isLivePagePath } from '#client/lib/live-pages.ts';
import { AdminLayout } from '#client/app/layouts/admin-layout.tsx';
import { DefaultLayout } from '#client/app/layouts/default-layout.tsx';
import { allClientDomains } from '#client/app/lazy-domains.ts';
import { type AppRouteServices, createAppRoutes } from '#client/app/router.tsx';
import { footerContentOf } from '#client/components/site-footer/footer-content.ts';
import { config0182, FIXTURE_BANKS, withOptions } from '../fixtures/app-configs.ts';
import { createProviders, setWindowWidth, WIDTHS } from '../fixtures/render-layout.tsx';
import { fixtureUser } from '../fixtures/users.ts';
import { navigationLinks } from '#server/contracts/navigation-link-list.ts';
import { REGISTER_PATH } from '#client/features/home/components/hero.tsx';

/** Every committed bank's feature flags, as the operators wrote them in tenants/. */
const COMMITTED_BANKS = Object.entries(
  import.meta.glob<{ features: Record<string, boolean> }>('#tenants/*/tenant.json', {
    eager: true,
    import: 'default',
  }),
)
  .map(([file, tenant]) => ({ code: file.split('/').at(-2) ?? file, features: tenant.features }))
  .sort((a, b) => a.code.localeCompare(b.code));

// Building the route objects runs nothing: start-up, guards and pages run only when a route does.
// Every domain, the lazy ones too (their pages join the router on the first navigation to one).
const ROUTES = createAppRoutes(
  {
    placeholderConfig: null,
    errorPages: {},
    chunkReload: {},
    queryClient: () => Promise.reject(new Error('not in this test')),
    api: {},
    serverInfo: () => Promise.reject(new Error('not in this test')),
  } as unknown as AppRouteServices,
  await allClientDomains(),
);

/** The router's pages as `layout path`, in the page table's pattern style (`:id` is `{id}`). */
function routerPages(routes: readonly RouteObject[], layout?: string): string[] {
  return routes.flatMap((route) => {
    const own = route.id?.startsWith('layout-') ? route.id.slice('layout-'.length) : layout;
    const page =
      own && route.path && !route.id?.startsWith('not-found')
        ? [`${own} ${route.path.replace(/:(\w+)/g, '{$1}')}`]
        : [];
    return [...page, ...routerPages(route.children ?? [], own)];
  });
}

/** Where the router takes a path: the layout route's id and the page route's id (or path). */
function resolve(path: string) {
  const matches = matchRoutes(ROUTES, path) ?? [];
  const layout = matches.find((match) => match.route.id?.startsWith('layout-'))?.route.id;
  const leaf = matches.at(-1)?.route;
  return { layout, notFound: leaf === undefined || (leaf.id?.startsWith('not-found') ?? false) };
}

const linksOf = (items: readonly MenuItem[]): string[] =>
  items.flatMap((item) => [...(item.link ? [item.link] : []), ...linksOf(item.sub ?? [])]);

const inApp = (link: string) =>
  link.startsWith('/') && !(EXTERNAL_SERVICE_PATHS as readonly string[]).includes(link);

describe('the router and the page table (server/contracts/page-table.ts)', () => {
  it('list the same pages in the same layouts', () => {
    expect(routerPages(ROUTES).sort()).toEqual(
      PAGE_TABLE.map((page) => `${page.layout} ${page.path}`).sort(),
    );
  });

  it.each([
    ['/chat', 'layout-default'],
    ['/chat/rooms/3', 'layout-default'],
    ['/mypage/no-such-page', 'layout-default'],
    ['/admin/newsletter', 'layout-admin'],
  ])('draw %s, which no page answers, as the 404 page inside the area layout', (path, layout) => {
    expect(resolve(path)).toEqual({ layout, notFound: true });
  });

  it('draw a path outside the areas as the bare 404 page', () => {
    expect(resolve('/no-such-page')).toEqual({ layout: undefined, notFound: true });
  });
});

describe.each(COMMITTED_BANKS)('no dead links on bank $code', ({ features }) => {
  it.each(USER_TYPES.map((userType) => ({ userType })))(
    'every menu link of a $userType opens a page of its area in the router',
    ({ userType }: { userType: UserTypeCode }) => {
      const staff = isBankUser(userType);
      const menus = staff ? [ADMIN_MENU] : [COMPANY_MENU, PHONE_BOTTOM_BAR_MENU, MOBILE_APP_FOOTER_MENU];
      // A super user holds every permission: the most links the type's menus can offer (the unit test,
      // tests/unit/contracts/page-table.test.ts, also runs each type's default permissions).
      {
        const user = {
          user_type: userType,
          company_type: staff ? null : userType === 'partner_company_owner' ? 'partner' : 'normal',
          user_is_super_user: true,
          permitted_actions: [],
          disable_chat: false,
          is_permitted_ipaddress: true,
          offhour_message: null,
        } as const;
        const links = menus
          .flatMap((menu) => linksOf(offeredMenu(menu, user, { features }, isLivePagePath)))
          .filter(inApp);
        expect(links.length).toBeGreaterThan(0);
        for (const link of links) {
          expect(resolve(link), link).toEqual({
            layout: staff ? 'layout-admin' : 'layout-default',
            notFound: false,
          });
        }
      }
    },
  );
});

describe("the build-time list of the linked pages' paths (client/src/lib/live-pages.ts)", () => {
  // What the browser's menus, badges, counts and shortcuts check their links against: it must say
  // what the page table says of every link they can show.
  it.each(navigationLinks())('agrees with the page table on %s', (link) => {
    expect(isLiveLink(link)).toBe(isLiveInTable(link));
  });

  it("holds the navigation's links as the page table writes them, and no other path", () => {
    expect(isLivePagePath('/mypage/news/')).toBe(true);
    expect(isLivePagePath('/mypage/news?page=2#list')).toBe(true);
    expect(isLivePagePath('/mypage/no-such-page')).toBe(false);
    // A page no navigation links to (the inquiry's thank-you page) is not in the list.
    expect(isLivePagePath('/inquiry/completed')).toBe(false);
  });
});

describe.each(FIXTURE_BANKS)('the footer of bank $code', ({ config }) => {
  it('links only pages the router has', () => {
    const everything = withOptions(config(), {
      customize: { show_cookie_policy: true, show_footer_rc_rule: true },
    });
    const internal = footerContentOf(everything).links.flatMap((link) =>
      link.kind === 'internal' ? [link.to] : [],
    );
    expect(internal).toEqual(expect.arrayContaining(['/page/rule', '/page/rule_rc', '/inquiry']));
    for (const to of internal) expect(resolve(to), to).toEqual({ layout: 'layout-plain', notFound: false });
  });
});

describe('the top page', () => {
  it('links its application (ご利用のお申し込み) to a page the router has', () => {
    expect(resolve(REGISTER_PATH)).toEqual({ layout: 'layout-register', notFound: false });
  });
});

/** The router's routes of one layout, inside the layout itself (without its lazy load and guard). */
function renderInLayout(
  layoutId: string,
  Layout: () => React.ReactNode,
  path: string,
  userType: UserTypeCode,
) {
  const layoutRoute = ROUTES[0]?.children?.[0]?.children?.find((route) => route.id === layoutId);
  if (!layoutRoute?.children) throw new Error(`no ${layoutId}`);
  const { Providers } = createProviders({ config: config0182(), user: fixtureUser(userType) });
  const router = createMemoryRouter([{ Component: Layout, children: layoutRoute.children }], {
    initialEntries: [path],
  });
  render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  );
}

describe('a path of an area that no page answers', () => {
  it('shows a company owner on a phone the 404 page with the bottom bar still there (/chat)', async () => {
    setWindowWidth(WIDTHS.phone);
    renderInLayout('layout-default', DefaultLayout, '/chat', 'company_owner');
    expect(await screen.findByRole('heading', { level: 1, name: '404 Not Found' })).toBeInTheDocument();
    const bottomBar = screen.getByRole('navigation', { name: 'ボトムメニュー' });
    expect(within(bottomBar).getByRole('link', { name: 'スタート' })).toHaveAttribute(
      'href',
      '/mypage/dashboard',
    );
  });

  it('shows bank staff the 404 page inside the admin layout, with its side menu', async () => {
    setWindowWidth(WIDTHS.pc);
    renderInLayout('layout-admin', AdminLayout, '/admin/no-such-page', 'bank_admin');
    expect(await screen.findByRole('heading', { level: 1, name: '404 Not Found' })).toBeInTheDocument();
    const menu = screen.getByRole('navigation', { name: '管理メニュー' });
    expect(within(menu).getByRole('link', { name: 'ダッシュボード' })).toHaveAttribute(
      'href',
      '/admin/dashboard',
    );
  });
});
