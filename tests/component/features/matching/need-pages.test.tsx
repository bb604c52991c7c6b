import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS, japanDateString } from '#server/contracts/japan-day.ts';
import { MATCHING_MESSAGES, NEED_REACH_LABELS, type OwnNeed } from '#server/contracts/matching.ts';
import { MESSAGES } from '#server/contracts/messages.ts';
import { VALIDATION_MESSAGES } from '#server/contracts/validation.ts';
import { config0182, FIXTURE_BANKS } from '#tests/component/fixtures/app-configs.ts';
import { successAnswer } from '#tests/component/fixtures/render-layout.tsx';
import { errorOf, requestsTo, sentTo } from '#tests/component/fixtures/registration-fixtures.tsx';
import { NEED_CODE, ownNeed, paged, renderMatching } from './matching-fixtures.tsx';

const LIST_PAGE = '/mypage/mybusiness/needs';
const CREATE_PAGE = `${LIST_PAGE}/create`;
const EDIT_PAGE = `${LIST_PAGE}/${NEED_CODE}`;
const NEW_CODE = 'ca0099';
const IMAGE_CODE = 'file0001';
const LIST_CALL = 'GET /api/v1/mybusiness/needs';
const CREATE_CALL = 'POST /api/v1/mybusiness/needs';
const DETAIL_CALL = `GET /api/v1/mybusiness/needs/${NEED_CODE}`;
const UPDATE_CALL = `PUT /api/v1/mybusiness/needs/${NEED_CODE}`;
const DELETE_CALL = `DELETE /api/v1/mybusiness/needs/${NEED_CODE}`;
const NEW_IMAGE_CALL = `POST /api/v1/mybusiness/needs/${NEW_CODE}/images`;
const IMAGE_DELETE_CALL = `DELETE /api/v1/mybusiness/needs/${NEED_CODE}/images/${IMAGE_CODE}`;

const dayFromToday = (days: number) => japanDateString(new Date(Date.now() + days * DAY_MS));
const notInNetwork = () => ({ ...config0182(), nationwide_matching: false });

const IMAGE = { file_unique_code: IMAGE_CODE, file_url: `/api/v1/ca/${NEED_CODE}/images/${IMAGE_CODE}` };

/** The saves answer what they were sent, as the server keeps it. */
const savedAnswer =
  (code: string, change: Partial<OwnNeed> = {}) =>
  (body: unknown) =>
    successAnswer(
      ownNeed({ ...(body as Partial<OwnNeed>), ca_unique_code: code, need_deal_count: 0, ...change }),
      MESSAGES.saved,
    );

const textbox = (name: string) => screen.getByRole('textbox', { name });
const group = (name: string) => screen.getByRole('group', { name });
const radio = (name: string) => screen.getByRole('radio', { name });
const startDay = () => screen.getByLabelText(/^掲載開始日/) as HTMLInputElement;
const endDay = () => screen.getByLabelText(/^掲載終了日/) as HTMLInputElement;
const imageInput = () => screen.getByLabelText(/^画像/) as HTMLInputElement;
const save = () => screen.getByRole('button', { name: '保存する' });
const openForm = () => screen.findByRole('form', { name: 'ニーズの入力' });

beforeAll(async () => {
  await import('#client/features/matching/needs/own-need-list-page.tsx');
  await import('#client/features/matching/needs/need-edit-page.tsx');
}, 30_000);

