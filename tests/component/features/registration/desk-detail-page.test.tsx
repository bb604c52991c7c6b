import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CallResult } from '#server/contracts/call.ts';
import type { registrationDetailCall } from '#server/contracts/registration-desk.ts';
import { deskRoutes } from '#client/features/registration/desk/pages.tsx';
import { FIXTURE_BANKS } from '#tests/component/fixtures/app-configs.ts';
import { type FakeAnswer, type FakeApi, successAnswer } from '#tests/component/fixtures/render-layout.tsx';
import {
  BA_APPLICATION as VALUES,
  errorOf,
  factOf,
  renderRegistrationPages,
  sentTo as sent,
} from '#tests/component/fixtures/registration-fixtures.tsx';
import { fixtureUser } from '#tests/component/fixtures/users.ts';

type RegistrationDetail = CallResult<typeof registrationDetailCall>;

const CODE = 'R0A1B2C3D4E5F';
const PAGE = `/admin/companyregister/detail/${CODE}`;
const DETAIL = `GET /api/v1/companyregister/detail/${CODE}`;
const APPROVE = 'POST /api/v1/companyregister/approved';
const REJECT = 'POST /api/v1/companyregister/rejected';
const REJECT_PORTAL = 'POST /api/v1/hgba/portal/companyregister/rejected';
const ALREADY_DECIDED = 'この申請はすでに審査済みです。一覧を更新して状態をご確認ください。';

/** The application as GET /api/v1/companyregister/detail/{code} answers it; `change` overrides fields. */
function application(change: Partial<RegistrationDetail> = {}): RegistrationDetail {
  return {
    cr_unique_code: CODE,
    cr_variant: 'ba',
    variant_title: 'ビジネスアシスト利用申込',
    cr_status: 'pending',
    cr_company_name: '株式会社みなと食品',
    cr_applicant_name: '小林 洋子',
    bb_id: 3,
    bb_name: '港町支店',
    cr_created_at: '2026-04-01T01:30:00.000Z',
    cr_decided_at: null,
    cr_applicant_email: 'y.kobayashi@minato-foods.example.jp',
    values: VALUES,
    cr_agreed_at: '2026-04-01T01:10:00.000Z',
    cr_reject_reason: null,
    company_unique_code: null,
    ...change,
  };
}

/**
 * The desk's pages (the real routes, lazily loaded as in the app) at `path`, inside the app's
 * providers, for a bank admin of `bank`; the fake API answers `api`.
 */
function renderDesk(path: string, api: FakeApi, bank: (typeof FIXTURE_BANKS)[number] = FIXTURE_BANKS[0]) {
  return renderRegistrationPages({
    routes: deskRoutes,
    path,
    config: bank.config(),
    user: fixtureUser('bank_admin'),
    api,
  });
}

/**
 * A fake API holding one application: the detail answers it as it stands, `decisions` answer the
 * decision calls (and may change it, as a decision does).
 */
function deskApi(
  start: RegistrationDetail,
  decisions: Record<
    string,
    (state: { current: RegistrationDetail }, body: unknown) => Promise<FakeAnswer> | FakeAnswer
  > = {},
): FakeApi {
  const state = { current: start };
  return {
    [DETAIL]: () => successAnswer(state.current),
    ...Object.fromEntries(
      Object.entries(decisions).map(([route, answer]) => [route, (body: unknown) => answer(state, body)]),
    ),
  };
}

const region = (name: string) => screen.getByRole('region', { name });

/** A promise the test settles: the answer of a request that is still being sent. */
function deferred<T>() {
  let settle!: (value: T) => void;
  const promise = new Promise<T>((resolve) => {
    settle = resolve;
  });
  return { promise, settle };
}

beforeAll(async () => {
  await import('#client/features/registration/desk/registration-detail-page.tsx');
}, 30_000);

