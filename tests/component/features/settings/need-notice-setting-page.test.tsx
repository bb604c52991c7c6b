import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '#server/contracts/messages.ts';
import {
  NEED_NOTICE_SETTING_MESSAGES,
  type NeedNoticeSetting,
  NO_NEED_NOTICE_SETTING,
} from '#server/contracts/need-notice-setting.ts';
import { needNoticeSettingRoutes } from '#client/features/settings/need-notice/need-notice-setting-pages.tsx';
import { FIXTURE_BANKS } from '#tests/component/fixtures/app-configs.ts';
import { type FakeApi, successAnswer } from '#tests/component/fixtures/render-layout.tsx';
import { renderRegistrationPages, sentTo } from '#tests/component/fixtures/registration-fixtures.tsx';
import { fixtureUser } from '#tests/component/fixtures/users.ts';

// The master lists come from registration-fixtures' MASTER_LISTS: 大分類 E (09, 10) and G (37, 38),
// and 東京都, 神奈川県 (関東) and 大阪府 (近畿).

const PAGE = '/mypage/setting/matching/search';
const SETTING_CALL = 'GET /api/v1/setting/matching/notice';
const SAVE_CALL = 'POST /api/v1/setting/matching/notice/save';

const SAVED: NeedNoticeSetting = {
  notice_is_enabled: true,
  notice_categories: ['buy'],
  notice_industry_codes: ['09'],
  notice_area_codes: ['13'],
  notice_channels: ['mail'],
  notice_updated_at: '2026-04-01T01:00:00.000Z',
};

async function openForm(
  start: NeedNoticeSetting = SAVED,
  api: FakeApi = {},
  bank: (typeof FIXTURE_BANKS)[number] = FIXTURE_BANKS[0],
) {
  const opened = renderRegistrationPages({
    routes: needNoticeSettingRoutes,
    path: PAGE,
    user: fixtureUser('company_owner'),
    config: bank.config(),
    api: {
      [SETTING_CALL]: () => successAnswer(start),
      [SAVE_CALL]: (body) => successAnswer({ ...start, ...(body as object) }),
      ...api,
    },
  });
  await screen.findByRole('form', { name: 'ニーズ通知設定の入力' });
  return opened;
}

const checkbox = (name: string) => screen.getByRole('checkbox', { name });
const group = (name: string) => screen.getByRole('group', { name });
const save = () => screen.getByRole('button', { name: '保存する' });

beforeAll(async () => {
  await import('#client/features/settings/need-notice/need-notice-setting-page.tsx');
}, 30_000);

describe.each(FIXTURE_BANKS)('/mypage/setting/matching/search on bank $code', (bank) => {
  it('shows the saved setting: on, its channel, category, classification and area ticked', async () => {
    const { user } = await openForm(SAVED, {}, bank);
    expect(checkbox('条件に合う新着ニーズを通知する')).toBeChecked();
    expect(checkbox('メール（1日1回、新着ニーズをまとめてお送りします）')).toBeChecked();
    expect(checkbox('ポータル内のお知らせ')).not.toBeChecked();
    const categories = group('ニーズの種類');
    expect(
      within(categories)
        .getAllByRole('checkbox')
        .map((box) => box.closest('label')?.textContent),
    ).toEqual(['売りたい', '買いたい', '借りたい', '貸したい', '作ってほしい']);
    expect(checkbox('買いたい')).toBeChecked();
    expect(checkbox('売りたい')).not.toBeChecked();

    // The 大分類 start closed, each with how many of its 中分類 are ticked.
    const manufacturing = screen.getByRole('button', { name: '製造業' });
    expect(manufacturing).toHaveAttribute('aria-expanded', 'false');
    expect(manufacturing).toHaveAccessibleDescription('1 / 2件選択');
    expect(screen.queryByRole('checkbox', { name: '食料品製造業' })).not.toBeInTheDocument();
    expect(checkbox('製造業をすべて選択')).toBePartiallyChecked();
    expect(checkbox('情報通信業をすべて選択')).not.toBeChecked();
    await user.click(manufacturing);
    expect(manufacturing).toHaveAttribute('aria-expanded', 'true');
    expect(checkbox('食料品製造業')).toBeChecked();
    expect(checkbox('飲料・たばこ・飼料製造業')).not.toBeChecked();

    const kanto = group('関東');
    expect(within(kanto).getByRole('checkbox', { name: '東京都' })).toBeChecked();
    expect(within(kanto).getByRole('checkbox', { name: '神奈川県' })).not.toBeChecked();
    expect(within(kanto).getByRole('checkbox', { name: '関東をすべて選択' })).toBePartiallyChecked();
    expect(within(group('近畿')).getByRole('checkbox', { name: '大阪府' })).not.toBeChecked();
  });

  it('saves what was ticked, in the lists’ order, and says 登録が完了しました', async () => {
    const { fetch, user } = await openForm(SAVED, {}, bank);
    await user.click(checkbox('ポータル内のお知らせ'));
    await user.click(checkbox('作ってほしい'));
    await user.click(checkbox('売りたい'));
    await user.click(checkbox('大阪府'));
    await user.click(save());

    expect(await screen.findByText(MESSAGES.saved)).toBeInTheDocument();
    expect(sentTo(fetch, SAVE_CALL)).toEqual([
      {
        notice_is_enabled: true,
        notice_categories: ['sell', 'buy', 'build'],
        notice_industry_codes: ['09'],
        notice_area_codes: ['13', '27'],
        notice_channels: ['mail', 'portal'],
      },
    ]);
  });
});

