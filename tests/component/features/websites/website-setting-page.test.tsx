import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from '#client/lib/router/index.ts';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PublicAppConfig } from '#server/contracts/app-config.ts';
import {
  type CompanyWebsite,
  WEBSITE_MESSAGES,
  type WebsitePhoto,
} from '#server/contracts/company-website.ts';
import { MESSAGES } from '#server/contracts/messages.ts';
import { VALIDATION_MESSAGES } from '#server/contracts/validation.ts';
import { OverlaySpinner } from '#client/components/feedback/overlay.tsx';
import { ToastViewport } from '#client/components/feedback/toast.tsx';
import { websiteSettingRoutes } from '#client/features/websites/pages.tsx';
import { FIXTURE_BANKS } from '#tests/component/fixtures/app-configs.ts';
import {
  createProviders,
  type FakeAnswer,
  type FakeApi,
  successAnswer,
} from '#tests/component/fixtures/render-layout.tsx';
import {
  ErrorStatus,
  errorOf,
  requestsTo,
  sentTo,
} from '#tests/component/fixtures/registration-fixtures.tsx';
import { fixtureUser } from '#tests/component/fixtures/users.ts';
import '#tests/component/components/rich-text/jsdom-layout.ts';

const PAGE = '/mypage/setting/website';
const SITE_CALL = 'GET /api/v1/website';
const SAVE_CALL = 'POST /api/v1/website/save';
const PHOTO_CALL = 'POST /api/v1/website/photos';
const COMPANY = 'a1b2c3d4e5f6a1b2c3d4e5f6';

const photo = (n: number): WebsitePhoto => {
  const code = String(n).repeat(32);
  return { file_unique_code: code, file_url: `/api/v1/hp/${COMPANY}/photo/${code}` };
};

/** The site as GET /api/v1/website answers it; `change` overrides fields. */
function site(change: Partial<CompanyWebsite> = {}): CompanyWebsite {
  return {
    company_unique_code: COMPANY,
    company_name: 'さくら精工株式会社',
    website_title: 'さくら精工のホームページ',
    website_about_html: '<p>精密部品の切削加工を行っています。</p>',
    website_products_html: '',
    website_recruitment_html: '',
    website_photos: [photo(1), photo(2)],
    website_is_published: false,
    website_recruitment_is_published: false,
    website_published_at: null,
    website_updated_at: '2026-04-01T01:00:00.000Z',
    ...change,
  };
}

/** What the form sends for `site()` unchanged. */
const UNCHANGED_BODY = {
  website_title: 'さくら精工のホームページ',
  website_about_html: '<p>精密部品の切削加工を行っています。</p>',
  website_products_html: '',
  website_recruitment_html: '',
  website_is_published: false,
  website_recruitment_is_published: false,
  website_photo_removals: [],
};

/** The save answers the site as the server stores it: the body's fields, the photos not removed. */
const savedAnswer =
  (start: CompanyWebsite) =>
  (body: unknown): FakeAnswer => {
    const { website_photo_removals: removals, ...fields } = body as typeof UNCHANGED_BODY & {
      website_photo_removals: string[];
    };
    return successAnswer(
      site({
        ...fields,
        website_photos: start.website_photos.filter((item) => !removals.includes(item.file_unique_code)),
        website_published_at: fields.website_is_published ? '2026-04-02T03:00:00.000Z' : null,
      }),
    );
  };

function renderPage(api: FakeApi, config?: PublicAppConfig) {
  const { Providers, fetch } = createProviders({ config, user: fixtureUser('company_owner'), api });
  const router = createMemoryRouter(
    [
      {
        ErrorBoundary: ErrorStatus,
        HydrateFallback: () => null,
        children: [...websiteSettingRoutes, { path: '*', element: <p>ほかのページ</p> }],
      },
    ],
    { initialEntries: [PAGE] },
  );
  render(
    <Providers>
      <RouterProvider router={router} />
      <ToastViewport />
      <OverlaySpinner />
    </Providers>,
  );
  return { fetch, user: userEvent.setup() };
}

/** The editor page over a fake API, once the form and its three editors are there. */
async function openForm(api: FakeApi = {}, start: CompanyWebsite = site(), config?: PublicAppConfig) {
  const opened = renderPage(
    { [SITE_CALL]: () => successAnswer(start), [SAVE_CALL]: savedAnswer(start), ...api },
    config,
  );
  await screen.findByRole('form', { name: 'ホームページの入力' });
  await screen.findByRole('textbox', { name: '採用情報' }, { timeout: 10_000 });
  return opened;
}

