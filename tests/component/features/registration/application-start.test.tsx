import { screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PublicAppConfig } from '#server/contracts/app-config.ts';
import { APPLICATION_NOT_FOUND_MESSAGE, APPLICATION_PROGRESS } from '#server/contracts/registration.ts';
import { VALIDATION_MESSAGES } from '#server/contracts/validation.ts';
import { applicationRoutes, upgradeApplicationRoutes } from '#client/features/registration/apply/pages.tsx';
import { config0158, config0182, FIXTURE_BANKS } from '#tests/component/fixtures/app-configs.ts';
import { type FakeApi, successAnswer } from '#tests/component/fixtures/render-layout.tsx';
import {
  errorOf,
  renderRegistrationPages,
  sentTo,
} from '#tests/component/fixtures/registration-fixtures.tsx';

/** The applicant's pages as the app routes them: the register layout's and the two upgrade forms. */
const ROUTES = [
  ...applicationRoutes,
  ...upgradeApplicationRoutes('bizsol'),
  ...upgradeApplicationRoutes('ibmft'),
];

/** A draft's id as the server makes them: 43 characters of base64url. */
const DRAFT_ID = 'Zq3vN8xWk2LmP0aTbY7cRdE5fGh9JsUoVi4Ke1_n-6Q';
const EXPIRES_AT = '2026-11-26T01:05:00.000Z';
const START = 'POST /api/v1/register/drafts';
const READ = 'POST /api/v1/register/drafts/read';

function openPage(
  path: string,
  { config = config0182(), api = {} }: { config?: PublicAppConfig; api?: FakeApi } = {},
) {
  return renderRegistrationPages({ routes: ROUTES, path, config, api });
}

const box = (name: string) => screen.getByRole('checkbox', { name });
const AGREE_BOXES = [
  '利用規約に同意する',
  '反社会的勢力に該当しないことを表明・確約する',
  '個人情報の取り扱いに同意する',
];

beforeAll(async () => {
  // The first render of each lazy page loads its module; loading them here keeps that out of the tests' time.
  await Promise.all([
    import('#client/features/registration/apply/register-chooser-page.tsx'),
    import('#client/features/registration/apply/register-agreement-page.tsx'),
    import('#client/features/registration/apply/application-page.tsx'),
    import('#client/features/registration/apply/register-thank-you-page.tsx'),
    import('#client/features/registration/apply/register-entry-page.tsx'),
    import('#client/features/registration/apply/application-progress-page.tsx'),
  ]);
}, 30_000);

