import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from '#client/lib/router/index.ts';
import { ThemeProvider } from 'styled-components';
import { describe, expect, it } from 'vitest';
import type { PublicAppConfig } from '#server/contracts/app-config.ts';
import { staticPageRoutes } from '#client/features/static-pages/pages.tsx';
import { AppConfigProvider } from '#client/lib/app-config-context.tsx';
import { createTheme } from '#client/theme/create-theme.ts';
import { config0158, config0182, FIXTURE_BANKS } from '#tests/component/fixtures/app-configs.ts';

const PAGES = [
  { path: '/page/rule', title: '利用規約', numbered: '第1条（適用）' },
  { path: '/page/rule_portal', title: 'ポータルサービス利用規約', numbered: '第1条（目的）' },
  { path: '/page/rule_rc', title: 'R&C規約', numbered: '第1条（反社会的勢力の排除）' },
  { path: '/page/bm_rule', title: 'ビジネスマッチング利用規約', numbered: '第1条（本機能の内容）' },
  { path: '/page/cookie_policy', title: 'Cookieポリシー', numbered: '1．Cookieとは' },
  { path: '/page/suspending', title: 'サービス一時停止のお知らせ', numbered: null },
] as const;

/** Renders one static page the way the router loads it (lazily), for a bank's config. */
async function openPage(path: string, config: PublicAppConfig) {
  // A lazy first route needs a fallback while its chunk loads.
  const router = createMemoryRouter([{ HydrateFallback: () => null, children: staticPageRoutes }], {
    initialEntries: [path],
  });
  render(
    <AppConfigProvider config={config}>
      <ThemeProvider theme={createTheme(config.theme.tokens)}>
        <RouterProvider router={router} />
      </ThemeProvider>
    </AppConfigProvider>,
  );
  return screen.findByRole('heading', { level: 1 });
}

describe.each(FIXTURE_BANKS)('static pages of bank $code', ({ config: configOf }) => {
  const config = configOf();

  it.each(PAGES)(
    '$path shows its title, the bank and the service by name, and the contact desk',
    async (page) => {
      const heading = await openPage(page.path, config);
      expect(heading.textContent).toBe(page.title);

      const text = document.body.textContent ?? '';
      expect(text).toContain(config.bank.name);
      expect(text).toContain(config.system_name);
      // Every page names whom to ask: the bank's own desk, telephone and e-mail.
      expect(screen.getByText(config.bank.contact.name)).toBeInTheDocument();
      expect(screen.getByRole('link', { name: config.bank.contact.tel }).getAttribute('href')).toBe(
        `tel:${config.bank.contact.tel}`,
      );
      expect(screen.getByRole('link', { name: config.bank.contact.email }).getAttribute('href')).toBe(
        `mailto:${config.bank.contact.email}`,
      );
    },
  );

  it.each(PAGES.filter((page) => page.numbered !== null))(
    '$path numbers its sections and says when it took effect',
    async (page) => {
      await openPage(page.path, config);
      const headings = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
      expect(headings[0]).toBe(page.numbered);
      const prefix = page.numbered?.startsWith('第') ? /^第(\d+)条（.+）$/ : /^(\d+)．.+$/;
      expect(headings.map((heading) => Number(prefix.exec(heading ?? '')?.[1]))).toEqual(
        headings.map((_heading, index) => index + 1),
      );
      const enacted = screen.getByText('2025年4月1日');
      expect(enacted.tagName).toBe('TIME');
      expect(enacted.getAttribute('datetime')).toBe('2025-04-01');
    },
  );
});

describe('the terms', () => {
  it('list prohibited acts as numbered items under their article', async () => {
    await openPage('/page/rule', config0182());
    const article = screen.getByRole('region', { name: '第5条（禁止事項）' });
    const items = within(article).getAllByRole('listitem');
    expect(items[0]?.textContent).toBe('（1）法令、公序良俗または本規約に違反する行為');
    expect(items.at(-1)?.textContent).toBe('（8）その他、当行が不適切と判断する行為');
  });

  it('define R&C as risk and compliance', async () => {
    await openPage('/page/rule_rc', config0182());
    expect(
      screen.getByText('リスク管理およびコンプライアンス（Risk & Compliance）に関する規約'),
    ).toBeInTheDocument();
  });
});

describe('the cookie policy', () => {
  it('names the analysis tools where the bank loads them', async () => {
    const config = config0182();
    expect(config.ga_id).not.toBeNull();
    await openPage('/page/cookie_policy', config);
    expect(screen.getByRole('heading', { name: '3．アクセス解析ツールの利用' })).toBeInTheDocument();
    expect(document.body.textContent).toContain('分析のCookie');
  });

  it('does not claim analysis tools for a bank whose pages load none', async () => {
    await openPage('/page/cookie_policy', { ...config0158(), ga_id: null, gtm_id: null });
    expect(document.body.textContent).not.toContain('Google アナリティクス');
    expect(document.body.textContent).not.toContain('分析のCookie');
    expect(screen.getByRole('heading', { name: '3．第三者への提供' })).toBeInTheDocument();
  });

  it('does not claim analysis tools when the bank switched its analytics tag off', async () => {
    const config = config0182();
    await openPage('/page/cookie_policy', {
      ...config,
      customize: { ...config.customize, enable_analytics_tag: false },
    });
    expect(document.body.textContent).not.toContain('Google アナリティクス');
  });
});