describe.each(FIXTURE_BANKS)('/mypage/mybusiness/needs on bank $code', (bank) => {
  it('lists the company’s needs with category, publish status, reach, period and deal requests', async () => {
    renderMatching(LIST_PAGE, {
      config: bank.config(),
      api: {
        [LIST_CALL]: () =>
          paged([
            ownNeed(),
            ownNeed({
              ca_unique_code: 'ca0003',
              need_title: '倉庫スペースを借りたい',
              need_category: 'rent',
              need_visibility: 0,
              need_reach: 'nationwide',
              need_publish_status: 'PRIVATE',
              need_period_end: null,
              need_deal_count: 0,
            }),
          ]),
      },
    });
    const table = await screen.findByRole('table', { name: '登録済みのニーズ' });
    const [header, first, second] = within(table).getAllByRole('row');
    expect(
      within(header!)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['タイトル', 'カテゴリ', '公開状況', '公開範囲', '掲載期間', '商談依頼', '更新日']);
    expect(
      within(first!).getByRole('link', { name: 'CNC旋盤の加工を協力会社にお願いしたい' }),
    ).toHaveAttribute('href', EDIT_PAGE);
    expect(first).toHaveTextContent('作ってほしい');
    expect(first).toHaveTextContent('公開中');
    expect(first).toHaveTextContent('当行のみ');
    expect(first).toHaveTextContent('2026年4月1日〜2026年6月30日');
    expect(first).toHaveTextContent('2件');
    expect(second).toHaveTextContent('借りたい');
    expect(second).toHaveTextContent('非公開');
    expect(second).toHaveTextContent('全国');
    expect(second).toHaveTextContent('2026年4月1日〜');
    expect(screen.getByText('登録数 2 / 100件')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '新しいニーズを登録する' })).toHaveAttribute('href', CREATE_PAGE);
  });

  it(
    'registers a new need, then uploads its chosen image, and goes back to the list',
    { timeout: 20_000 },
    async () => {
      const { fetch, router, user } = renderMatching(CREATE_PAGE, {
        config: bank.config(),
        api: {
          [CREATE_CALL]: savedAnswer(NEW_CODE),
          [NEW_IMAGE_CALL]: () =>
            successAnswer(
              ownNeed({
                ca_unique_code: NEW_CODE,
                need_images: [{ ...IMAGE, file_url: `/api/v1/ca/${NEW_CODE}/images/${IMAGE_CODE}` }],
              }),
            ),
          [LIST_CALL]: () => paged([]),
        },
      });
      await openForm();
      expect(startDay()).toHaveValue(dayFromToday(0));
      expect(radio('公開')).toBeChecked();
      expect(radio(NEED_REACH_LABELS.bank)).toBeChecked();

      await user.type(textbox('タイトル 必須'), '冷凍倉庫を借りたい');
      await user.click(radio('借りたい'));
      await user.click(screen.getByRole('button', { name: '製造業' }));
      await user.click(screen.getByRole('checkbox', { name: '食料品製造業' }));
      await user.click(screen.getByRole('checkbox', { name: '大阪府' }));
      await user.click(screen.getByRole('checkbox', { name: '東京都' }));
      await user.type(textbox('本文 必須'), '冷凍で100坪{Enter}半年から');
      fireEvent.change(endDay(), { target: { value: dayFromToday(90) } });
      await user.click(radio(NEED_REACH_LABELS.nationwide));
      await user.upload(imageInput(), new File([new Uint8Array(64)], 'warehouse.png', { type: 'image/png' }));
      expect(screen.getByText('「warehouse.png」を保存時に登録します。')).toBeInTheDocument();
      await user.click(save());

      expect(await screen.findByText(MESSAGES.saved)).toBeInTheDocument();
      expect(sentTo(fetch, CREATE_CALL)).toEqual([
        {
          need_title: '冷凍倉庫を借りたい',
          need_category: 'rent',
          need_industry_codes: ['09'],
          // In the masters' order, as the schema sorts them.
          need_area_codes: ['13', '27'],
          need_body: '冷凍で100坪\n半年から',
          need_period_start: dayFromToday(0),
          need_period_end: dayFromToday(90),
          need_visibility: 1,
          need_reach: 'nationwide',
        },
      ]);
      expect(requestsTo(fetch, NEW_IMAGE_CALL)).toHaveLength(1);
      await waitFor(() => expect(router.state.location.pathname).toBe(LIST_PAGE));
    },
  );
});