const save = () => screen.getByRole('button', { name: '保存する' });
const titleBox = () => screen.getByRole('textbox', { name: 'タイトル 必須' });
const editor = (name: string) => screen.getByRole('textbox', { name });
const photoInput = () => screen.getByLabelText('写真を追加') as HTMLInputElement;
const png = (name = 'photo.png', size = 64) => new File([new Uint8Array(size)], name, { type: 'image/png' });

beforeAll(async () => {
  await Promise.all([
    import('#client/features/websites/setting/website-setting-page.tsx'),
    import('#client/components/rich-text/rich-text-editor.tsx'),
  ]);
}, 30_000);

describe.each(FIXTURE_BANKS)('/mypage/setting/website on bank $code', (bank) => {
  it('shows the company’s site: its status, a link to the public page, the sections, photos and ticks', async () => {
    await openForm({}, site(), bank.config());
    expect(screen.getByText('非公開')).toBeInTheDocument();
    const preview = screen.getByRole('link', { name: /公開ページを確認する/ });
    expect(preview).toHaveAttribute('href', `/hp/${COMPANY}`);
    expect(preview).toHaveAttribute('target', '_blank');
    expect(titleBox()).toHaveValue('さくら精工のホームページ');
    expect(editor('会社紹介').textContent).toBe('精密部品の切削加工を行っています。');
    expect(editor('商品・サービス').textContent).toBe('');
    const photos = screen.getByRole('list', { name: '登録済みの写真' });
    expect(within(photos).getByRole('img', { name: '写真 1' })).toHaveAttribute('src', photo(1).file_url);
    expect(within(photos).getByRole('img', { name: '写真 2' })).toHaveAttribute('src', photo(2).file_url);
    expect(screen.getByRole('checkbox', { name: 'ホームページを公開する' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: '採用情報を公開する' })).not.toBeChecked();
    expect(screen.getByText('あと4枚追加できます。')).toBeInTheDocument();
  });

  it('publishes the site: sends the fields, says 登録が完了しました, and shows 公開中', async () => {
    const { fetch, user } = await openForm({}, site(), bank.config());
    await user.clear(titleBox());
    await user.type(titleBox(), '精密加工のさくら精工');
    await user.click(screen.getByRole('checkbox', { name: 'ホームページを公開する' }));
    await user.click(save());

    expect(await screen.findByText(MESSAGES.saved)).toBeInTheDocument();
    expect(sentTo(fetch, SAVE_CALL)).toEqual([
      { ...UNCHANGED_BODY, website_title: '精密加工のさくら精工', website_is_published: true },
    ]);
    expect(await screen.findByText('公開中')).toBeInTheDocument();
    expect(requestsTo(fetch, PHOTO_CALL)).toEqual([]);
  });
});

