import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminArticleListItem } from '#server/contracts/news-staff.ts';
import { expectEnvelopeRefusal } from '#tests/api/security/security-world.ts';
import {
  articleRow,
  BANK_A,
  BANK_B,
  daysFromToday,
  insertArticle,
  type StaffWorld,
  startStaffWorld,
  uniqueWord,
} from './admin-world.ts';

/** GET /api/v1/admin/article_dashboard: the staff dashboard's three article blocks in one call. */
const DASHBOARD = '/api/v1/admin/article_dashboard';

let world: StaffWorld;
beforeAll(async () => {
  world = await startStaffWorld();
});
afterAll(async () => {
  await world?.close();
});

type Dashboard = Record<'ending_soon' | 'upcoming_seminars' | 'recently_updated', AdminArticleListItem[]>;

async function dashboard(code: string, userType: 'bank_admin' | 'branch_user' = 'bank_admin') {
  const response = await world.call(code, userType, 'GET', DASHBOARD);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().result as Dashboard;
}

const titles = (items: AdminArticleListItem[]) => items.map((item) => item.article_title);

describe('the staff dashboard’s articles', () => {
  it('answers, in one call, items ending within 30 days, upcoming seminars and the latest changes — of its own bank', async () => {
    const word = uniqueWord();
    const endingNews = `${word} 終了間近のお知らせ`;
    const laterNews = `${word} 来年まで公開`;
    const seminar = `${word} 来週のセミナー`;
    const column = `${word} 新しいコラム`;
    await insertArticle(
      world.app,
      BANK_A,
      articleRow('news', { article_title: endingNews, article_publish_end: daysFromToday(10) }),
    );
    await insertArticle(
      world.app,
      BANK_A,
      articleRow('news', { article_title: laterNews, article_publish_end: daysFromToday(200) }),
    );
    await insertArticle(world.app, BANK_A, articleRow('seminar', { article_title: seminar }));
    await insertArticle(world.app, BANK_A, articleRow('column', { article_title: column }));

    const answer = await dashboard(BANK_A);
    expect(titles(answer.ending_soon)).toContain(endingNews);
    expect(titles(answer.ending_soon)).not.toContain(laterNews);
    expect(titles(answer.upcoming_seminars)).toContain(seminar);
    expect(answer.upcoming_seminars.every((item) => item.article_kind === 'seminar')).toBe(true);
    expect(titles(answer.recently_updated)).toEqual(expect.arrayContaining([column, seminar]));

    // The same items as each kind's own staff search: the dashboard sees what the lists see.
    const search = await world.call(BANK_A, 'bank_admin', 'POST', '/api/v1/admin/news/search', {
      page: 1,
      rows: 10,
      conditions: { status: 'published', publish_end_to: daysFromToday(30) },
    });
    const newsEnding = (search.json().result.list as AdminArticleListItem[]).map((item) => item.article_id);
    expect(
      answer.ending_soon.filter((item) => item.article_kind === 'news').map((item) => item.article_id),
    ).toEqual(newsEnding);

    // Bank B's staff see none of it.
    const other = await dashboard(BANK_B);
    expect(JSON.stringify(other)).not.toContain(word);
  });

  it('answers staff only: a company user gets 403, a visitor 401', async () => {
    expectEnvelopeRefusal(await world.call(BANK_A, 'company_owner', 'GET', DASHBOARD), 403);
    expectEnvelopeRefusal(await world.send(BANK_A, 'visitor', { method: 'GET', url: DASHBOARD }), 401);
  });
});
