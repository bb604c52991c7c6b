import { screen, within } from '@testing-library/react';
import type { ComponentType } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { EmptyLayout } from '#client/app/layouts/empty-layout.tsx';
import { PlainLayout } from '#client/app/layouts/plain-layout.tsx';
import { RegisterLayout } from '#client/app/layouts/register-layout.tsx';
import { RegisterUpgradeLayout } from '#client/app/layouts/register-upgrade-layout.tsx';
import { FIXTURE_BANKS } from '../fixtures/app-configs.ts';
import { PAGE_TEXT, renderLayout, WIDTHS } from '../fixtures/render-layout.tsx';
import { ACCOUNT_TYPES, fixtureUser } from '../fixtures/users.ts';

beforeEach(() => {
  localStorage.clear();
});

function BizsolUpgradeLayout() {
  return <RegisterUpgradeLayout variant="bizsol" />;
}
function IbmftUpgradeLayout() {
  return <RegisterUpgradeLayout variant="ibmft" />;
}

/** What each layout without navigation puts around the page, whoever is logged in and at any width. */
const LAYOUTS: { name: string; Layout: ComponentType; path: string; bar: boolean; footer: boolean }[] = [
  { name: 'plain', Layout: PlainLayout, path: '/page/rule', bar: true, footer: true },
  { name: 'empty', Layout: EmptyLayout, path: '/callback', bar: false, footer: false },
  { name: 'register', Layout: RegisterLayout, path: '/register/agreement', bar: true, footer: true },
  {
    name: 'register on /register/portal',
    Layout: RegisterLayout,
    path: '/register/portal/enable',
    bar: true,
    footer: false,
  },
  {
    name: 'register-upgrade (bizsol)',
    Layout: BizsolUpgradeLayout,
    path: '/register/bizsol',
    bar: true,
    footer: true,
  },
  {
    name: 'register-upgrade (ibmft)',
    Layout: IbmftUpgradeLayout,
    path: '/register/ibmft/progress',
    bar: true,
    footer: true,
  },
];

describe.each(FIXTURE_BANKS)('layouts without navigation on bank $code', ({ config }) => {
  describe.each(LAYOUTS)('$name layout', ({ Layout, path, bar, footer }) => {
    it.each(ACCOUNT_TYPES.flatMap((userType) => Object.values(WIDTHS).map((width) => ({ userType, width }))))(
      'for a $userType at $width px: the page, with no navigation menu or bottom bar',
      ({ userType, width }) => {
        renderLayout(Layout, { config: config(), user: fixtureUser(userType), width, path });
        expect(within(screen.getByRole('main')).getByText(PAGE_TEXT)).toBeInTheDocument();
        expect(screen.queryByRole('banner') !== null).toBe(bar);
        expect(screen.queryByRole('contentinfo') !== null).toBe(footer);
        expect(screen.queryByRole('navigation', { name: 'メインメニュー' })).not.toBeInTheDocument();
        expect(screen.queryByRole('navigation', { name: 'ボトムメニュー' })).not.toBeInTheDocument();
      },
    );
  });
});

describe('register layouts', () => {
  it('register: the bank logo linking to /, 新規登録, and the site footer', () => {
    renderLayout(RegisterLayout, { path: '/register/agreement' });
    const header = screen.getByRole('banner');
    expect(within(header).getByRole('img', { name: 'しおさい銀行' }).closest('a')?.getAttribute('href')).toBe(
      '/',
    );
    expect(within(header).getByText('新規登録')).toBeInTheDocument();
    expect(
      within(screen.getByRole('contentinfo')).getByRole('link', { name: '利用規約' }),
    ).toBeInTheDocument();
  });

  it.each(['/register/portal', '/register/portal/enable', '/register/portal/thankyou'])(
    'register: hides the footer on %s',
    (path) => {
      renderLayout(RegisterLayout, { path });
      expect(screen.queryByRole('contentinfo')).not.toBeInTheDocument();
    },
  );

  it('register: keeps the footer on /register/portals-like paths that are not under /register/portal', () => {
    renderLayout(RegisterLayout, { path: '/register/portalx' });
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
  });

  it.each([
    { Layout: BizsolUpgradeLayout, caption: 'ビジネスソリューション会員の方のお申し込み' },
    { Layout: IbmftUpgradeLayout, caption: 'インターネットバンキング会員の方のお申し込み' },
  ])(
    'register-upgrade: names the service the visitor comes from ($caption) and only the copyright below',
    ({ Layout, caption }) => {
      renderLayout(Layout, { path: '/register/bizsol/as_owner' });
      expect(within(screen.getByRole('banner')).getByText(caption)).toBeInTheDocument();
      const footer = screen.getByRole('contentinfo');
      expect(footer.textContent).toBe('© 2025 しおさい銀行');
      expect(within(footer).queryByRole('link')).not.toBeInTheDocument();
    },
  );
});