describe('/admin/companyregister/detail/{id}: what the application says', () => {
  it('shows where it stands, then its values step by step under the form’s labels', async () => {
    renderDesk(PAGE, deskApi(application()));
    const summary = await screen.findByRole('region', { name: '申請の状況' });
    expect(factOf(summary, '申込番号')).toBe(CODE);
    expect(factOf(summary, '状態')).toBe('承認待ち');
    expect(factOf(summary, '申込種別')).toBe('ビジネスアシスト利用申込');
    expect(factOf(summary, '申込日時')).toBe('2026/04/01 10:30');
    expect(factOf(summary, '規約同意日時')).toBe('2026/04/01 10:10');
    expect(factOf(summary, '申込者のメールアドレス')).toBe('y.kobayashi@minato-foods.example.jp');
    expect(factOf(summary, '審査日時')).toBeUndefined();
    expect(factOf(summary, '却下理由')).toBeUndefined();

    expect(
      screen
        .getAllByRole('heading', { level: 2 })
        .map((heading) => heading.textContent)
        .slice(1),
    ).toEqual(['お申込者の情報', '企業の情報', 'お取引店・口座', '本人確認書類', 'ご利用になるサービス']);
    const applicant = region('お申込者の情報');
    expect(factOf(applicant, '姓')).toBe('小林');
    expect(factOf(applicant, '名（カナ）')).toBe('ヨウコ');
    expect(factOf(applicant, 'メールアドレス（確認）')).toBeUndefined();
    const company = region('企業の情報');
    expect(factOf(company, '企業名')).toBe('株式会社みなと食品');
    expect(factOf(company, '代表者の生年月日')).toBe('1975年4月1日');
    expect(factOf(company, '決算月')).toBe('3月');
    expect(factOf(company, '従業員数')).toBe('24名');
    expect(factOf(company, '都道府県')).toBe('東京都');
    expect(factOf(company, '業種（大分類）')).toBe('製造業');
    expect(factOf(company, '業種（中分類）')).toBe('食料品製造業');
    expect(factOf(company, '建物名')).toBe('—');
    expect(factOf(company, '支店・営業所')).toBe('〒231-0001 神奈川県横浜市中区新港1-1');
    const bank = region('お取引店・口座');
    expect(factOf(bank, 'お取引店なし')).toBe('いいえ');
    expect(factOf(bank, 'お取引店')).toBe('港町支店');
    expect(factOf(bank, '預金種目')).toBe('普通');
    expect(factOf(bank, '口座番号')).toBe('1234567');
    const documents = region('本人確認書類');
    expect(factOf(documents, 'その他の担当者')).toBe('いいえ');
    expect(factOf(documents, 'その他の担当者の情報')).toBe('—');
    const services = region('ご利用になるサービス');
    expect(factOf(services, '興味のある機能')).toBe('ビジネスマッチング、補助金・助成金');
    // The ba variant asks no payment plan.
    expect(factOf(services, '請求書発行・決済サービスのプラン')).toBeUndefined();
  });

  it('shows the payment variant’s plan by name and its agreement as はい, never the card’s token', async () => {
    renderDesk(
      PAGE,
      deskApi(
        application({
          cr_variant: 'payment',
          variant_title: '請求書発行・決済サービス利用申込',
          values: {
            ...VALUES,
            bank_account_type: 'current',
            bundle_payment_plan_id: '1',
            agree_bundle_payment: true,
            card_token: 'tok_secret_0001',
            card_masked_number: '************4242',
          },
        }),
      ),
    );
    const services = await screen.findByRole('region', { name: 'ご利用になるサービス' });
    expect(factOf(services, '請求書発行・決済サービスのプラン')).toBe('請求書発行プラン');
    expect(factOf(services, '請求書発行・決済サービスの利用規約への同意')).toBe('はい');
    expect(factOf(services, 'カード番号')).toBe('************4242');
    expect(screen.queryByText('tok_secret_0001')).not.toBeInTheDocument();
    expect(factOf(region('お取引店・口座'), '預金種目')).toBe('当座');
  });

  it('shows only the steps the variant asks', async () => {
    renderDesk(
      PAGE,
      deskApi(
        application({ cr_variant: 'portal', variant_title: 'ポータル会員登録', bb_id: null, bb_name: null }),
      ),
    );
    await screen.findByRole('region', { name: '企業の情報' });
    expect(screen.getByRole('region', { name: 'お申込者の情報' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'お取引店・口座' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'ご利用になるサービス' })).not.toBeInTheDocument();
  });

  it('shows an approved application’s decision and company, with nothing left to decide', async () => {
    renderDesk(
      PAGE,
      deskApi(
        application({
          cr_status: 'approved',
          cr_decided_at: '2026-04-02T00:15:00.000Z',
          company_unique_code: 'C00000042',
        }),
      ),
    );
    const summary = await screen.findByRole('region', { name: '申請の状況' });
    expect(factOf(summary, '状態')).toBe('承認済み');
    expect(factOf(summary, '審査日時')).toBe('2026/04/02 09:15');
    expect(factOf(summary, '企業コード')).toBe('C00000042');
    expect(screen.queryByRole('button', { name: '承認する' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '却下する' })).not.toBeInTheDocument();
  });

  it('shows a rejected application’s reason by name', async () => {
    renderDesk(
      PAGE,
      deskApi(
        application({
          cr_status: 'rejected',
          cr_decided_at: '2026-04-02T00:15:00.000Z',
          cr_reject_reason: 'no_transaction',
        }),
      ),
    );
    const summary = await screen.findByRole('region', { name: '申請の状況' });
    expect(factOf(summary, '状態')).toBe('却下');
    expect(factOf(summary, '却下理由')).toBe('当行とのお取引を確認できませんでした');
    expect(factOf(summary, '企業コード')).toBeUndefined();
    expect(screen.queryByRole('button', { name: '承認する' })).not.toBeInTheDocument();
  });
});