beforeEach(() => {
  localStorage.clear();
  // Moving between steps scrolls to the top, which jsdom does not implement.
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** Each bank's choices: the variants its tenant file offers, in the variant table's order. */
const CHOICES: Record<(typeof FIXTURE_BANKS)[number]['code'], [title: string, href: string, asks: string][]> =
  {
    '0182': [
      [
        'ビジネスアシスト利用申込',
        '/register/agreement?variant=ba',
        'ご入力いただく内容: お申込者の情報・企業の情報・お取引店・口座・本人確認書類・ご利用になるサービス',
      ],
      [
        '法人インターネットバンキングご利用者さまの利用申込',
        '/register/bizsol/as_owner',
        'ご入力いただく内容: お申込者の情報・企業の情報・お取引店・口座・本人確認書類・ご利用になるサービス',
      ],
      [
        '請求書発行・決済サービス利用申込',
        '/register/agreement?variant=payment',
        'ご入力いただく内容: お申込者の情報・企業の情報・お取引店・口座・本人確認書類・ご利用になるサービス',
      ],
      [
        '地域企業ネットワーク参加申込',
        '/register/agreement?variant=social',
        'ご入力いただく内容: お申込者の情報・企業の情報・ご利用になるサービス',
      ],
    ],
    '0158': [
      [
        'ビジネスアシスト利用申込',
        '/register/agreement?variant=ba',
        'ご入力いただく内容: お申込者の情報・企業の情報・お取引店・口座・本人確認書類・ご利用になるサービス',
      ],
      [
        'ビジネスアシストポータル利用申込',
        '/register/agreement?variant=hgba',
        'ご入力いただく内容: お申込者の情報・企業の情報・お取引店・口座',
      ],
      [
        'ポータル会員登録',
        '/register/portal/index_as_owner',
        'ご入力いただく内容: お申込者の情報・企業の情報',
      ],
    ],
  };

describe.each(FIXTURE_BANKS)('/register on bank $code', (bank) => {
  it('offers only the variants the bank offers, each leading to its entry page or agreement', async () => {
    openPage('/register', { config: bank.config() });
    expect(await screen.findByRole('heading', { level: 1, name: '新規登録' })).toBeInTheDocument();
    const choices = screen.getAllByRole('listitem').map((item) => {
      const link = within(item).getByRole('link');
      return [link.textContent, link.getAttribute('href'), within(item).getByText(/^ご入力/).textContent];
    });
    expect(choices).toEqual(CHOICES[bank.code]);
  });

  it('says the bank takes no application online when it offers none', async () => {
    const config = { ...bank.config(), registration_variants: [] };
    openPage('/register', { config });
    expect(
      await screen.findByText(
        `${config.bank.name}では、現在オンラインでのお申し込みを受け付けていません。お取引店にお問い合わせください。`,
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });
});

describe('/register/agreement', () => {
  it('refuses to go on until each of the three boxes is ticked, sending nothing', async () => {
    const { fetch, user } = openPage('/register/agreement?variant=ba');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'ビジネスアシスト利用申込' }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '同意して入力に進む' }));
    expect(AGREE_BOXES.map((name) => errorOf(box(name)))).toEqual([
      VALIDATION_MESSAGES.required,
      VALIDATION_MESSAGES.required,
      VALIDATION_MESSAGES.required,
    ]);

    await user.click(box('利用規約に同意する'));
    await user.click(box('個人情報の取り扱いに同意する'));
    await user.click(screen.getByRole('button', { name: '同意して入力に進む' }));
    expect(AGREE_BOXES.map((name) => errorOf(box(name)))).toEqual([
      undefined,
      VALIDATION_MESSAGES.required,
      undefined,
    ]);
    expect(sentTo(fetch, START)).toEqual([]);
    expect(screen.getByRole('heading', { level: 1, name: 'ビジネスアシスト利用申込' })).toBeInTheDocument();
  });

  it('sends the ticks with the time the terms were ticked, then opens the form with the draft in the address', async () => {
    // Only Date is faked: the clock says when each box was ticked, the timers stay real.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-25T01:00:00.000Z'));
    const { fetch, router, user } = openPage('/register/agreement?variant=ba', {
      api: {
        [START]: () => successAnswer({ draft_id: DRAFT_ID, expires_at: EXPIRES_AT }),
        [READ]: () => successAnswer({ variant: 'ba', values: {}, expires_at: EXPIRES_AT }),
      },
    });
    await user.click(await screen.findByRole('checkbox', { name: '利用規約に同意する' }));
    // Unticked and ticked again: the second tick is the agreement's time.
    await user.click(box('利用規約に同意する'));
    vi.setSystemTime(new Date('2026-11-25T01:02:00.000Z'));
    await user.click(box('利用規約に同意する'));
    vi.setSystemTime(new Date('2026-11-25T01:03:00.000Z'));
    await user.click(box('反社会的勢力に該当しないことを表明・確約する'));
    await user.click(box('個人情報の取り扱いに同意する'));
    vi.setSystemTime(new Date('2026-11-25T01:05:00.000Z'));
    await user.click(screen.getByRole('button', { name: '同意して入力に進む' }));

    expect(await screen.findByRole('heading', { level: 2, name: 'お申込者の情報' })).toBeInTheDocument();
    expect(sentTo(fetch, START)).toEqual([
      {
        agree1: true,
        anti_social_check: true,
        agree2: true,
        homepage_url: '',
        variant: 'ba',
        agree1_at: '2026-11-25T01:02:00.000Z',
      },
    ]);
    expect(router.state.location).toMatchObject({ pathname: '/register/ba', hash: `#draft=${DRAFT_ID}` });
    expect(localStorage.getItem('registration-draft:ba')).toBe(DRAFT_ID);
    expect(sentTo(fetch, READ)).toEqual([{ draft_id: DRAFT_ID }]);
  });

  it('keeps the honeypot out of reach: hidden, not focusable, not announced', async () => {
    openPage('/register/agreement?variant=ba');
    await screen.findByRole('heading', { level: 1, name: 'ビジネスアシスト利用申込' });
    const honeypot = document.querySelector('input[name="homepage_url"]');
    expect(honeypot).toHaveAttribute('tabindex', '-1');
    expect(honeypot?.closest('[aria-hidden="true"]')).not.toBeNull();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });

  it.each([
    ['ba', config0182, '/page/rule'],
    ['payment', config0182, '/page/rule'],
    ['portal', config0158, '/page/rule_portal'],
    ['hgba', config0158, '/page/rule_portal'],
  ] as const)('links the %s application to its terms (%s)', async (variant, config, terms) => {
    openPage(`/register/agreement?variant=${variant}`, { config: config() });
    expect(await screen.findByRole('link', { name: '利用規約' })).toHaveAttribute('href', terms);
    expect(screen.getByRole('link', { name: /プライバシーポリシー/ })).toHaveAttribute(
      'href',
      config().privacy_url,
    );
  });
});

