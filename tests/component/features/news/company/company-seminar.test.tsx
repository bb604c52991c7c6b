import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { CompanyArticleDetail } from '#server/contracts/news.ts';
import { japanDateString } from '#server/contracts/japan-day.ts';
import type { FakeAnswer } from '#tests/component/fixtures/render-layout.tsx';
import {
  askedUrls,
  detailItem,
  refused,
  renderCompanyPages,
  seminarListItem,
  success,
} from './news-pages.tsx';

const DAY_MS = 24 * 60 * 60 * 1000;
const inDays = (days: number) => japanDateString(new Date(Date.now() + days * DAY_MS));

/** A seminar taking applications, as GET /api/v1/seminar/{id} answers it. */
function seminar(change: Partial<CompanyArticleDetail> = {}): CompanyArticleDetail {
  return detailItem(21, {
    ...seminarListItem(21),
    seminar_apply_deadline: inDays(10),
    seminar_applied: false,
    ...change,
  });
}

/** The seminar's detail page over a fake API whose application call answers `answer`. */
function openSeminar(
  shown: CompanyArticleDetail,
  answers: {
    apply?: () => FakeAnswer;
    withdraw?: () => FakeAnswer;
    reread?: () => CompanyArticleDetail;
  } = {},
) {
  let reads = 0;
  const rendered = renderCompanyPages({
    path: '/mypage/seminar/detail/21',
    api: {
      'GET /api/v1/seminar/21': () => {
        reads += 1;
        return success(reads > 1 && answers.reread ? answers.reread() : shown);
      },
      'POST /api/v1/seminar/21/apply': answers.apply ?? (() => refused('unexpected')),
      'DELETE /api/v1/seminar/21/apply': answers.withdraw ?? (() => refused('unexpected')),
    },
  });
  return { ...rendered, user: userEvent.setup() };
}

const panel = () => screen.findByRole('region', { name: 'お申し込み' });