describe('the need form', () => {
  it(
    'shows each field’s message under it, focuses the first, and sends nothing',
    { timeout: 20_000 },
    async () => {
      const { fetch, user } = renderMatching(CREATE_PAGE);
      await openForm();
      await user.click(save());
      expect(errorOf(textbox('タイトル 必須'))).toBe(VALIDATION_MESSAGES.required);
      expect(errorOf(group('カテゴリ 必須'))).toBe(MATCHING_MESSAGES.invalidChoice);
      expect(errorOf(textbox('本文 必須'))).toBe(VALIDATION_MESSAGES.required);
      expect(textbox('タイトル 必須')).toHaveAttribute('aria-invalid', 'true');
      expect(document.activeElement).toBe(textbox('タイトル 必須'));

      // Once sent, each message follows what is entered.
      await user.type(textbox('タイトル 必須'), 'あ'.repeat(101));
      expect(errorOf(textbox('タイトル 必須'))).toBe('100文字以内で入力してください');
      await user.click(radio('売りたい'));
      expect(errorOf(group('カテゴリ 必須'))).toBeUndefined();

      fireEvent.change(startDay(), { target: { value: dayFromToday(10) } });
      fireEvent.change(endDay(), { target: { value: dayFromToday(5) } });
      expect(errorOf(endDay())).toBe(MATCHING_MESSAGES.periodEndBeforeStart);
      fireEvent.change(endDay(), { target: { value: dayFromToday(-1) } });
      expect(errorOf(endDay())).toBe(VALIDATION_MESSAGES.pastDate);

      await user.click(screen.getByRole('button', { name: '製造業' }));
      await user.click(screen.getByRole('button', { name: '情報通信業' }));
      for (const name of [
        '食料品製造業',
        '飲料・たばこ・飼料製造業',
        '繊維工業',
        '木材・木製品製造業',
        '家具・装備品製造業',
      ])
        await user.click(screen.getByRole('checkbox', { name }));
      expect(errorOf(group('業種'))).toBeUndefined();
      await user.click(screen.getByRole('checkbox', { name: '通信業' }));
      expect(errorOf(group('業種'))).toBe(MATCHING_MESSAGES.tooManyIndustries);
      // Five may be ticked: no 大分類 ticks all of its 中分類 at once.
      expect(screen.queryByRole('checkbox', { name: '製造業をすべて選択' })).not.toBeInTheDocument();

      await user.click(save());
      expect(requestsTo(fetch, CREATE_CALL)).toEqual([]);
    },
  );

  it('offers no nationwide reach where the bank is not in the matching network', async () => {
    renderMatching(CREATE_PAGE, { config: notInNetwork() });
    await openForm();
    const reach = group('公開範囲');
    expect(within(reach).queryAllByRole('radio')).toEqual([]);
    expect(reach).toHaveTextContent(NEED_REACH_LABELS.bank);
    expect(screen.queryByText(NEED_REACH_LABELS.nationwide)).not.toBeInTheDocument();
  });

  it('offers both reaches where the bank is in the network', async () => {
    renderMatching(CREATE_PAGE, { config: { ...config0182(), nationwide_matching: true } });
    await openForm();
    expect(
      within(group('公開範囲 必須'))
        .getAllByRole('radio')
        .map((choice) => choice.closest('label')?.textContent),
    ).toEqual([NEED_REACH_LABELS.bank, NEED_REACH_LABELS.nationwide]);
  });

  it(
    'puts the server’s refusal under its field, with データの登録に失敗しました',
    { timeout: 20_000 },
    async () => {
      const { user } = renderMatching(CREATE_PAGE, {
        api: {
          [CREATE_CALL]: () => ({
            status: 422,
            body: {
              status: 'error',
              message: MATCHING_MESSAGES.nationwideUnavailable,
              errors: { need_reach: [MATCHING_MESSAGES.nationwideUnavailable] },
            },
          }),
        },
      });
      await openForm();
      await user.type(textbox('タイトル 必須'), '冷凍倉庫を借りたい');
      await user.click(radio('借りたい'));
      await user.type(textbox('本文 必須'), '冷凍で100坪');
      await user.click(radio(NEED_REACH_LABELS.nationwide));
      await user.click(save());
      expect(await screen.findByText(MESSAGES.saveFailed)).toBeInTheDocument();
      await waitFor(() =>
        expect(errorOf(group('公開範囲 必須'))).toBe(MATCHING_MESSAGES.nationwideUnavailable),
      );
    },
  );

  it('says why above the form when the company is at its limit', { timeout: 20_000 }, async () => {
    const { user } = renderMatching(CREATE_PAGE, {
      api: {
        [CREATE_CALL]: () => ({
          status: 422,
          body: { status: 'error', message: MATCHING_MESSAGES.limitReached },
        }),
      },
    });
    await openForm();
    await user.type(textbox('タイトル 必須'), '冷凍倉庫を借りたい');
    await user.click(radio('借りたい'));
    await user.type(textbox('本文 必須'), '冷凍で100坪');
    await user.click(save());
    await waitFor(() =>
      expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toContain(
        MATCHING_MESSAGES.limitReached,
      ),
    );
  });

  it('refuses a file over 2 MB in the browser, before anything is sent', async () => {
    const { user } = renderMatching(CREATE_PAGE);
    await openForm();
    await user.upload(imageInput(), new File([new Uint8Array(2097153)], 'big.png', { type: 'image/png' }));
    expect(errorOf(imageInput())).toBe(MATCHING_MESSAGES.imageTooLarge);
    expect(screen.queryByText(/を保存時に登録します/)).not.toBeInTheDocument();
  });
});

