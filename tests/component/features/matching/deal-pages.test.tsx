import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEAL_MESSAGES, type DealDetail } from '#server/contracts/matching-deals.ts';
import { MESSAGES } from '#server/contracts/messages.ts';
import { VALIDATION_MESSAGES } from '#server/contracts/validation.ts';
import { FIXTURE_BANKS } from '#tests/component/fixtures/app-configs.ts';
import { successAnswer } from '#tests/component/fixtures/render-layout.tsx';
import { errorOf, requestsTo, sentTo } from '#tests/component/fixtures/registration-fixtures.tsx';
import { DEAL_CODE, deal, dealDetail, lastQueryTo, paged, renderMatching } from './matching-fixtures.tsx';

const SENT_PAGE = '/mypage/matching/history';
const RECEIVED_PAGE = '/mypage/matching/received_history';
const RECEIVED_DETAIL = `${RECEIVED_PAGE}/detail/${DEAL_CODE}`;
const SENT_DETAIL = `${SENT_PAGE}/detail/${DEAL_CODE}`;
const SENT_CALL = 'GET /api/v1/cmh/sent';
const RECEIVED_CALL = 'GET /api/v1/cmh/received';
const DETAIL_CALL = `GET /api/v1/cmh/${DEAL_CODE}`;
const commandCall = (command: string) => `POST /api/v1/cmh/${DEAL_CODE}/${command}`;
const BADGE_KEY = ['badges', 'counts'];

const button = (name: string) => screen.queryByRole('button', { name });
const actions = () => screen.getByRole('region', { name: '返信・操作' });

beforeAll(async () => {
  await import('#client/features/matching/deals/deal-list-page.tsx');
  await import('#client/features/matching/deals/deal-detail-page.tsx');
}, 30_000);

describe.each(FIXTURE_BANKS)('the deal lists on bank $code', (bank) => {
  it('/received_history lists the requests the company’s needs received, with the unanswered count', async () => {
    renderMatching(RECEIVED_PAGE, {
      config: bank.config(),
      api: {
        [RECEIVED_CALL]: () =>
          paged([
            deal(),
            deal({
              cmh_unique_code: 'cmh0002',
              cmh_status: 'negotiating',
              cmh_unreplied_count: 0,
              cmh_request_type: 'document',
            }),
          ]),
      },
    });
    const table = await screen.findByRole('table', { name: '受けた商談依頼' });
    const [header, first, second] = within(table).getAllByRole('row');
    expect(
      within(header!)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['ニーズ', '依頼元の企業', '依頼内容', '状況', '更新日時']);
    expect(
      within(first!).getByRole('link', { name: 'CNC旋盤の加工を協力会社にお願いしたい' }),
    ).toHaveAttribute('href', RECEIVED_DETAIL);
    expect(first).toHaveTextContent('未返信 1');
    expect(first).toHaveTextContent('つばめ運輸株式会社');
    expect(first).toHaveTextContent('しおさい銀行');
    expect(first).toHaveTextContent('見積依頼');
    expect(first).toHaveTextContent('商談依頼中');
    expect(first).toHaveTextContent('2026年4月5日(日) 11:00');
    expect(second).toHaveTextContent('資料請求');
    expect(second).toHaveTextContent('商談中');
    expect(second).not.toHaveTextContent('未返信');
  });
});

describe('the deal lists', () => {
  it('/history lists the requests sent, each opening its deal under the history', async () => {
    renderMatching(SENT_PAGE, { api: { [SENT_CALL]: () => paged([deal({ my_side: 'sender' })]) } });
    const table = await screen.findByRole('table', { name: '送った商談依頼' });
    expect(within(table).getByRole('columnheader', { name: '依頼先の企業' })).toBeInTheDocument();
    expect(
      within(table).getByRole('link', { name: 'CNC旋盤の加工を協力会社にお願いしたい' }),
    ).toHaveAttribute('href', SENT_DETAIL);
  });

  it('filters by status in the URL and the call’s query', async () => {
    const { fetch, router, user } = renderMatching(RECEIVED_PAGE, {
      api: { [RECEIVED_CALL]: () => paged([]) },
    });
    expect(await screen.findByText('自社のニーズに届いた商談依頼はありません。')).toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: '状況' }), '商談中');
    await waitFor(() =>
      expect(lastQueryTo(fetch, RECEIVED_CALL)).toEqual({ page: '1', rows: '25', status: 'negotiating' }),
    );
    expect(router.state.location.search).toBe('?status=negotiating');
    expect(await screen.findByText('該当する商談はありません。')).toBeInTheDocument();
  });
});

