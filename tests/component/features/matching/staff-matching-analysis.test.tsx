import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from '#client/lib/router/index.ts';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { japanDateString } from '#server/contracts/japan-day.ts';
import {
  addMonths,
  type AnalysisFigures,
  type MatchingAnalysis,
  monthsBetween,
  STAFF_MATCHING_MESSAGES,
} from '#server/contracts/matching-staff.ts';
import { matchingAdminRoutes } from '#client/features/matching/admin-pages.tsx';
import { type MasterList, masterListQueryOptions } from '#client/lib/master-data.ts';
import { createProviders, fakeApiClient, successAnswer } from '#tests/component/fixtures/render-layout.tsx';
import { ErrorStatus, requestsTo } from '#tests/component/fixtures/registration-fixtures.tsx';
import { fixtureUser } from '#tests/component/fixtures/users.ts';

/**
 * /admin/xba/analyse: the matching analysis as the real lazy route renders it — totals, then per
 * month, category and branch a chart (named for assistive technology) with its figures as a table —
 * and the period form.
 */

const ANALYSE = 'GET /api/v1/admin/xba/analyse';

/** The master's matching actions; the page names 商談依頼 and 成約 with them (here renamed). */
const ACTIONS: MasterList<'analyse_action'> = [
  { code: 'matching_search', name: 'ニーズ検索', category: 'matching' },
  { code: 'deal_request', name: '商談依頼数', category: 'matching' },
  { code: 'deal_contract', name: '成約数', category: 'matching' },
];

const figures = (need: number, requested: number, accepted: number, contracted: number): AnalysisFigures => ({
  need_created: need,
  deal_requested: requested,
  deal_accepted: accepted,
  deal_contracted: contracted,
});

function analysisOf(from: string, to: string): MatchingAnalysis {
  const months = monthsBetween(from, to);
  return {
    from,
    to,
    months: months.map((month, index) =>
      index === months.length - 1 ? { month, ...figures(3, 2, 1, 1) } : { month, ...figures(0, 0, 0, 0) },
    ),
    categories: [
      { need_category: 'sell', ...figures(1, 0, 0, 0) },
      { need_category: 'buy', ...figures(1, 2, 1, 1) },
      { need_category: 'rent', ...figures(0, 0, 0, 0) },
      { need_category: 'lease', ...figures(0, 0, 0, 0) },
      { need_category: 'build', ...figures(1, 0, 0, 0) },
    ],
    branches: [
      { bb_id: 1, bb_name: '本店営業部', ...figures(2, 1, 0, 0) },
      { bb_id: 6, bb_name: '法人営業部', ...figures(1, 2, 1, 1) },
      { bb_id: null, bb_name: null, ...figures(1200, 0, 0, 0) },
    ],
    totals: figures(1203, 2, 1, 1),
  };
}

// jsdom draws no canvas: the charts are the module's stand-in here, given the same props (the real
// Chart.js charts have their own test, staff-matching-charts.test.tsx).
vi.mock('#client/features/matching/admin/matching-analysis-charts.tsx', () => ({
  AnalysisBarChart: ({
    label,
    labels,
    rows,
  }: {
    label: string;
    labels: string[];
    rows: AnalysisFigures[];
  }) => <canvas role="img" aria-label={label} data-labels={labels.join(',')} data-rows={rows.length} />,
}));

beforeAll(async () => {
  await import('#client/features/matching/admin/matching-analysis-page.tsx');
}, 30_000);

