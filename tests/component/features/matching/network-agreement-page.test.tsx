import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterContextProvider, RouterProvider } from '#client/lib/router/index.ts';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { UserTypeCode } from '#server/contracts/account-types.ts';
import type { PublicAppConfig } from '#server/contracts/app-config.ts';
import {
  AGREEMENT_MESSAGES,
  type AgreementPage,
  matchingTerms,
} from '#server/contracts/matching-agreement.ts';
import { OverlaySpinner } from '#client/components/feedback/overlay.tsx';
import { ToastViewport } from '#client/components/feedback/toast.tsx';
import { matchingAgreementRoutes } from '#client/features/matching/agreement-pages.tsx';
import { PageLocationContext } from '#client/lib/page-location.ts';
import { apiClientRouterContext } from '#client/lib/request/api-client-context.ts';
import { config0182, FIXTURE_BANKS } from '#tests/component/fixtures/app-configs.ts';
import {
  createProviders,
  type FakeApi,
  fakeApiClient,
  successAnswer,
} from '#tests/component/fixtures/render-layout.tsx';
import { ErrorStatus, requestsTo } from '#tests/component/fixtures/registration-fixtures.tsx';
import { fixtureUser } from '#tests/component/fixtures/users.ts';

/**
 * /ncba/bm/agreement/{unique_code} (plain layout, no login needed to read): the terms, and 同意する
 * for the company's owners; a visitor goes to the login first.
 */

const CODE = 'agr0001';
const PAGE = `/ncba/bm/agreement/${CODE}`;
const PAGE_CALL = `GET /api/v1/ncba/bm/agreement/${CODE}`;
const AGREE_CALL = `POST /api/v1/ncba/bm/agreement/${CODE}/agree`;
const OWN_AGREEMENT_CALL = 'GET /api/v1/matching/agreement';

function agreementPage(bankName: string, change: Partial<AgreementPage> = {}): AgreementPage {
  return {
    company_name: 'つばめ運輸株式会社',
    bank_name: bankName,
    terms: matchingTerms(bankName),
    agreed_at: null,
    ...change,
  };
}

/**
 * The page as the app routes it: its loader finds the API client in the router's context (the
 * plain layout has no query cache), the login redirect goes through the page location.
 */
function renderAgreement({
  api = {},
  userType = null,
  config = config0182(),
}: { api?: FakeApi; userType?: UserTypeCode | null; config?: PublicAppConfig } = {}) {
  const user = userType === null ? null : fixtureUser(userType);
  // The loader reads through the router's context, the page's saves through the app's client: the
  // same fake network answers both; `fetch` sees the page's own requests.
  const { api: loaderClient } = fakeApiClient(api);
  const { Providers, fetch } = createProviders({ config, user, api });
  const assign = vi.fn<(url: string) => void>();
  const router = createMemoryRouter(
    [{ ErrorBoundary: ErrorStatus, HydrateFallback: () => null, children: matchingAgreementRoutes }],
    {
      initialEntries: [PAGE],
      getContext: () => new RouterContextProvider(new Map([[apiClientRouterContext, loaderClient]])),
    },
  );
  render(
    <Providers>
      <PageLocationContext value={{ assign, reload: () => {} }}>
        <RouterProvider router={router} />
      </PageLocationContext>
      <ToastViewport />
      <OverlaySpinner />
    </Providers>,
  );
  return { fetch, assign, user: userEvent.setup() };
}

beforeAll(async () => {
  await Promise.all([
    import('#client/features/matching/agreement/matching-agreement-page.tsx'),
    import('#client/features/matching/agreement/matching-agreement-loader.ts'),
  ]);
}, 30_000);

