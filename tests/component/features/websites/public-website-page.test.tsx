import { render, screen, waitFor, within } from '@testing-library/react';
import {
  createMemoryRouter,
  type RouteObject,
  RouterContextProvider,
  RouterProvider,
} from '#client/lib/router/index.ts';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PublicAppConfig } from '#server/contracts/app-config.ts';
import { type PublicWebsite, WEBSITE_MESSAGES } from '#server/contracts/company-website.ts';
import { createChunkReloadGuard } from '#client/app/chunk-reload.ts';
// Loaded up front: the app loads the error page lazily.
import '#client/app/error-pages/error-page.tsx';
import { RouteErrorPage } from '#client/app/error-pages/route-error-page.tsx';
import { EmptyLayout } from '#client/app/layouts/empty-layout.tsx';
import { websitePublicRoutes } from '#client/features/websites/pages.tsx';
import { apiClientRouterContext } from '#client/lib/request/api-client-context.ts';
import { config0182, FIXTURE_BANKS } from '#tests/component/fixtures/app-configs.ts';
import {
  createProviders,
  type FakeApi,
  fakeApiClient,
  successAnswer,
} from '#tests/component/fixtures/render-layout.tsx';

const COMPANY = '568d2e8b65b02cb1b36bd0b9';
const SITE_CALL = `GET /api/v1/hp/${COMPANY}`;

/** The site as GET /api/v1/hp/{code} answers it; `change` overrides fields. */
function site(change: Partial<PublicWebsite> = {}): PublicWebsite {
  return {
    company_unique_code: COMPANY,
    company_name: '株式会社ミライテック・ソリューションズ',
    company_logo_url: `/api/v1/hp/${COMPANY}/logo/${'a'.repeat(32)}`,
    website_title: '地域のIT化を支えます',
    website_about_html: '<p>業務システムの開発会社です。</p>',
    website_products_html: '<h2>業務システム開発</h2><p>販売・在庫管理</p>',
    website_recruitment_html: '<p>システムエンジニアを募集しています。</p>',
    website_photos: [
      { file_url: `/api/v1/hp/${COMPANY}/photo/${'1'.repeat(32)}` },
      { file_url: `/api/v1/hp/${COMPANY}/photo/${'2'.repeat(32)}` },
    ],
    website_is_published: true,
    website_updated_at: '2026-04-01T01:00:00.000Z',
    ...change,
  };
}

/** The error element of the app's routes: an HttpError's status page (404: 404 Not Found). */
const errorBoundary = () => <RouteErrorPage chunkReload={createChunkReloadGuard(() => {})} />;

/**
 * /hp/{code} in the empty layout, for a visitor (no user): the loader finds the API client in the
 * router's context, as createAppRouter gives it.
 */
function renderSite(path: string, api: FakeApi = {}, config: PublicAppConfig = config0182()) {
  const { Providers } = createProviders({ config, user: null });
  const { api: client, fetch } = fakeApiClient(api);
  const routes: RouteObject[] = [
    {
      HydrateFallback: () => null,
      ErrorBoundary: errorBoundary,
      Component: EmptyLayout,
      children: [{ ErrorBoundary: errorBoundary, children: websitePublicRoutes }],
    },
  ];
  const router = createMemoryRouter(routes, {
    initialEntries: [path],
    getContext: () => new RouterContextProvider(new Map([[apiClientRouterContext, client]])),
  });
  render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { fetch };
}

beforeAll(async () => {
  await Promise.all([
    import('#client/features/websites/public/public-website-page.tsx'),
    import('#client/features/websites/public/public-website-loader.ts'),
  ]);
}, 30_000);