describe('/mypage/setting/website', () => {
  it('shows each field’s message under it, focuses the first, and sends nothing', async () => {
    const { fetch, user } = await openForm({}, site({ website_about_html: '' }));
    await user.clear(titleBox());
    await user.click(screen.getByRole('checkbox', { name: 'ホームページを公開する' }));
    await user.click(screen.getByRole('checkbox', { name: '採用情報を公開する' }));
    await user.click(save());

    expect(errorOf(titleBox())).toBe(VALIDATION_MESSAGES.required);
    expect(errorOf(editor('会社紹介'))).toBe(WEBSITE_MESSAGES.aboutRequiredToPublish);
    expect(errorOf(editor('採用情報'))).toBe(WEBSITE_MESSAGES.recruitmentRequiredToPublish);
    expect(errorOf(editor('商品・サービス'))).toBeUndefined();
    expect(document.activeElement).toBe(titleBox());
    expect(sentTo(fetch, SAVE_CALL)).toEqual([]);

    await user.type(titleBox(), 'タイトル');
    expect(errorOf(titleBox())).toBeUndefined();
  });

  it('removes the ticked photos in the save and uploads the chosen ones after it, showing them', async () => {
    const uploaded: WebsitePhoto[] = [photo(2)];
    const { fetch, user } = await openForm({
      [PHOTO_CALL]: () => {
        const added = photo(uploaded.length + 2);
        uploaded.push(added);
        return successAnswer({ photo: added, website_photos: [...uploaded] });
      },
    });
    await user.click(screen.getByRole('checkbox', { name: '写真 1 を削除する' }));
    const first = png('shop.png');
    const second = png('factory.png');
    await user.upload(photoInput(), first);
    await user.upload(photoInput(), second);
    const chosen = screen.getByRole('list', { name: '保存時に追加する写真' });
    expect(within(chosen).getByText('「shop.png」を保存時に追加します。')).toBeInTheDocument();
    expect(within(chosen).getByText('「factory.png」を保存時に追加します。')).toBeInTheDocument();
    // 2 saved, 1 ticked for removal, 2 chosen: 3 kept, three more fit.
    expect(screen.getByText('あと3枚追加できます。')).toBeInTheDocument();
    await user.click(save());

    expect(await screen.findByText(MESSAGES.saved)).toBeInTheDocument();
    expect(sentTo(fetch, SAVE_CALL)).toEqual([
      { ...UNCHANGED_BODY, website_photo_removals: [photo(1).file_unique_code] },
    ]);
    const files = fetch.mock.calls
      .filter(([input, init]) => String(input).endsWith('/api/v1/website/photos') && init?.method === 'POST')
      .map(([, init]) => (init?.body as FormData).get('file'));
    expect(files).toEqual([first, second]);
    const photos = screen.getByRole('list', { name: '登録済みの写真' });
    await waitFor(() => expect(within(photos).getAllByRole('img')).toHaveLength(3));
    expect(within(photos).getByRole('img', { name: '写真 3' })).toHaveAttribute('src', photo(4).file_url);
    expect(screen.queryByRole('list', { name: '保存時に追加する写真' })).not.toBeInTheDocument();
  });

  it('takes back a chosen photo before the save', async () => {
    const { fetch, user } = await openForm();
    await user.upload(photoInput(), png('shop.png'));
    await user.click(screen.getByRole('button', { name: '「shop.png」の追加を取り消す' }));
    expect(screen.queryByText('「shop.png」を保存時に追加します。')).not.toBeInTheDocument();
    await user.click(save());
    expect(await screen.findByText(MESSAGES.saved)).toBeInTheDocument();
    expect(requestsTo(fetch, PHOTO_CALL)).toEqual([]);
  });

  it('refuses a photo over 2 MB as it is chosen, under the photo field', async () => {
    const { user } = await openForm();
    await user.upload(photoInput(), png('big.png', 2097153));
    expect(errorOf(photoInput())).toBe('ファイルサイズは2MB以内にしてください');
    expect(screen.queryByRole('list', { name: '保存時に追加する写真' })).not.toBeInTheDocument();
  });

  it('offers no more photos once six would be kept, until one is ticked for removal', async () => {
    const { user } = await openForm({}, site({ website_photos: [1, 2, 3, 4, 5, 6].map(photo) }));
    expect(screen.queryByLabelText('写真を追加')).not.toBeInTheDocument();
    expect(
      screen.getByText('写真は6枚まで登録できます。追加するには、登録済みの写真を削除してください。'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: '写真 6 を削除する' }));
    expect(photoInput()).toBeInTheDocument();
  });

  it('shows the server’s refusal of a photo under the photo field, the fields being saved', async () => {
    const { fetch, user } = await openForm({
      [PHOTO_CALL]: () => ({
        status: 422,
        body: {
          status: 'error',
          message: WEBSITE_MESSAGES.tooManyPhotos,
          errors: { file: [WEBSITE_MESSAGES.tooManyPhotos] },
        },
      }),
    });
    await user.upload(photoInput(), png('shop.png'));
    await user.click(save());
    expect(await screen.findByText(MESSAGES.saveFailed)).toBeInTheDocument();
    await waitFor(() => expect(errorOf(photoInput())).toBe('写真は6枚まで登録できます'));
    expect(sentTo(fetch, SAVE_CALL)).toHaveLength(1);
    // The photo stays chosen, for another try.
    expect(screen.getByText('「shop.png」を保存時に追加します。')).toBeInTheDocument();
  });

  it('puts the server’s refusal of a section under its editor, with データの登録に失敗しました', async () => {
    const { user } = await openForm({
      [SAVE_CALL]: () => ({
        status: 422,
        body: {
          status: 'error',
          message: WEBSITE_MESSAGES.aboutRequiredToPublish,
          errors: { website_about_html: [WEBSITE_MESSAGES.aboutRequiredToPublish] },
        },
      }),
    });
    await user.click(screen.getByRole('checkbox', { name: 'ホームページを公開する' }));
    await user.click(save());
    expect(await screen.findByText(MESSAGES.saveFailed)).toBeInTheDocument();
    expect(errorOf(editor('会社紹介'))).toBe(WEBSITE_MESSAGES.aboutRequiredToPublish);
  });

  it('says the site could not be read when the load fails', async () => {
    renderPage({ [SITE_CALL]: () => ({ status: 500, body: { status: 'error', message: 'x' } }) });
    expect((await screen.findByRole('alert')).textContent).toBe(WEBSITE_MESSAGES.loadFailed);
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
  });
});