describe.each(FIXTURE_BANKS)('/ncba/bm/agreement/{unique_code} on bank $code', (bank) => {
  it('shows a visitor the bank, the company and the terms, and sends them to the login to agree', async () => {
    const bankName = bank.config().bank.name;
    const { fetch, assign, user } = renderAgreement({
      config: bank.config(),
      api: { [PAGE_CALL]: () => successAnswer(agreementPage(bankName)) },
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'ビジネスマッチング利用規約' }),
    ).toBeInTheDocument();
    expect(screen.getByText('つばめ運輸株式会社')).toBeInTheDocument();
    const terms = screen.getByRole('region', { name: '利用規約' });
    expect(terms).toHaveTextContent(`第1条（目的）本規約は、${bankName}（以下「当行」）`);
    expect(terms).toHaveTextContent('第7条（利用の停止）');
    expect(screen.getByText('未同意')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: '同意する' }));
    expect(assign).toHaveBeenCalledWith(`/login?r=${encodeURIComponent(PAGE)}`);
    expect(requestsTo(fetch, AGREE_CALL)).toEqual([]);
  });

  it('lets the company’s owner agree, and shows the page as agreed', async () => {
    const bankName = bank.config().bank.name;
    const { fetch, user } = renderAgreement({
      config: bank.config(),
      userType: 'company_owner',
      api: {
        [PAGE_CALL]: () => successAnswer(agreementPage(bankName)),
        [OWN_AGREEMENT_CALL]: () => successAnswer({ agreed: false, unique_code: CODE }),
        [AGREE_CALL]: () =>
          successAnswer(
            agreementPage(bankName, { agreed_at: '2026-04-05T01:00:00.000Z' }),
            AGREEMENT_MESSAGES.agreed,
          ),
      },
    });
    await user.click(await screen.findByRole('button', { name: '同意する' }));
    expect(await screen.findByText(AGREEMENT_MESSAGES.agreed)).toBeInTheDocument();
    expect(screen.getByText('同意済み（2026年4月5日(日) 10:00）')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '同意する' })).not.toBeInTheDocument();
    expect(requestsTo(fetch, AGREE_CALL)).toHaveLength(1);
  });
});

describe('/ncba/bm/agreement/{unique_code}: who may not agree', () => {
  const page = () => successAnswer(agreementPage('しおさい銀行'));

  it('tells a user who is not an owner that the owners agree, and sends nothing', async () => {
    const { fetch, user } = renderAgreement({ userType: 'company_user', api: { [PAGE_CALL]: page } });
    await user.click(await screen.findByRole('button', { name: '同意する' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(AGREEMENT_MESSAGES.ownersOnly);
    expect(requestsTo(fetch, AGREE_CALL)).toEqual([]);
  });

  it('tells an owner of another company that the page is not theirs', async () => {
    const { fetch, user } = renderAgreement({
      userType: 'company_owner',
      api: {
        [PAGE_CALL]: page,
        [OWN_AGREEMENT_CALL]: () => successAnswer({ agreed: false, unique_code: 'agr0999' }),
      },
    });
    await user.click(await screen.findByRole('button', { name: '同意する' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(AGREEMENT_MESSAGES.notTheCompany);
    expect(requestsTo(fetch, AGREE_CALL)).toEqual([]);
  });

  it('tells bank staff that an owner of the company agrees', async () => {
    const { user } = renderAgreement({ userType: 'bank_admin', api: { [PAGE_CALL]: page } });
    await user.click(await screen.findByRole('button', { name: '同意する' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(AGREEMENT_MESSAGES.notTheCompany);
  });

  it('shows a refusal the server words (422) as it comes', async () => {
    const { user } = renderAgreement({
      userType: 'company_owner',
      api: {
        [PAGE_CALL]: page,
        [OWN_AGREEMENT_CALL]: () => successAnswer({ agreed: false, unique_code: CODE }),
        [AGREE_CALL]: () => ({
          status: 422,
          body: { status: 'error', message: '現在は同意を受け付けていません' },
        }),
      },
    });
    await user.click(await screen.findByRole('button', { name: '同意する' }));
    await waitFor(() =>
      expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toContain(
        '現在は同意を受け付けていません',
      ),
    );
  });

  it('offers nothing more on a page already agreed to', async () => {
    renderAgreement({
      api: {
        [PAGE_CALL]: () =>
          successAnswer(agreementPage('しおさい銀行', { agreed_at: '2026-04-05T01:00:00.000Z' })),
      },
    });
    expect(
      await screen.findByText('この企業は利用規約に同意済みです。商談依頼の送信と承諾ができます。'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '同意する' })).not.toBeInTheDocument();
  });

  it('is the 404 page for a code the bank does not know', async () => {
    renderAgreement({
      api: { [PAGE_CALL]: () => ({ status: 404, body: { status: 'error', message: 'Not Found' } }) },
    });
    expect(await screen.findByText('エラー 404')).toBeInTheDocument();
  });
});
