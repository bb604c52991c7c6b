import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { japanDateString } from '#server/contracts/japan-day.ts';
import { detailItem, renderStaffPage, sentBodies, success, preloadStaffPages } from './staff-pages.tsx';

beforeAll(preloadStaffPages, 30_000);

const DAY_MS = 24 * 60 * 60 * 1000;
const dayFromToday = (days: number) => japanDateString(new Date(Date.now() + days * DAY_MS));

function errorOf(control: HTMLElement): string | undefined {
  const ids = control.getAttribute('aria-describedby')?.split(' ') ?? [];
  const error = ids.find((id) => id.endsWith('-error'));
  return error ? (document.getElementById(error)?.textContent ?? undefined) : undefined;
}

const SEMINAR = detailItem(12, {
  article_kind: 'seminar',
  article_title: '事業承継セミナー',
  category_code: null,
  category_name: null,
  seminar_held_at: new Date(Date.now() + 40 * DAY_MS).toISOString(),
  seminar_place: '本店 3階ホール',
  seminar_capacity: 30,
  seminar_applied_count: 2,
  seminar_status: 'accepting',
  seminar_apply_deadline: dayFromToday(35),
});

const APPLICANTS = [
  { company_name: '株式会社さくら精工', user_name: '佐藤 健一', applied_at: '2026-04-02T01:30:00.000Z' },
  { company_name: 'ミライテック株式会社', user_name: '田中 直樹', applied_at: '2026-04-01T00:00:00.000Z' },
];

describe('an item staff may not change (can_edit false)', () => {
  it('is shown read-only: every field and the body, no form, no 更新 or 削除', async () => {
    renderStaffPage('/admin/news/detail/8', {
      userType: 'branch_user',
      api: {
        'GET /api/v1/admin/news/8': () =>
          success(
            detailItem(8, {
              article_title: '金利改定のお知らせ',
              can_edit: false,
              article_body: '<p>4月1日より改定します。</p>',
            }),
          ),
      },
    });
    expect(
      await screen.findByText('この記事を編集・削除する権限がありません。内容の確認のみできます。'),
    ).toBeInTheDocument();
    expect(screen.getByText('金利改定のお知らせ')).toBeInTheDocument();
    expect(await screen.findByText('4月1日より改定します。')).toBeInTheDocument();
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '更新する' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '削除' })).not.toBeInTheDocument();
  });

  it('says why for an item the operator provided', async () => {
    renderStaffPage('/admin/news/detail/9', {
      api: {
        'GET /api/v1/admin/news/9': () =>
          success(
            detailItem(9, {
              can_edit: false,
              article_is_own_bank: false,
              article_provider_name: '運営事務局',
            }),
          ),
      },
    });
    expect(await screen.findByText('運営から提供された記事は変更できません')).toBeInTheDocument();
    expect(screen.getByText('他行・運営（運営事務局）')).toBeInTheDocument();
  });
});

describe('/admin/news/detail/{id}: loading', () => {
  it('shows the 404 page for an id that is not the bank’s', async () => {
    renderStaffPage('/admin/news/detail/999', {
      api: { 'GET /api/v1/admin/news/999': () => ({ status: 404, body: { status: 'error' } }) },
    });
    expect((await screen.findByRole('alert')).textContent).toBe('エラー 404');
  });

  it('says ニュースの取得に失敗しました。 when the item does not load', async () => {
    renderStaffPage('/admin/news/detail/3', {
      api: { 'GET /api/v1/admin/news/3': () => ({ status: 500, body: { status: 'error' } }) },
    });
    expect((await screen.findByRole('alert')).textContent).toBe('ニュースの取得に失敗しました。');
  });
});