describe.each(FIXTURE_BANKS)('/admin/companyregister/detail/{id}: deciding on bank $code', (bank) => {
  it('approves after asking, the buttons waiting while it is sent, and shows the new status', async () => {
    const user = userEvent.setup();
    const answer = deferred<FakeAnswer>();
    const { fetch } = renderDesk(
      PAGE,
      deskApi(application(), {
        [APPROVE]: async (state) => {
          const answered = await answer.promise;
          state.current = application({
            cr_status: 'approved',
            cr_decided_at: '2026-04-02T00:15:00.000Z',
            company_unique_code: 'C00000042',
          });
          return answered;
        },
      }),
      bank,
    );
    await user.click(await screen.findByRole('button', { name: '承認する' }));
    const dialog = screen.getByRole('dialog', { name: '申請の承認' });
    expect(
      within(dialog).getByText('「株式会社みなと食品」の申請を承認します。よろしいですか？'),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: '承認する' }));

    await waitFor(() =>
      expect((within(dialog).getByRole('button', { name: '承認する' }) as HTMLButtonElement).disabled).toBe(
        true,
      ),
    );
    expect((within(dialog).getByRole('button', { name: 'キャンセル' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    const panel = screen.getByRole('region', { name: '審査' });
    expect((within(panel).getByRole('button', { name: '却下する' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    expect(sent(fetch, APPROVE)).toEqual([{ cr_unique_code: CODE }]);

    answer.settle(
      successAnswer(
        { company_unique_code: 'C00000042', user_login_id: 'shiosai000042' },
        '申請を承認しました',
      ),
    );
    expect(await screen.findByText('申請を承認しました')).toBeInTheDocument();
    await waitFor(() => expect(factOf(region('申請の状況'), '状態')).toBe('承認済み'));
    expect(factOf(region('申請の状況'), '企業コード')).toBe('C00000042');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '承認する' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '却下する' })).not.toBeInTheDocument();
  });

  it('asks for a reason before rejecting, sends it, and shows the rejection', async () => {
    const user = userEvent.setup();
    const { fetch } = renderDesk(
      PAGE,
      deskApi(application(), {
        [REJECT]: (state, body) => {
          state.current = application({
            cr_status: 'rejected',
            cr_decided_at: '2026-04-02T00:15:00.000Z',
            cr_reject_reason: (body as { reason_code: string }).reason_code,
          });
          return successAnswer({ notified: true }, '申請を却下しました');
        },
      }),
      bank,
    );
    await user.click(await screen.findByRole('button', { name: '却下する' }));
    const dialog = screen.getByRole('dialog', { name: '申請の却下' });
    expect(within(dialog).getByText('却下の理由は申込者にメールでお知らせします。')).toBeInTheDocument();
    const reason = within(dialog).getByRole('combobox', { name: /^却下理由/ });
    expect(
      within(reason)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      '選択してください',
      '本人確認書類に不備があります',
      '当行とのお取引を確認できませんでした',
      'その他',
    ]);

    await user.click(within(dialog).getByRole('button', { name: '却下する' }));
    expect(errorOf(reason)).toBe('必須入力項目です');
    expect(sent(fetch, REJECT)).toEqual([]);

    await user.selectOptions(reason, '本人確認書類に不備があります');
    await user.click(within(dialog).getByRole('button', { name: '却下する' }));
    expect(await screen.findByText('申請を却下しました')).toBeInTheDocument();
    expect(sent(fetch, REJECT)).toEqual([{ cr_unique_code: CODE, reason_code: 'identification_incomplete' }]);
    expect(sent(fetch, REJECT_PORTAL)).toEqual([]);
    await waitFor(() => expect(factOf(region('申請の状況'), '状態')).toBe('却下'));
    expect(factOf(region('申請の状況'), '却下理由')).toBe('本人確認書類に不備があります');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('rejects a portal (hgba) application through the portal call, telling the admin the applicant is not told', async () => {
    const user = userEvent.setup();
    const { fetch } = renderDesk(
      PAGE,
      deskApi(application({ cr_variant: 'hgba', variant_title: 'ビジネスアシストポータル利用申込' }), {
        [REJECT_PORTAL]: (state) => {
          state.current = { ...state.current, cr_status: 'rejected', cr_reject_reason: 'other' };
          return successAnswer({ notified: false }, '申請を却下しました');
        },
      }),
      bank,
    );
    await user.click(await screen.findByRole('button', { name: '却下する' }));
    const dialog = screen.getByRole('dialog', { name: '申請の却下' });
    expect(
      within(dialog).getByText('この申込種別では、却下は申込者にお知らせしません。'),
    ).toBeInTheDocument();
    await user.selectOptions(within(dialog).getByRole('combobox', { name: /^却下理由/ }), 'その他');
    await user.click(within(dialog).getByRole('button', { name: '却下する' }));
    expect(await screen.findByText('申請を却下しました')).toBeInTheDocument();
    expect(sent(fetch, REJECT_PORTAL)).toEqual([{ cr_unique_code: CODE, reason_code: 'other' }]);
    expect(sent(fetch, REJECT)).toEqual([]);
  });

  it('tells of an application another admin decided meanwhile (422) and shows it as it now stands', async () => {
    const user = userEvent.setup();
    const { fetch } = renderDesk(
      PAGE,
      deskApi(application(), {
        [APPROVE]: (state) => {
          state.current = application({
            cr_status: 'rejected',
            cr_decided_at: '2026-04-02T00:14:00.000Z',
            cr_reject_reason: 'other',
          });
          return { status: 422, body: { status: 'error', message: ALREADY_DECIDED } };
        },
      }),
      bank,
    );
    await user.click(await screen.findByRole('button', { name: '承認する' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: '承認する' }));
    expect(await screen.findByText('申請の承認に失敗しました')).toBeInTheDocument();
    expect(await screen.findByText(ALREADY_DECIDED)).toBeInTheDocument();
    await waitFor(() => expect(factOf(region('申請の状況'), '状態')).toBe('却下'));
    expect(sent(fetch, DETAIL)).toHaveLength(2);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '承認する' })).not.toBeInTheDocument();
  });

  it('says 申請の却下に失敗しました when the rejection fails, keeping the dialog to try again', async () => {
    const user = userEvent.setup();
    renderDesk(
      PAGE,
      deskApi(application(), { [REJECT]: () => ({ status: 500, body: { status: 'error' } }) }),
      bank,
    );
    await user.click(await screen.findByRole('button', { name: '却下する' }));
    const dialog = screen.getByRole('dialog', { name: '申請の却下' });
    await user.selectOptions(within(dialog).getByRole('combobox', { name: /^却下理由/ }), 'その他');
    await user.click(within(dialog).getByRole('button', { name: '却下する' }));
    expect(await screen.findByText('申請の却下に失敗しました')).toBeInTheDocument();
    await waitFor(() =>
      expect((within(dialog).getByRole('button', { name: '却下する' }) as HTMLButtonElement).disabled).toBe(
        false,
      ),
    );
    expect(screen.getByRole('dialog', { name: '申請の却下' })).toBeInTheDocument();
    expect(factOf(region('申請の状況'), '状態')).toBe('承認待ち');
  });
});

describe('/admin/companyregister/detail/{id}: loading', () => {
  it('shows the 404 page for a number that is not the bank’s', async () => {
    renderDesk(PAGE, { [DETAIL]: () => ({ status: 404, body: { status: 'error' } }) });
    expect((await screen.findByRole('alert')).textContent).toBe('エラー 404');
  });

  it('shows the 404 page for a number that cannot be one, without asking the server', async () => {
    const { fetch } = renderDesk('/admin/companyregister/detail/%E7%94%B3%E8%AB%8B', {});
    expect((await screen.findByRole('alert')).textContent).toBe('エラー 404');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('says データ取得に失敗しました when the application does not load', async () => {
    renderDesk(PAGE, { [DETAIL]: () => ({ status: 500, body: { status: 'error' } }) });
    expect((await screen.findByRole('alert')).textContent).toBe('データ取得に失敗しました');
  });
});

describe('/admin/companyregister/detail/{id}: a portal member’s upgrade', () => {
  const STATUS = `GET /api/v1/companyregister/upgrade_status`;
  const UPGRADE = 'POST /api/v1/hgba/portal/companyregister/upgrade';
  const portal = application({
    cr_variant: 'hgba',
    variant_title: 'ビジネスアシストポータル利用申込',
    cr_status: 'approved',
    cr_decided_at: '2026-04-02T01:30:00.000Z',
    company_unique_code: 'c0ffee',
  });

  it('offers アップグレードする while the company is a portal member, and says when it is done', async () => {
    const state = { status: 'upgradable' };
    const { fetch } = renderDesk(PAGE, {
      [DETAIL]: () => successAnswer(portal),
      [STATUS]: () => successAnswer({ status: state.status, company_unique_code: 'c0ffee' }),
      [UPGRADE]: () => {
        state.status = 'upgraded';
        return successAnswer({ message: 'ビジネスアシスト会員にアップグレードしました', type: 'normal' });
      },
    });
    const panel = await screen.findByRole('region', { name: 'アップグレード' });
    expect(
      within(panel).getByText('ビジネスアシストポータル会員: アップグレードできます'),
    ).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(within(panel).getByRole('button', { name: 'アップグレードする' }));
    const dialog = await screen.findByRole('dialog', { name: 'ビジネスアシスト会員へのアップグレード' });
    await user.click(within(dialog).getByRole('button', { name: 'アップグレードする' }));
    expect(await screen.findByText('ビジネスアシスト会員にアップグレードしました')).toBeInTheDocument();
    expect(sent(fetch, UPGRADE)).toEqual([{ cr_unique_code: CODE }]);
    expect(
      await within(panel).findByText('ビジネスアシストポータル会員: アップグレード済みです'),
    ).toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: 'アップグレードする' })).not.toBeInTheDocument();
  });

  it('shows nothing of upgrades for an application that made a full member', async () => {
    renderDesk(PAGE, { [DETAIL]: () => successAnswer(application({ cr_status: 'approved' })) });
    await screen.findByRole('heading', { name: 'お申込者の情報' });
    expect(screen.queryByRole('region', { name: 'アップグレード' })).not.toBeInTheDocument();
  });
});
