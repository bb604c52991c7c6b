import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { PARTNER_INFORMATION_SETTING_MESSAGES } from '#server/contracts/partner-information-setting.ts';
import { VALIDATION_MESSAGES } from '#server/contracts/validation.ts';
import {
  detailItem,
  listAnswer,
  listItem,
  preloadStaffPages,
  renderStaffPage,
  sentBodies,
  success,
} from './staff-pages.tsx';

/**
 * The bank's review of partner information a partner company wrote itself (issue 16 item 4) on the
 * staff's /admin/xba/pi pages: the list names the company and filters by review status; the item's
 * page is read-only with 承認する / 否認する under it.
 */

beforeAll(preloadStaffPages, 30_000);

const MESSAGES = PARTNER_INFORMATION_SETTING_MESSAGES;
const COMPANY = 'ミライテック株式会社';
const VERSION = '2026-04-01T01:00:00.000Z';

const partnerItem = (id: number, change: Parameters<typeof detailItem>[1] = {}) =>
  detailItem(id, {
    article_kind: 'partner_information',
    article_title: 'クラウド会計の導入支援',
    category_code: null,
    category_name: null,
    article_provider_name: COMPANY,
    article_company_name: COMPANY,
    author_name: '田中 直樹',
    pi_status: 'REVIEWING',
    article_publish_start: '2026-05-01',
    article_updated_at: VERSION,
    ...change,
  });

const errorOf = (control: HTMLElement) => {
  const ids = control.getAttribute('aria-describedby')?.split(' ') ?? [];
  const error = ids.find((id) => id.endsWith('-error'));
  return error ? (document.getElementById(error)?.textContent ?? undefined) : undefined;
};

describe('/admin/xba/pi', () => {
  it('names the partner company an item came from and filters by review status', async () => {
    const user = userEvent.setup();
    const { fetch } = renderStaffPage('/admin/xba/pi', {
      api: {
        'POST /api/v1/admin/pi/search': () =>
          listAnswer([
            listItem(4, {
              article_kind: 'partner_information',
              article_title: 'クラウド会計の導入支援',
              article_company_name: COMPANY,
              article_provider_name: COMPANY,
              pi_status: 'REVIEWING',
            }),
          ]),
      },
    });
    const table = await screen.findByRole('table');
    expect(within(table).getByText(`パートナー企業（${COMPANY}）`)).toBeInTheDocument();
    expect(within(table).getByText('審査中')).toBeInTheDocument();

    const search = screen.getByRole('search', { name: '検索条件' });
    await user.selectOptions(within(search).getByRole('combobox', { name: '審査状況' }), '審査中');
    await user.click(within(search).getByRole('button', { name: '検索' }));
    await screen.findByRole('table');
    expect(sentBodies(fetch, 'POST', '/api/v1/admin/pi/search').at(-1)).toEqual({
      rows: 25,
      page: 1,
      conditions: { pi_status: 'REVIEWING' },
    });
  });

  it('offers no review status filter on the other kinds’ lists', async () => {
    renderStaffPage('/admin/xba/column', {
      api: { 'POST /api/v1/admin/column/search': () => listAnswer([]) },
    });
    const search = await screen.findByRole('search', { name: '検索条件' });
    expect(within(search).queryByRole('combobox', { name: '審査状況' })).not.toBeInTheDocument();
  });
});