describe('/mypage/matching/{history,received_history}/detail/{id}', () => {
  it('shows the deal and its messages, mine and theirs told apart in words', async () => {
    renderMatching(RECEIVED_DETAIL, {
      api: {
        [DETAIL_CALL]: () =>
          successAnswer(
            dealDetail({
              messages: [
                ...dealDetail().messages,
                {
                  message_is_mine: true,
                  message_kind: 'reply',
                  message_body: '図面をお送りください。',
                  message_created_at: '2026-04-05T03:00:00.000Z',
                },
              ],
            }),
          ),
      },
    });
    const summary = await screen.findByRole('region', { name: '受けた商談依頼' });
    expect(summary).toHaveTextContent('つばめ運輸株式会社');
    expect(summary).toHaveTextContent('見積依頼');
    expect(summary).toHaveTextContent('商談依頼中');
    expect(
      within(summary).getByRole('link', { name: 'CNC旋盤の加工を協力会社にお願いしたい' }),
    ).toHaveAttribute('href', '/mypage/mybusiness/needs/ca0001');
    const thread = screen.getByRole('region', { name: 'やりとり' });
    const [theirs, mine] = within(thread).getAllByRole('listitem');
    expect(theirs).toHaveTextContent('つばめ運輸株式会社商談依頼2026年4月5日(日) 10:00');
    expect(theirs).toHaveTextContent('月200個程度の加工をお願いできますか。');
    expect(mine).toHaveTextContent('自社2026年4月5日(日) 12:00図面をお送りください。');
    expect(screen.getByRole('link', { name: '商談管理に戻る' })).toHaveAttribute('href', RECEIVED_PAGE);
  });

  it.each<[string, Partial<DealDetail>, string[], string[]]>([
    [
      'a request the company received',
      {},
      ['返信する', '承諾して商談を開始', '辞退'],
      ['取り下げ', '成約', '不成立'],
    ],
    [
      'a request the company sent',
      { my_side: 'sender', can_accept: false, can_decline: false, can_withdraw: true },
      ['返信する', '取り下げ'],
      ['承諾して商談を開始', '辞退', '成約', '不成立'],
    ],
    [
      'a negotiation',
      { cmh_status: 'negotiating', can_accept: false, can_decline: false, can_conclude: true },
      ['返信する', '成約', '不成立'],
      ['承諾して商談を開始', '辞退', '取り下げ'],
    ],
    [
      'a closed deal',
      { cmh_status: 'declined', can_reply: false, can_accept: false, can_decline: false },
      [],
      ['返信する', '承諾して商談を開始', '辞退', '取り下げ', '成約', '不成立'],
    ],
  ])('offers on %s only what the answer allows', async (_, change, offered, withheld) => {
    renderMatching(RECEIVED_DETAIL, { api: { [DETAIL_CALL]: () => successAnswer(dealDetail(change)) } });
    await screen.findByRole('region', { name: '返信・操作' });
    for (const name of offered) expect(button(name)).toBeInTheDocument();
    for (const name of withheld) expect(button(name)).not.toBeInTheDocument();
    if (offered.length === 0) expect(actions()).toHaveTextContent('この商談は終了しています。');
  });

  it(
    'posts a reply, shows the deal as answered, and asks for the badge again',
    { timeout: 20_000 },
    async () => {
      let replied = false;
      const answered = () =>
        dealDetail({
          cmh_status: 'replied',
          cmh_unreplied_count: 0,
          messages: [
            ...dealDetail().messages,
            {
              message_is_mine: true,
              message_kind: 'reply',
              message_body: '承知しました。',
              message_created_at: '2026-04-06T01:00:00.000Z',
            },
          ],
        });
      const { fetch, queryClient, user } = renderMatching(RECEIVED_DETAIL, {
        api: {
          [DETAIL_CALL]: () => successAnswer(replied ? answered() : dealDetail()),
          [commandCall('reply')]: () => {
            replied = true;
            return successAnswer(answered(), DEAL_MESSAGES.replied);
          },
        },
      });
      queryClient.setQueryData(BADGE_KEY, { unrepliedMatching: 1 });
      const form = await screen.findByRole('form', { name: '返信の入力' });
      await user.click(within(form).getByRole('button', { name: '返信する' }));
      expect(errorOf(within(form).getByRole('textbox', { name: '返信メッセージ 必須' }))).toBe(
        VALIDATION_MESSAGES.required,
      );
      expect(requestsTo(fetch, commandCall('reply'))).toEqual([]);

      await user.type(within(form).getByRole('textbox', { name: '返信メッセージ 必須' }), '承知しました。');
      await user.click(within(form).getByRole('button', { name: '返信する' }));
      expect(await screen.findByText(DEAL_MESSAGES.replied)).toBeInTheDocument();
      expect(sentTo(fetch, commandCall('reply'))).toEqual([{ message: '承知しました。' }]);
      const thread = screen.getByRole('region', { name: 'やりとり' });
      await waitFor(() => expect(within(thread).getAllByRole('listitem')).toHaveLength(2));
      expect(screen.getByRole('region', { name: '受けた商談依頼' })).toHaveTextContent('返信済み');
      expect(within(form).getByRole('textbox', { name: '返信メッセージ 必須' })).toHaveValue('');
      expect(queryClient.getQueryState(BADGE_KEY)?.isInvalidated).toBe(true);
    },
  );

  it('accepts after asking, with a word, and shows the negotiation', { timeout: 20_000 }, async () => {
    let accepted = false;
    const negotiating = () =>
      dealDetail({ cmh_status: 'negotiating', can_accept: false, can_decline: false, can_conclude: true });
    const { fetch, user } = renderMatching(RECEIVED_DETAIL, {
      api: {
        [DETAIL_CALL]: () => successAnswer(accepted ? negotiating() : dealDetail()),
        [commandCall('accept')]: () => {
          accepted = true;
          return successAnswer(negotiating(), DEAL_MESSAGES.accepted);
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: '承諾して商談を開始' }));
    const dialog = screen.getByRole('dialog', { name: '商談依頼の承諾' });
    await user.type(
      within(dialog).getByRole('textbox', { name: 'メッセージ（任意）' }),
      'よろしくお願いします。',
    );
    await user.click(within(dialog).getByRole('button', { name: '承諾して商談を開始' }));
    expect(await screen.findByText(DEAL_MESSAGES.accepted)).toBeInTheDocument();
    expect(sentTo(fetch, commandCall('accept'))).toEqual([{ message: 'よろしくお願いします。' }]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await screen.findByRole('button', { name: '成約' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: '受けた商談依頼' })).toHaveTextContent('商談中');
  });

  it('records a concluded negotiation after asking', async () => {
    const { fetch, user } = renderMatching(SENT_DETAIL, {
      api: {
        [DETAIL_CALL]: () =>
          successAnswer(
            dealDetail({
              my_side: 'sender',
              cmh_status: 'negotiating',
              can_accept: false,
              can_decline: false,
              can_conclude: true,
            }),
          ),
        [commandCall('conclude')]: () =>
          successAnswer(
            dealDetail({
              my_side: 'sender',
              cmh_status: 'contracted',
              can_reply: false,
              can_accept: false,
              can_decline: false,
            }),
            DEAL_MESSAGES.concluded,
          ),
      },
    });
    await user.click(await screen.findByRole('button', { name: '成約' }));
    const dialog = screen.getByRole('dialog', { name: '商談結果の登録（成約）' });
    await user.click(within(dialog).getByRole('button', { name: '成約として登録する' }));
    expect(await screen.findByText(DEAL_MESSAGES.concluded)).toBeInTheDocument();
    expect(sentTo(fetch, commandCall('conclude'))).toEqual([{ cmh_status: 'contracted' }]);
  });

  it('says why when the deal is no longer open, and closes the dialog', async () => {
    const { user } = renderMatching(RECEIVED_DETAIL, {
      api: {
        [DETAIL_CALL]: () => successAnswer(dealDetail()),
        [commandCall('decline')]: () => ({
          status: 422,
          body: { status: 'error', message: DEAL_MESSAGES.notOpen },
        }),
      },
    });
    await user.click(await screen.findByRole('button', { name: '辞退' }));
    await user.click(
      within(screen.getByRole('dialog', { name: '商談依頼の辞退' })).getByRole('button', {
        name: '辞退する',
      }),
    );
    expect(await screen.findByText(MESSAGES.saveFailed)).toBeInTheDocument();
    expect(within(actions()).getByRole('alert')).toHaveTextContent(DEAL_MESSAGES.notOpen);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows the 404 page for a deal the company is no party to', async () => {
    renderMatching(SENT_DETAIL, {
      api: { [DETAIL_CALL]: () => ({ status: 404, body: { status: 'error', message: MESSAGES.notFound } }) },
    });
    expect(await screen.findByText('エラー 404')).toBeInTheDocument();
  });
});