describe.each(FIXTURE_BANKS)('/hp/{company_unique_code} on bank $code (no login)', ({ config }) => {
  it('shows the company’s site under its name, with its logo, sections, photos and recruitment', async () => {
    const bank = config();
    renderSite(`/hp/${COMPANY}`, { [SITE_CALL]: () => successAnswer(site()) }, bank);
    const heading = await screen.findByRole('heading', {
      level: 1,
      name: '株式会社ミライテック・ソリューションズ',
    });
    expect(heading).toBeInTheDocument();
    expect(screen.getByText('地域のIT化を支えます')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: '株式会社ミライテック・ソリューションズのロゴ' })).toHaveAttribute(
      'src',
      site().company_logo_url,
    );
    const sections = screen.getAllByRole('region').map((region) => region.getAttribute('aria-labelledby'));
    expect(sections.map((id) => document.getElementById(id ?? '')?.textContent)).toEqual([
      '会社紹介',
      '商品・サービス',
      '写真',
      '採用情報',
    ]);
    expect(await screen.findByText('業務システムの開発会社です。')).toBeInTheDocument();
    expect(await screen.findByText('システムエンジニアを募集しています。')).toBeInTheDocument();
    const photos = within(screen.getByRole('region', { name: '写真' })).getAllByRole('img');
    expect(photos.map((image) => image.getAttribute('src'))).toEqual(
      site().website_photos.map((p) => p.file_url),
    );
    expect(photos[0]).toHaveAccessibleName('株式会社ミライテック・ソリューションズの写真 1');
    // The company's name is the document title, before the service's and the bank's.
    await waitFor(() =>
      expect(document.title).toBe(
        `株式会社ミライテック・ソリューションズ | ${bank.system_name} | ${bank.bank.name}`,
      ),
    );
    // The company's page alone: no app bar (no login link, no bank logo), no preview notice.
    expect(screen.queryByRole('link', { name: /ログイン/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.getByText(new RegExp(`${bank.bank.name}`))).toBeInTheDocument();
  });
});

describe('/hp/{company_unique_code}', () => {
  it('leaves out the recruitment section, and any section left empty, when the API gives none', async () => {
    renderSite(`/hp/${COMPANY}`, {
      [SITE_CALL]: () =>
        successAnswer(
          site({
            website_recruitment_html: null,
            website_products_html: '',
            website_photos: [],
            company_logo_url: null,
          }),
        ),
    });
    await screen.findByRole('heading', { level: 1 });
    expect(screen.getAllByRole('heading', { level: 2 }).map((element) => element.textContent)).toEqual([
      '会社紹介',
    ]);
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });

  it('never puts a script or an event handler into the page, whatever the answer holds', async () => {
    renderSite(`/hp/${COMPANY}`, {
      [SITE_CALL]: () =>
        successAnswer(
          site({
            website_about_html:
              '<p>紹介文</p><script>window.hacked = true</script><img src="x" onerror="window.hacked = true">',
          }),
        ),
    });
    expect(await screen.findByText('紹介文')).toBeInTheDocument();
    const about = screen.getByRole('region', { name: '会社紹介' });
    expect(about.querySelector('script')).toBeNull();
    expect(about.innerHTML).not.toMatch(/onerror/);
    expect((window as { hacked?: boolean }).hacked).toBeUndefined();
  });

  it('tells the company’s editors that what they see is a preview of a site not published', async () => {
    renderSite(`/hp/${COMPANY}`, { [SITE_CALL]: () => successAnswer(site({ website_is_published: false })) });
    expect((await screen.findByRole('status')).textContent).toMatch(/このホームページは公開されていません/);
  });

  it('is the 404 page when the bank shows no such site', async () => {
    renderSite(`/hp/${COMPANY}`);
    expect(await screen.findByText('404 Not Found')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 1, name: /ミライテック/ })).not.toBeInTheDocument();
  });

  it('is the 404 page for a code that cannot be one, without asking the API', async () => {
    const { fetch } = renderSite('/hp/a.b');
    expect(await screen.findByText('404 Not Found')).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('says the page could not be read when the API fails', async () => {
    renderSite(`/hp/${COMPANY}`, {
      [SITE_CALL]: () => ({ status: 500, body: { status: 'error', message: 'x' } }),
    });
    expect((await screen.findByRole('alert')).textContent).toBe(WEBSITE_MESSAGES.publicLoadFailed);
  });
});