function renderAnalysis(path = '/admin/xba/analyse') {
  const { Providers, fetch, queryClient } = createProviders({
    user: fixtureUser('bank_admin'),
    api: {
      [ANALYSE]: (_body, url) => {
        const thisMonth = japanDateString().slice(0, 7);
        const to = url.searchParams.get('to') ?? thisMonth;
        return successAnswer(analysisOf(url.searchParams.get('from') ?? addMonths(to, -11), to));
      },
    },
  });
  const { api } = fakeApiClient();
  queryClient.setQueryData(masterListQueryOptions(api, 'analyse_action').queryKey, ACTIONS);
  const router = createMemoryRouter(
    [
      {
        ErrorBoundary: ErrorStatus,
        HydrateFallback: () => null,
        children: [...matchingAdminRoutes, { path: '*', element: <p>ほかのページ</p> }],
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { fetch, router, user: userEvent.setup() };
}

const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));

describe('/admin/xba/analyse', () => {
  it('shows the last twelve months: totals, and per month, category and branch a chart and its table', async () => {
    const { fetch } = renderAnalysis();
    const month = japanDateString().slice(0, 7);
    const from = addMonths(month, -11);
    const monthly = await screen.findByRole('table', { name: /^月別の推移/ });
    expect(requestsTo(fetch, ANALYSE)[0]?.url.search).toBe('');
    const label = (value: string) => `${Number(value.slice(0, 4))}年${Number(value.slice(5, 7))}月`;
    expect(within(monthly).getByText(`月別の推移（${label(from)}〜${label(month)}）`)).toBeVisible();
    const monthRows = rowsOf(monthly);
    // The series named with the analyse_action master's words where it has them.
    expect(monthRows[0]).toEqual(['月', 'ニーズ登録', '商談依頼数', '商談開始', '成約数']);
    expect(monthRows).toHaveLength(13);
    expect(monthRows.at(-1)).toEqual([label(month), '3', '2', '1', '1']);
    expect(rowsOf(screen.getByRole('table', { name: /^カテゴリ別/ })).slice(1)).toEqual([
      ['売りたい', '1', '0', '0', '0'],
      ['買いたい', '1', '2', '1', '1'],
      ['借りたい', '0', '0', '0', '0'],
      ['貸したい', '0', '0', '0', '0'],
      ['作ってほしい', '1', '0', '0', '0'],
    ]);
    expect(rowsOf(screen.getByRole('table', { name: /^お取引店別/ })).slice(1)).toEqual([
      ['本店営業部', '2', '1', '0', '0'],
      ['法人営業部', '1', '2', '1', '1'],
      ['お取引店なし', '1,200', '0', '0', '0'],
    ]);
    // The totals, with thousands separated.
    expect(screen.getByText('1,203件')).toBeVisible();
    // Each chart is a canvas named for what it shows.
    const charts = screen.getAllByRole('img');
    expect(charts.map((chart) => chart.getAttribute('aria-label'))).toEqual([
      `月別の推移（${label(from)}〜${label(month)}）のグラフ`,
      `カテゴリ別（${label(from)}〜${label(month)}）のグラフ`,
      `お取引店別（${label(from)}〜${label(month)}）のグラフ`,
    ]);
    expect(charts[1]).toHaveAttribute('data-labels', '売りたい,買いたい,借りたい,貸したい,作ってほしい');
    expect(charts[2]).toHaveAttribute('data-labels', '本店営業部,法人営業部,お取引店なし');
    // The form shows the period in force.
    expect(screen.getByLabelText('開始月')).toHaveValue(from);
    expect(screen.getByLabelText('終了月')).toHaveValue(month);
  });

  it('asks for the period entered, kept in the URL; one longer than 24 months says why and is not asked', async () => {
    const { fetch, router, user } = renderAnalysis();
    await screen.findByRole('table', { name: /^月別の推移/ });
    const fromInput = screen.getByLabelText('開始月');
    const toInput = screen.getByLabelText('終了月');
    fireEvent.change(fromInput, { target: { value: '2024-01' } });
    fireEvent.change(toInput, { target: { value: '2026-01' } });
    await user.click(screen.getByRole('button', { name: '表示' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(STAFF_MATCHING_MESSAGES.periodTooLong);
    expect(toInput).toHaveAttribute('aria-invalid', 'true');
    expect(router.state.location.search).toBe('');
    fireEvent.change(fromInput, { target: { value: '2025-02' } });
    await user.click(screen.getByRole('button', { name: '表示' }));
    await waitFor(() => expect(router.state.location.search).toBe('?from=2025-02&to=2026-01'));
    await waitFor(() =>
      expect(Object.fromEntries(requestsTo(fetch, ANALYSE).at(-1)!.url.searchParams)).toEqual({
        from: '2025-02',
        to: '2026-01',
      }),
    );
    expect(await screen.findByText('月別の推移（2025年2月〜2026年1月）')).toBeVisible();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('leaves out a period in the URL the server would refuse, and shows the default one', async () => {
    const { fetch } = renderAnalysis('/admin/xba/analyse?from=2026-05&to=2026-04');
    await screen.findByRole('table', { name: /^月別の推移/ });
    expect(requestsTo(fetch, ANALYSE)[0]?.url.search).toBe('');
  });
});
