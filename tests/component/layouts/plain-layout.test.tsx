import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { PlainLayout } from '#client/app/layouts/plain-layout.tsx';
import { config0158, config0182, withOptions } from '../fixtures/app-configs.ts';
import { PAGE_TEXT, renderLayout, WIDTHS } from '../fixtures/render-layout.tsx';
import { fixtureUser } from '../fixtures/users.ts';

beforeEach(() => {
  localStorage.clear();
});

function footerLinks() {
  const footer = screen.getByRole('contentinfo');
  return within(within(footer).getByRole('navigation', { name: 'フッターメニュー' }))
    .getAllByRole('link')
    .map((link) => ({
      name: link.textContent?.replace('（新しいタブで開きます）', ''),
      href: link.getAttribute('href'),
      newTab: link.getAttribute('target') === '_blank',
    }));
}

describe('plain layout: application bar', () => {
  it('shows a visitor the bank logo linking to /, help in a new tab and ログイン', () => {
    renderLayout(PlainLayout, { path: '/page/rule' });
    const bar = screen.getByRole('banner');
    expect(within(bar).getByRole('img', { name: 'しおさい銀行' }).closest('a')?.getAttribute('href')).toBe(
      '/',
    );
    expect(
      within(bar)
        .getByRole('link', { name: /ヘルプ/ })
        .getAttribute('href'),
    ).toBe('https://help.shiosai-bank.example.jp/portal/');
    expect(within(bar).getByRole('link', { name: 'ログイン' }).getAttribute('href')).toBe('/login');
    expect(within(bar).queryByRole('link', { name: 'ログアウト' })).not.toBeInTheDocument();
    expect(screen.getByText(PAGE_TEXT)).toBeInTheDocument();
  });

  it('shows a logged-in user on a PC the profile block (name, company) and logout to /logout', async () => {
    renderLayout(PlainLayout, { user: fixtureUser('partner_company_owner'), width: WIDTHS.pc });
    const profile = await screen.findByTestId('profile-block');
    expect(profile.textContent).toContain('田中 直樹');
    expect(profile.textContent).toContain('ミライテック株式会社');
    expect(screen.getByRole('link', { name: 'ログアウト' }).getAttribute('href')).toBe('/logout');
  });

  it('shows the company logo in the profile block when the company has one', async () => {
    const user = fixtureUser('company_owner', { company_logo_file: { file_unique_code: 'logo-abc' } });
    renderLayout(PlainLayout, { user, width: WIDTHS.pc });
    const logo = within(await screen.findByTestId('profile-block')).getByRole('img');
    expect(logo.getAttribute('alt')).toBe('株式会社さくら精工のロゴ');
    expect(logo.getAttribute('src')).toContain('logo-abc');
  });

  it('keeps the profile block off tablets and phones', () => {
    renderLayout(PlainLayout, { user: fixtureUser('company_owner'), width: WIDTHS.tablet });
    expect(screen.queryByTestId('profile-block')).not.toBeInTheDocument();
  });

  it('hides help when the bank turned it off', () => {
    renderLayout(PlainLayout, { config: withOptions(config0182(), { customize: { show_help: false } }) });
    expect(screen.queryByRole('link', { name: /ヘルプ/ })).not.toBeInTheDocument();
  });

  it('titles the document with the service name and the bank name', () => {
    renderLayout(PlainLayout, { config: config0158() });
    expect(document.title).toBe('やまぶき経営サポートナビ | やまぶき銀行');
  });
});

describe('plain layout: impersonation banner', () => {
  it('shows the red banner while a switch-from marker exists; pressing it goes to /login?switch_back=1, trading the switch-from marker for the switch-back marker', async () => {
    localStorage.setItem('user_switch_from', 'user-sysadmin');
    const user = userEvent.setup();
    renderLayout(PlainLayout, { user: fixtureUser('company_owner') });
    const banner = await screen.findByRole('link', { name: /元のユーザーに戻ります/ });
    expect(banner.getAttribute('href')).toBe('/login?switch_back=1');
    // jsdom cannot load another page; the browser would follow the link after the click.
    document.addEventListener('click', (event) => event.preventDefault(), { once: true });
    await user.click(banner);
    expect(localStorage.getItem('user_switch_back')).toBe('user-sysadmin');
    expect(localStorage.getItem('user_switch_from')).toBeNull();
  });

  it('shows no banner without the marker', () => {
    renderLayout(PlainLayout, { user: fixtureUser('company_owner') });
    expect(screen.queryByRole('link', { name: /元のユーザーに戻ります/ })).not.toBeInTheDocument();
  });
});

describe('site footer per bank', () => {
  it('0182: logo, bank code, rule, its own cookie policy, R&C rule, privacy policy, inquiry and copyright', () => {
    renderLayout(PlainLayout, { config: config0182() });
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByRole('img', { name: 'しおさい銀行' })).toBeInTheDocument();
    expect(within(footer).getByText('金融機関コード：0182')).toBeInTheDocument();
    expect(footerLinks()).toEqual([
      { name: '利用規約', href: '/page/rule', newTab: false },
      { name: 'Cookieポリシー', href: 'https://www.shiosai-bank.example.jp/cookie-policy/', newTab: true },
      { name: 'R&C規約', href: '/page/rule_rc', newTab: false },
      { name: 'プライバシーポリシー', href: 'https://www.shiosai-bank.example.jp/privacy/', newTab: true },
      { name: 'お問い合わせ', href: '/inquiry', newTab: false },
    ]);
    expect(within(footer).getByText('© 2025 しおさい銀行')).toBeInTheDocument();
  });

  it('0158: no bank code (hide_bank_code), no cookie policy, no R&C rule', () => {
    renderLayout(PlainLayout, { config: config0158() });
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByRole('img', { name: 'やまぶき銀行' })).toBeInTheDocument();
    expect(within(footer).queryByText(/金融機関コード/)).not.toBeInTheDocument();
    expect(footerLinks().map((link) => link.name)).toEqual([
      '利用規約',
      'プライバシーポリシー',
      'お問い合わせ',
    ]);
  });

  it('hides the logo when customize.show_footer_logo is off', () => {
    renderLayout(PlainLayout, {
      config: withOptions(config0182(), { customize: { show_footer_logo: false } }),
    });
    expect(within(screen.getByRole('contentinfo')).queryByRole('img')).not.toBeInTheDocument();
  });

  it('hides the bank code when customize.show_footer_bank_code is off, even where hide_bank_code is not set', () => {
    renderLayout(PlainLayout, {
      config: withOptions(config0182(), { customize: { show_footer_bank_code: false } }),
    });
    expect(within(screen.getByRole('contentinfo')).queryByText(/金融機関コード/)).not.toBeInTheDocument();
  });

  it('links the portal cookie policy page when the bank shows a cookie policy but has none of its own', () => {
    const config = {
      ...withOptions(config0158(), { customize: { show_cookie_policy: true } }),
      cookie_policy_url: null,
    };
    renderLayout(PlainLayout, { config });
    expect(footerLinks()).toContainEqual({
      name: 'Cookieポリシー',
      href: '/page/cookie_policy',
      newTab: false,
    });
  });
});