describe('/admin/xba/seminar/detail/{id}: a seminar', () => {
  it('fills the form with the seminar and lists its applicants', async () => {
    renderStaffPage('/admin/xba/seminar/detail/12', {
      api: {
        'GET /api/v1/admin/seminar/12': () => success(SEMINAR),
        'GET /api/v1/admin/seminar/12/applications': () => success({ list: APPLICANTS }),
      },
    });
    expect(((await screen.findByRole('textbox', { name: /^会場/ })) as HTMLInputElement).value).toBe(
      '本店 3階ホール',
    );
    expect((screen.getByRole('textbox', { name: /^定員/ }) as HTMLInputElement).value).toBe('30');
    const applicants = await screen.findByRole('table', { name: '申込 2名 / 定員 30名' });
    expect(within(applicants).getByRole('rowheader', { name: '株式会社さくら精工' })).toBeInTheDocument();
    expect(within(applicants).getByText('2026/04/02 10:30')).toBeInTheDocument();
  });

  it('refuses a past date, a capacity that is not a positive integer and a deadline after the date', async () => {
    const user = userEvent.setup();
    const { fetch } = renderStaffPage('/admin/xba/seminar/create');
    const heldAt = await screen.findByLabelText(/^開催日時/);
    await user.type(heldAt, `${dayFromToday(-2)}T10:00`);
    await user.type(screen.getByRole('textbox', { name: /^定員/ }), '三十');
    await user.type(screen.getByLabelText(/^申込期限/), dayFromToday(-1));
    await user.click(screen.getByRole('button', { name: '登録する' }));
    expect(errorOf(heldAt)).toBe('入力が過去日です');
    expect(errorOf(screen.getByRole('textbox', { name: /^会場/ }))).toBe('必須入力項目です');
    expect(errorOf(screen.getByRole('textbox', { name: /^定員/ }))).toBe(
      '1以上の整数を半角で入力してください',
    );
    expect(errorOf(screen.getByLabelText(/^申込期限/))).toBe('入力が過去日です');

    await user.clear(heldAt);
    await user.type(heldAt, `${dayFromToday(10)}T10:00`);
    await user.clear(screen.getByLabelText(/^申込期限/));
    await user.type(screen.getByLabelText(/^申込期限/), dayFromToday(20));
    expect(errorOf(screen.getByLabelText(/^申込期限/))).toBe('申込期限は開催日以前の日付を入力してください');
    expect(sentBodies(fetch, 'POST', '/api/v1/admin/seminar')).toEqual([]);
  });

  it('refuses a capacity below the applications it already holds', async () => {
    const user = userEvent.setup();
    const { fetch } = renderStaffPage('/admin/xba/seminar/detail/12', {
      api: {
        'GET /api/v1/admin/seminar/12': () => success({ ...SEMINAR, seminar_applied_count: 12 }),
        'GET /api/v1/admin/seminar/12/applications': () => success({ list: APPLICANTS }),
      },
    });
    const capacity = await screen.findByRole('textbox', { name: /^定員/ });
    await user.clear(capacity);
    await user.type(capacity, '10');
    await user.click(screen.getByRole('button', { name: '更新する' }));
    expect(errorOf(capacity)).toBe('申込済みの人数（12名）より少ない定員は設定できません');
    expect(sentBodies(fetch, 'PUT', '/api/v1/admin/seminar/12')).toEqual([]);
  });

  it('sends 中止 with the seminar’s fields', async () => {
    const user = userEvent.setup();
    const { fetch } = renderStaffPage('/admin/xba/seminar/detail/12', {
      api: {
        'GET /api/v1/admin/seminar/12': () => success(SEMINAR),
        'GET /api/v1/admin/seminar/12/applications': () => success({ list: [] }),
        'PUT /api/v1/admin/seminar/12': () => success({ article_id: 12, warnings: {} }, '登録が完了しました'),
      },
    });
    await user.click(await screen.findByRole('checkbox', { name: /このセミナーを中止する/ }));
    await user.click(screen.getByRole('button', { name: '更新する' }));
    expect(await screen.findByText('登録が完了しました')).toBeInTheDocument();
    const [sent] = sentBodies(fetch, 'PUT', '/api/v1/admin/seminar/12') as [
      { fields: Record<string, unknown> },
    ];
    expect(sent.fields).toMatchObject({
      seminar_place: '本店 3階ホール',
      seminar_capacity: 30,
      seminar_is_cancelled: true,
      seminar_apply_deadline: dayFromToday(35),
    });
    expect(screen.getByRole('cell', { name: 'まだ申込はありません' })).toBeInTheDocument();
  });
});

describe('/admin/xba/pi/create: partner information', () => {
  it('requires the partner’s name and offers the review statuses', async () => {
    const user = userEvent.setup();
    renderStaffPage('/admin/xba/pi/create');
    const provider = await screen.findByRole('textbox', { name: /^パートナー企業名/ });
    const status = screen.getByRole('combobox', { name: /^審査状況/ }) as HTMLSelectElement;
    expect([...status.options].map((option) => option.textContent)).toEqual([
      '審査中',
      '公開前',
      '公開中',
      '公開終了',
      '否認',
      '取消',
    ]);
    await user.click(screen.getByRole('button', { name: '登録する' }));
    expect(errorOf(provider)).toBe('必須入力項目です');
    // Only news need a category.
    expect(errorOf(screen.getByRole('combobox', { name: /^カテゴリ/ }))).toBeUndefined();
  });
});
