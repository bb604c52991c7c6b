import { render, screen, within } from '@testing-library/react';
import type { ComponentType } from 'react';
import { createMemoryRouter, RouterProvider } from '#client/lib/router/index.ts';
import { describe, expect, it } from 'vitest';
import type { LoggedInUser } from '#server/contracts/logged-in-user.ts';
import { AdminDashboardPage } from '#client/features/dashboard/admin-dashboard-page.tsx';
import { CompanyDashboardPage } from '#client/features/dashboard/company-dashboard-page.tsx';
import { FIXTURE_BANKS } from '#tests/component/fixtures/app-configs.ts';
import { createProviders } from '#tests/component/fixtures/render-layout.tsx';
import { fixtureUser } from '#tests/component/fixtures/users.ts';

function renderPage(Page: ComponentType, user: LoggedInUser, config = FIXTURE_BANKS[0].config()) {
  const { Providers } = createProviders({ config, user });
  const router = createMemoryRouter([{ path: '*', Component: Page }], { initialEntries: ['/'] });
  render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  );
}

const greeting = () => screen.getByRole('region', { name: 'ログイン中のユーザー' });
const card = (name: string) => screen.queryByRole('region', { name });
const links = (name: string) =>
  within(screen.getByRole('region', { name }))
    .getAllByRole('link')
    .map((link) => link.textContent);

describe.each(FIXTURE_BANKS)('company dashboard on bank $code', ({ config, code }) => {
  it('greets an owner with name, company and role, and offers only the pages that exist', () => {
    renderPage(CompanyDashboardPage, fixtureUser('company_owner'), config());
    expect(within(greeting()).getByText('ようこそ、佐藤 健一 様')).toBeInTheDocument();
    expect(within(greeting()).getByText('株式会社さくら精工')).toBeInTheDocument();
    expect(within(greeting()).getByText('企業オーナー')).toBeInTheDocument();
    // The chat and subsidy pages have not landed (server/contracts/page-table.ts); the matching
    // search (issue 17) and the user's own profile (issue 16) have.
    expect(links('よく使うページ')).toEqual(['ニュース', 'ニーズを探す', 'セミナー', 'プロフィール']);
    // Of the management pages, the company's profile (issue 15), its accounts (issue 16) and its
    // needs (issue 17) have landed; the usage statement is offered where the bank has available_invoice.
    const invoice = config().features.available_invoice ? ['ご利用明細'] : [];
    expect(links('企業の管理'), code).toEqual(['企業情報', 'アカウント管理', '自社ニーズの登録', ...invoice]);
  });

  it('greets a partner owner with the partner company', () => {
    renderPage(CompanyDashboardPage, fixtureUser('partner_company_owner'), config());
    expect(within(greeting()).getByText('ようこそ、田中 直樹 様')).toBeInTheDocument();
    expect(within(greeting()).getByText('ミライテック株式会社')).toBeInTheDocument();
    expect(within(greeting()).getByText('パートナー企業オーナー')).toBeInTheDocument();
  });

  it('greets an employee, offers only the pages the rules open, and no management section', () => {
    renderPage(CompanyDashboardPage, fixtureUser('company_employee'), config());
    expect(within(greeting()).getByText('ようこそ、高橋 大輔 様')).toBeInTheDocument();
    expect(within(greeting()).getByText('従業員')).toBeInTheDocument();
    expect(card('企業の管理')).toBeNull();
    const everyday = links('よく使うページ');
    expect(everyday).toContain('ニュース');
    expect(everyday).not.toContain('ニーズを探す');
    expect(everyday).not.toContain('銀行とのチャット');
  });
});

describe.each(FIXTURE_BANKS)('admin dashboard on bank $code', ({ config }) => {
  it('greets a branch user with name, branch and role', () => {
    renderPage(AdminDashboardPage, fixtureUser('branch_user'), config());
    expect(within(greeting()).getByText('ようこそ、中村 さくら 様')).toBeInTheDocument();
    expect(within(greeting()).getByText('本店営業部')).toBeInTheDocument();
    expect(within(greeting()).getByText('支店ユーザー')).toBeInTheDocument();
    // Branch staff may not act as another user nor open the newsletters.
    expect(links('よく使うページ')).not.toContain('ユーザー一覧（切り替えてログイン）');
    expect(links('よく使うページ')).not.toContain('ニュースレター');
  });

  it('greets a bank admin, with the to-do counts and the admin pages', () => {
    renderPage(AdminDashboardPage, fixtureUser('bank_admin', { user_bb_name: '本部' }), config());
    expect(within(greeting()).getByText('ようこそ、渡辺 真理子 様')).toBeInTheDocument();
    expect(within(greeting()).getByText('本部')).toBeInTheDocument();
    expect(within(greeting()).getByText('銀行管理者')).toBeInTheDocument();
    // The counts show; the pages that list them have not landed, so they are not links yet.
    const pending = screen.getByRole('region', { name: '対応が必要な件数' });
    for (const count of ['承認待ちのチャット：0件', '未返信のチャット：0件', '未完了のお問い合わせ：0件']) {
      expect(within(pending).getByText(count)).toBeInTheDocument();
    }
    expect(within(pending).queryAllByRole('link')).toEqual([]);
    expect(links('よく使うページ')).toEqual([
      '企業一覧',
      '企業登録申請',
      'ニュース',
      'ユーザー一覧（切り替えてログイン）',
    ]);
  });
});