describe('/admin/xba/pi/detail/{id}: a partner company’s item', () => {
  it('is read-only, says whose it is, and approves the version on screen', async () => {
    const user = userEvent.setup();
    const { fetch } = renderStaffPage('/admin/xba/pi/detail/4', {
      api: {
        'GET /api/v1/admin/pi/4': () => success(partnerItem(4)),
        'POST /api/v1/admin/pi/4/approve': () =>
          success({ article_id: 4, pi_status: 'BEFORE_PUBLISHING' }, MESSAGES.approved),
      },
    });
    expect(await screen.findByText(/パートナー企業が作成したパートナー情報です/)).toBeInTheDocument();
    expect(screen.getByText(`パートナー企業（${COMPANY}）`)).toBeInTheDocument();
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    const review = screen.getByRole('region', { name: '審査' });
    expect(within(review).getByText(/公開開始日（2026\/05\/01）から/)).toBeInTheDocument();
    await user.click(within(review).getByRole('button', { name: '承認する' }));
    expect(await screen.findByText(MESSAGES.approved)).toBeInTheDocument();
    expect(sentBodies(fetch, 'POST', '/api/v1/admin/pi/4/approve')).toEqual([
      { article_updated_at: VERSION },
    ]);
  });

  it('requires a reason to disapprove, then sends it with the version', async () => {
    const user = userEvent.setup();
    const { fetch } = renderStaffPage('/admin/xba/pi/detail/5', {
      api: {
        'GET /api/v1/admin/pi/5': () => success(partnerItem(5)),
        'POST /api/v1/admin/pi/5/disapprove': () =>
          success({ article_id: 5, pi_status: 'DISAPPROVAL' }, MESSAGES.disapproved),
      },
    });
    const review = await screen.findByRole('region', { name: '審査' });
    await user.click(within(review).getByRole('button', { name: '否認する' }));
    const reason = within(review).getByRole('textbox', { name: /^否認の理由/ });
    expect(errorOf(reason)).toBe(VALIDATION_MESSAGES.required);
    expect(reason).toHaveFocus();
    expect(sentBodies(fetch, 'POST', '/api/v1/admin/pi/5/disapprove')).toEqual([]);

    await user.type(reason, '効果を保証する表現は掲載できません');
    await user.click(within(review).getByRole('button', { name: '否認する' }));
    expect(await screen.findByText(MESSAGES.disapproved)).toBeInTheDocument();
    expect(sentBodies(fetch, 'POST', '/api/v1/admin/pi/5/disapprove')).toEqual([
      { article_updated_at: VERSION, pi_review_note: '効果を保証する表現は掲載できません' },
    ]);
  });

  it('tells the staff member when the company changed the item since it was shown', async () => {
    const user = userEvent.setup();
    renderStaffPage('/admin/xba/pi/detail/6', {
      api: {
        'GET /api/v1/admin/pi/6': () => success(partnerItem(6)),
        'POST /api/v1/admin/pi/6/approve': () => ({
          status: 422,
          body: { status: 'error', message: MESSAGES.changedSinceRead },
        }),
      },
    });
    const review = await screen.findByRole('region', { name: '審査' });
    await user.click(within(review).getByRole('button', { name: '承認する' }));
    expect(await screen.findByText(MESSAGES.approveFailed)).toBeInTheDocument();
    expect(await within(review).findByText(MESSAGES.changedSinceRead)).toBeInTheDocument();
  });

  it('shows the reason of a disapproved item and offers no decision', async () => {
    renderStaffPage('/admin/xba/pi/detail/7', {
      api: {
        'GET /api/v1/admin/pi/7': () =>
          success(
            partnerItem(7, { pi_status: 'DISAPPROVAL', pi_review_note: '写真の出典を明記してください' }),
          ),
      },
    });
    const review = await screen.findByRole('region', { name: '審査' });
    expect(screen.getByText('写真の出典を明記してください')).toBeInTheDocument();
    expect(within(review).getByText('審査中ではないため、承認・否認はできません。')).toBeInTheDocument();
    expect(within(review).queryByRole('button', { name: '承認する' })).not.toBeInTheDocument();
  });

  it('leaves the decision to system and bank admins (can_edit false)', async () => {
    renderStaffPage('/admin/xba/pi/detail/8', {
      userType: 'branch_admin',
      api: { 'GET /api/v1/admin/pi/8': () => success(partnerItem(8, { can_edit: false })) },
    });
    const review = await screen.findByRole('region', { name: '審査' });
    expect(
      within(review).getByText('審査（承認・否認）はシステム管理者・銀行管理者が行います。'),
    ).toBeInTheDocument();
    expect(within(review).queryByRole('button')).not.toBeInTheDocument();
  });

  it('keeps the staff’s own partner information in their edit form', async () => {
    renderStaffPage('/admin/xba/pi/detail/9', {
      api: {
        'GET /api/v1/admin/pi/9': () =>
          success(
            partnerItem(9, { article_company_name: null, article_provider_name: '株式会社パートナー' }),
          ),
      },
    });
    expect(await screen.findByRole('form', { name: '記事の入力' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: '審査' })).not.toBeInTheDocument();
  });
});