describe('/mypage/mybusiness/needs/{id}', () => {
  const saved = () =>
    ownNeed({
      need_period_start: dayFromToday(-10),
      need_period_end: dayFromToday(60),
      need_images: [IMAGE],
    });

  it('opens the need with where it stands, and saves the change', { timeout: 20_000 }, async () => {
    const { fetch, router, user } = renderMatching(EDIT_PAGE, {
      api: {
        [DETAIL_CALL]: () => successAnswer(saved()),
        [UPDATE_CALL]: savedAnswer(NEED_CODE),
        [LIST_CALL]: () => paged([]),
      },
    });
    await openForm();
    const state = screen.getByRole('region', { name: '掲載の状況' });
    expect(state).toHaveTextContent('公開中');
    expect(state).toHaveTextContent('2件');
    expect(textbox('タイトル 必須')).toHaveValue('CNC旋盤の加工を協力会社にお願いしたい');
    expect(radio('作ってほしい')).toBeChecked();
    expect(screen.getByRole('checkbox', { name: '東京都' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: '大阪府' })).not.toBeChecked();
    expect(screen.getByRole('img', { name: '登録済みの画像1' })).toHaveAttribute('src', IMAGE.file_url);

    await user.click(radio('非公開'));
    await user.click(save());
    expect(await screen.findByText(MESSAGES.saved)).toBeInTheDocument();
    expect(sentTo(fetch, UPDATE_CALL)).toEqual([
      expect.objectContaining({
        need_visibility: 0,
        need_area_codes: ['13', '14'],
        need_industry_codes: ['12'],
      }),
    ]);
    expect(requestsTo(fetch, CREATE_CALL)).toEqual([]);
    await waitFor(() => expect(router.state.location.pathname).toBe(LIST_PAGE));
  });

  it('deletes an image after asking', async () => {
    const { fetch, user } = renderMatching(EDIT_PAGE, {
      api: {
        [DETAIL_CALL]: () => successAnswer(saved()),
        [IMAGE_DELETE_CALL]: () =>
          successAnswer({ ...saved(), need_images: [] }, MATCHING_MESSAGES.imageDeleted),
      },
    });
    await openForm();
    await user.click(screen.getByRole('button', { name: '画像1を削除' }));
    const dialog = screen.getByRole('dialog', { name: '画像の削除' });
    await user.click(within(dialog).getByRole('button', { name: '削除する' }));
    expect(await screen.findByText(MATCHING_MESSAGES.imageDeleted)).toBeInTheDocument();
    expect(requestsTo(fetch, IMAGE_DELETE_CALL)).toHaveLength(1);
    expect(screen.queryByRole('img', { name: '登録済みの画像1' })).not.toBeInTheDocument();
    expect(screen.getByText('画像は登録されていません。')).toBeInTheDocument();
  });

  it('deletes the need after asking, and goes back to the list', async () => {
    const { fetch, router, user } = renderMatching(EDIT_PAGE, {
      api: {
        [DETAIL_CALL]: () => successAnswer(saved()),
        [DELETE_CALL]: () => successAnswer({ ca_unique_code: NEED_CODE }, MATCHING_MESSAGES.deleted),
        [LIST_CALL]: () => paged([]),
      },
    });
    await openForm();
    await user.click(screen.getByRole('button', { name: 'ニーズを削除する' }));
    const dialog = screen.getByRole('dialog', { name: 'ニーズの削除' });
    expect(dialog).toHaveTextContent('このニーズが受けた商談依頼（2件）は、商談管理に残ります。');
    await user.click(within(dialog).getByRole('button', { name: '削除する' }));
    expect(await screen.findByText(MATCHING_MESSAGES.deleted)).toBeInTheDocument();
    expect(requestsTo(fetch, DELETE_CALL)).toHaveLength(1);
    await waitFor(() => expect(router.state.location.pathname).toBe(LIST_PAGE));
  });

  it('shows the 404 page for a need that is not the company’s', async () => {
    renderMatching(EDIT_PAGE, {
      api: { [DETAIL_CALL]: () => ({ status: 404, body: { status: 'error', message: MESSAGES.notFound } }) },
    });
    expect(await screen.findByText('エラー 404')).toBeInTheDocument();
  });
});