describe('/mypage/seminar/detail/{id}', () => {
  it('shows the date, place, capacity, deadline and status with the seats left', async () => {
    openSeminar(seminar({ seminar_apply_deadline: '2026-06-03' }));
    const item = await screen.findByRole('article');
    expect(screen.getByRole('heading', { level: 1, name: 'セミナー詳細' })).toBeInTheDocument();
    expect(within(item).getByText('2026年6月10日(水) 14:00')).toBeInTheDocument();
    expect(within(item).getByText('本店 3階 大会議室')).toBeInTheDocument();
    expect(within(item).getByText('30名')).toBeInTheDocument();
    expect(within(item).getByText('2026年6月3日')).toBeInTheDocument();
    expect(within(item).getByText('受付中').parentElement?.textContent).toBe('受付中 残り4席');
  });

  it('申し込む asks first, then applies: 申込済み with キャンセル, and a toast', async () => {
    const { user, fetch } = openSeminar(seminar(), {
      apply: () => ({
        status: 200,
        body: {
          status: 'success',
          message: 'セミナーに申し込みました',
          result: {
            seminar_applied: true,
            seminar_capacity: 30,
            seminar_remaining: 3,
            seminar_status: 'accepting',
          },
        },
      }),
    });
    await user.click(within(await panel()).getByRole('button', { name: '申し込む' }));
    const dialog = screen.getByRole('dialog', { name: 'セミナーへのお申し込み' });
    expect(dialog.textContent).toContain('「事業承継セミナー」に申し込みます。よろしいですか？');
    // Nothing is sent before the user confirms.
    expect(askedUrls(fetch).some((url) => url.pathname.endsWith('/apply'))).toBe(false);

    await user.click(within(dialog).getByRole('button', { name: '申し込む' }));
    expect(await within(await panel()).findByText('申込済み')).toBeInTheDocument();
    expect(within(await panel()).getByRole('button', { name: 'キャンセル' })).toBeInTheDocument();
    expect(await screen.findByText('セミナーに申し込みました')).toBeInTheDocument();
    expect(screen.getByText('受付中').parentElement?.textContent).toBe('受付中 残り3席');
    const post = fetch.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(new Headers(post?.[1]?.headers).get('X-Requested-With')).toBe('XMLHttpRequest');
  });

  it('戻る in the dialog applies for nothing', async () => {
    const { user, fetch } = openSeminar(seminar());
    await user.click(within(await panel()).getByRole('button', { name: '申し込む' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: '戻る' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(askedUrls(fetch).some((url) => url.pathname.endsWith('/apply'))).toBe(false);
  });

  it('shows the refusal when the seats ran out meanwhile, and the seminar as it now stands', async () => {
    const { user } = openSeminar(seminar(), {
      apply: () => refused('定員に達したため、お申し込みいただけません'),
      reread: () => seminar({ seminar_status: 'full', seminar_remaining: 0 }),
    });
    await user.click(within(await panel()).getByRole('button', { name: '申し込む' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: '申し込む' }));
    expect((await screen.findByRole('alert')).textContent).toBe('定員に達したため、お申し込みいただけません');
    expect(await screen.findByText('満席')).toBeInTheDocument();
    expect(within(await panel()).queryByRole('button', { name: '申し込む' })).not.toBeInTheDocument();
  });

  it('shows the refusal of an application made already (in another tab), then 申込済み', async () => {
    const { user } = openSeminar(seminar(), {
      apply: () => refused('このセミナーにはすでにお申し込み済みです'),
      reread: () => seminar({ seminar_applied: true }),
    });
    await user.click(within(await panel()).getByRole('button', { name: '申し込む' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: '申し込む' }));
    expect((await screen.findByRole('alert')).textContent).toBe('このセミナーにはすでにお申し込み済みです');
    expect(await within(await panel()).findByText('申込済み')).toBeInTheDocument();
  });

  it('shows the refusal of a closed reception', async () => {
    const { user } = openSeminar(seminar(), {
      apply: () => refused('申込受付期間外のため、お申し込みいただけません'),
    });
    await user.click(within(await panel()).getByRole('button', { name: '申し込む' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: '申し込む' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      '申込受付期間外のため、お申し込みいただけません',
    );
  });

  it('キャンセル before the deadline withdraws the application, after asking', async () => {
    const { user, fetch } = openSeminar(seminar({ seminar_applied: true }), {
      withdraw: () => ({
        status: 200,
        body: {
          status: 'success',
          message: 'セミナーのお申し込みを取り消しました',
          result: {
            seminar_applied: false,
            seminar_capacity: 30,
            seminar_remaining: 5,
            seminar_status: 'accepting',
          },
        },
      }),
    });
    await user.click(within(await panel()).getByRole('button', { name: 'キャンセル' }));
    const dialog = screen.getByRole('dialog', { name: 'お申し込みのキャンセル' });
    await user.click(within(dialog).getByRole('button', { name: 'キャンセルする' }));
    expect(await within(await panel()).findByRole('button', { name: '申し込む' })).toBeInTheDocument();
    expect(await screen.findByText('セミナーのお申し込みを取り消しました')).toBeInTheDocument();
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(true);
  });

  it('offers no キャンセル once the deadline has passed', async () => {
    openSeminar(
      seminar({
        seminar_applied: true,
        seminar_apply_deadline: inDays(-1),
        seminar_status: 'reception_closed',
      }),
    );
    const applied = await panel();
    expect(within(applied).getByText('申込済み')).toBeInTheDocument();
    expect(within(applied).queryByRole('button', { name: 'キャンセル' })).not.toBeInTheDocument();
    expect(within(applied).getByText('申込期限を過ぎたため、お申し込みを取り消せません')).toBeInTheDocument();
  });

  it.each([
    ['full', '定員に達したため、お申し込みいただけません'],
    ['reception_closed', '申込受付期間外のため、お申し込みいただけません'],
    ['cancelled', 'このセミナーは中止になりました'],
    ['finished', 'このセミナーは終了しました'],
  ] as const)('offers no 申し込む for a seminar %s, and says why', async (status, reason) => {
    openSeminar(seminar({ seminar_status: status }));
    const closed = await panel();
    expect(within(closed).queryByRole('button', { name: '申し込む' })).not.toBeInTheDocument();
    expect(within(closed).getByText(reason)).toBeInTheDocument();
  });
});