describe('a variant the bank does not offer', () => {
  // React reports the error a page throws for its route's error element; that report is expected here.
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });

  it.each([
    ['/register/agreement?variant=payment', 'the agreement of a variant of another bank'],
    ['/register/agreement?variant=bizsol', 'the agreement of an upgrade another bank offers'],
    ['/register/agreement?variant=unknown', 'the agreement of no variant at all'],
    ['/register/agreement', 'the agreement without a variant'],
    [`/register/payment#draft=${DRAFT_ID}`, 'the form of a variant of another bank'],
    [`/register/bizsol#draft=${DRAFT_ID}`, 'the upgrade form of another bank'],
  ])('shows the 404 page for %s (%s), asking the server nothing', async (path) => {
    const { fetch } = openPage(path, { config: config0158() });
    expect((await screen.findByRole('alert')).textContent).toBe('エラー 404');
    expect(fetch).not.toHaveBeenCalled();
  });
});

describe('/register/{variant} before the agreement', () => {
  it.each([
    ['/register/ba', 'no draft at all'],
    ['/register/ba#draft=not-a-draft-id', 'a fragment that cannot be a draft'],
  ])('sends the visitor to the agreement from %s (%s)', async (path) => {
    const { fetch, router } = openPage(path);
    expect(await screen.findByRole('checkbox', { name: '利用規約に同意する' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/register/agreement');
    expect(router.state.location.search).toBe('?variant=ba');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('goes on with the draft this browser kept for the variant, putting its id in the address', async () => {
    localStorage.setItem('registration-draft:payment', DRAFT_ID);
    const { fetch, router } = openPage('/register/payment', {
      api: { [READ]: () => successAnswer({ variant: 'payment', values: {}, expires_at: EXPIRES_AT }) },
    });
    expect(await screen.findByRole('heading', { level: 2, name: 'お申込者の情報' })).toBeInTheDocument();
    expect(sentTo(fetch, READ)).toEqual([{ draft_id: DRAFT_ID }]);
    expect(router.state.location).toMatchObject({
      pathname: '/register/payment',
      hash: `#draft=${DRAFT_ID}`,
    });
  });
});

describe('/register/thankyou', () => {
  it('opened on its own (a bookmark), says what happens next without a number', async () => {
    const config = config0182();
    openPage('/register/thankyou', { config });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'お申し込みありがとうございました' }),
    ).toBeInTheDocument();
    expect(screen.getByText('お申し込みを受け付けました。')).toBeInTheDocument();
    expect(screen.queryByText(/申込番号/)).not.toBeInTheDocument();
    expect(
      screen.getByText(
        `メールが届かない場合は、迷惑メールの設定をご確認のうえ、${config.bank.contact.name}（${config.bank.contact.tel}）までお問い合わせください。`,
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'トップページへ' })).toHaveAttribute('href', '/');
  });
});

describe('the entry pages and the progress lookup', () => {
  const PROGRESS = 'POST /api/v1/register/progress';

  it('starts an owner’s application at the agreement, and sends an employee to their invitation mail', async () => {
    const { user } = openPage('/register/bizsol/as_owner');
    expect(
      await screen.findByRole('heading', { level: 1, name: /（代表者・管理者の方）$/ }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'お申し込みを始める' })).toHaveAttribute(
      'href',
      '/register/agreement?variant=bizsol',
    );
    expect(screen.getByRole('link', { name: '申込状況の確認' })).toHaveAttribute(
      'href',
      '/register/bizsol/progress',
    );
    await user.click(screen.getByRole('link', { name: 'こちら' }));
    expect(await screen.findByRole('heading', { level: 1, name: /（従業員の方）$/ })).toBeInTheDocument();
    expect(screen.getByText(/招待メールから行います/)).toBeInTheDocument();
  });

  it('has no entry page for a variant the bank does not offer (0158 offers no bizsol)', async () => {
    openPage('/register/bizsol/as_owner', { config: config0158() });
    expect(await screen.findByText('エラー 404')).toBeInTheDocument();
  });

  it(
    'tells where an application stands, in the applicant’s words, or that none matches',
    { timeout: 15_000 },
    async () => {
      const answers = [
        successAnswer({
          cr_unique_code: 'R0A1B2C3D4E5F',
          variant_title: '法人インターネットバンキングご利用者さまの利用申込',
          status: 'approved',
          applied_at: '2026-04-01T01:30:00.000Z',
          decided_at: '2026-04-02T01:30:00.000Z',
        }),
        {
          status: 404,
          body: { status: 'error', message: APPLICATION_NOT_FOUND_MESSAGE },
        },
      ];
      const { fetch, user } = openPage('/register/bizsol/progress', {
        api: { [PROGRESS]: () => answers.shift() ?? answers[0] } as FakeApi,
      });
      await screen.findByRole('heading', { level: 1, name: /申込状況の確認$/ });
      await user.click(screen.getByRole('button', { name: '確認する' }));
      expect(errorOf(screen.getByRole('textbox', { name: /申込番号/ }))).toBe(VALIDATION_MESSAGES.required);
      expect(sentTo(fetch, PROGRESS)).toEqual([]);

      await user.type(screen.getByRole('textbox', { name: /申込番号/ }), 'R0A1B2C3D4E5F');
      await user.type(
        screen.getByRole('textbox', { name: /メールアドレス/ }),
        'y.kobayashi@minato-foods.example.jp',
      );
      await user.click(screen.getByRole('button', { name: '確認する' }));
      const status = await screen.findByRole('status', { name: '申込状況' });
      expect(status).toHaveTextContent(APPLICATION_PROGRESS.approved);
      expect(sentTo(fetch, PROGRESS)).toEqual([
        { cr_unique_code: 'R0A1B2C3D4E5F', email: 'y.kobayashi@minato-foods.example.jp' },
      ]);

      await user.click(screen.getByRole('button', { name: '確認する' }));
      expect(await screen.findByRole('alert')).toHaveTextContent(APPLICATION_NOT_FOUND_MESSAGE);
    },
  );
});