describe('/mypage/setting/matching/search', () => {
  it('starts a company that never saved one with the notices off and both channels ticked', async () => {
    await openForm(NO_NEED_NOTICE_SETTING);
    expect(checkbox('条件に合う新着ニーズを通知する')).not.toBeChecked();
    expect(checkbox('メール（1日1回、新着ニーズをまとめてお送りします）')).toBeChecked();
    expect(checkbox('ポータル内のお知らせ')).toBeChecked();
    for (const box of within(group('ニーズの種類')).getAllByRole('checkbox')) expect(box).not.toBeChecked();
    expect(group('業種')).toHaveAccessibleDescription(
      '選ばなければ、すべての業種のニーズを通知します。大分類の名前を押すと中分類を選べます。',
    );
    expect(group('エリア')).toHaveAccessibleDescription(
      expect.stringMatching(/^選ばなければ、全国のニーズを通知します。/),
    );
  });

  it('ticks and unticks a whole 大分類 and a whole region with their select-all boxes', async () => {
    const { fetch, user } = await openForm(NO_NEED_NOTICE_SETTING);
    await user.click(checkbox('情報通信業をすべて選択'));
    expect(checkbox('情報通信業をすべて選択')).toBeChecked();
    expect(screen.getByRole('button', { name: '情報通信業' })).toHaveAccessibleDescription('2 / 2件選択');
    await user.click(screen.getByRole('button', { name: '情報通信業' }));
    expect(checkbox('通信業')).toBeChecked();
    expect(checkbox('放送業')).toBeChecked();
    await user.click(checkbox('放送業'));
    expect(checkbox('情報通信業をすべて選択')).toBePartiallyChecked();
    // A half-ticked group is ticked whole by its box.
    await user.click(checkbox('情報通信業をすべて選択'));
    expect(checkbox('放送業')).toBeChecked();

    await user.click(checkbox('関東をすべて選択'));
    expect(checkbox('東京都')).toBeChecked();
    expect(checkbox('神奈川県')).toBeChecked();
    await user.click(checkbox('近畿をすべて選択'));
    await user.click(checkbox('近畿をすべて選択'));
    expect(checkbox('大阪府')).not.toBeChecked();

    await user.click(checkbox('条件に合う新着ニーズを通知する'));
    await user.click(save());
    expect(await screen.findByText(MESSAGES.saved)).toBeInTheDocument();
    expect(sentTo(fetch, SAVE_CALL)).toEqual([
      {
        notice_is_enabled: true,
        notice_categories: [],
        notice_industry_codes: ['37', '38'],
        notice_area_codes: ['13', '14'],
        notice_channels: ['mail', 'portal'],
      },
    ]);
  });

  it('clears every ticked classification or area at once', async () => {
    const { fetch, user } = await openForm();
    await user.click(screen.getByRole('button', { name: '業種の選択をすべて解除' }));
    await user.click(screen.getByRole('button', { name: 'エリアの選択をすべて解除' }));
    expect(checkbox('製造業をすべて選択')).not.toBePartiallyChecked();
    expect(checkbox('東京都')).not.toBeChecked();
    expect(screen.queryByRole('button', { name: 'エリアの選択をすべて解除' })).not.toBeInTheDocument();
    await user.click(save());
    expect(await screen.findByText(MESSAGES.saved)).toBeInTheDocument();
    expect(sentTo(fetch, SAVE_CALL)).toMatchObject([{ notice_industry_codes: [], notice_area_codes: [] }]);
  });

  it('asks for a channel before turning the notices on, and sends nothing', async () => {
    const { fetch, user } = await openForm();
    await user.click(checkbox('メール（1日1回、新着ニーズをまとめてお送りします）'));
    await user.click(save());
    const channels = group('通知方法');
    expect(channels).toHaveAccessibleDescription(
      `通知するときは1つ以上選んでください。 ${NEED_NOTICE_SETTING_MESSAGES.channelRequired}`,
    );
    expect(document.activeElement).toBe(checkbox('メール（1日1回、新着ニーズをまとめてお送りします）'));
    expect(sentTo(fetch, SAVE_CALL)).toEqual([]);
    // The message goes as soon as the notices are off (or a channel is ticked).
    await user.click(checkbox('条件に合う新着ニーズを通知する'));
    expect(channels).toHaveAccessibleDescription('通知するときは1つ以上選んでください。');
    await user.click(save());
    expect(await screen.findByText(MESSAGES.saved)).toBeInTheDocument();
    expect(sentTo(fetch, SAVE_CALL)).toMatchObject([{ notice_is_enabled: false, notice_channels: [] }]);
  });

  it('puts the server’s refusal under its list, with データの登録に失敗しました', async () => {
    const { user } = await openForm(SAVED, {
      [SAVE_CALL]: () => ({
        status: 422,
        body: {
          status: 'error',
          message: MESSAGES.saveFailed,
          errors: { notice_industry_codes: [NEED_NOTICE_SETTING_MESSAGES.invalidChoice] },
        },
      }),
    });
    await user.click(save());
    expect(await screen.findByText(MESSAGES.saveFailed)).toBeInTheDocument();
    expect(group('業種')).toHaveAccessibleDescription(
      `選ばなければ、すべての業種のニーズを通知します。大分類の名前を押すと中分類を選べます。 ${NEED_NOTICE_SETTING_MESSAGES.invalidChoice}`,
    );
    // Changing the list takes the refusal away.
    await user.click(checkbox('製造業をすべて選択'));
    expect(screen.queryByText(NEED_NOTICE_SETTING_MESSAGES.invalidChoice)).not.toBeInTheDocument();
  });

  it('says データ取得に失敗しました when the setting does not load', async () => {
    renderRegistrationPages({
      routes: needNoticeSettingRoutes,
      path: PAGE,
      user: fixtureUser('company_owner'),
      api: { [SETTING_CALL]: () => ({ status: 500, body: { status: 'error', message: 'System Error' } }) },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.loadFailed);
  });
});
