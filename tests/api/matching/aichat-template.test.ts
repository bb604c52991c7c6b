import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { checkedNeedText, NeedWriterError } from '#server/api/matching/ai/need-writer.ts';
import { templateNeedWriter } from '#server/api/matching/ai/template-need-writer.ts';
import { NEED_WRITING_STYLE_CODES, type NeedDraftAnswer } from '#server/contracts/aichat.ts';
import { NEED_CATEGORY_CODES } from '#server/contracts/need-categories.ts';
import { needs } from '#server/db/schema.ts';
import { demoUniqueCode } from '#server/db/seeds/seed-context.ts';
import { startWorld, type World } from '#tests/support/world.ts';

/**
 * AI-assisted needs with no model server configured (the default): the built-in writer composes
 * the need from the company's data and the style's template — the same text for the same data,
 * within a need's limits whatever the profile holds.
 */

const A = '0182';
const WRITE = '/api/v1/aichat/ba/company/needs';
const SAKURA = demoUniqueCode(A, 'company', 'sakura-seiko');
/** A demo company without a business profile. */
const MINATO = demoUniqueCode(A, 'company', 'minato-foods');

let world: World;

beforeAll(async () => {
  world = await startWorld({ banks: [A] });
}, 120_000);
afterAll(async () => {
  await world?.close();
});
beforeEach(async () => {
  await world.db.withBank(A, (tx) => tx.delete(needs));
});

async function write(body: Record<string, unknown>) {
  const response = await world.send(A, 'bank_admin', { method: 'POST', url: WRITE, payload: body });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().result as NeedDraftAnswer;
}

describe('the built-in writer', () => {
  it("composes every style from the company's profile, the same text for the same request", async () => {
    for (const style of NEED_WRITING_STYLE_CODES) {
      const request = {
        company_unique_code: SAKURA,
        writing_style: style,
        need_category: 'sell',
        hint: '首都圏の装置メーカーへの販路を広げたい',
      };
      const first = await write(request);
      const second = await write(request);
      expect(second.need_title).toBe(first.need_title);
      expect(second.need_body).toBe(first.need_body);
      expect(first.need_title).toBe(
        '【売りたい】首都圏の装置メーカーへの販路を広げたいの販売先・取引先を探しています',
      );
      expect(first.need_body).toContain('アルミ・ステンレスの精密切削部品');
      expect(first.need_body).toContain('公差±0.005mmの加工精度');
      expect(first.need_body).not.toContain('佐藤');
    }
    const polite = await write({
      company_unique_code: SAKURA,
      writing_style: 'polite',
      need_category: 'buy',
    });
    expect(polite.need_title).toBe('【買いたい】事業に必要な資材・サービスの仕入先・調達先を探しています');
    // The demo banks' companies are in a prefecture of the bank's own.
    expect(polite.need_body).toMatch(
      /^さくら精工株式会社と申します。当社は.+[都道府県]の生産用機械器具製造業（従業員86名）です。/u,
    );
    const sale = await write({
      company_unique_code: SAKURA,
      writing_style: 'concise',
      need_category: 'sell',
    });
    expect(sale.need_title).toBe(
      '【売りたい】アルミ・ステンレスの精密切削部品の販売先・取引先を探しています',
    );
    expect(polite.need_body).toContain('対象地域：埼玉県、東京都、神奈川県');
  });

  it('writes a need for a company that has no business profile', async () => {
    for (const category of NEED_CATEGORY_CODES) {
      const draft = await write({
        company_unique_code: MINATO,
        writing_style: 'expert',
        need_category: category,
      });
      expect(draft.need_title.length).toBeGreaterThan(0);
      expect(draft.need_body).toContain('■ニーズ区分');
    }
  });

  it('keeps within the limits whatever the profile holds', async () => {
    const long = 'とても長い説明'.repeat(2000);
    for (const style of NEED_WRITING_STYLE_CODES) {
      const text = await templateNeedWriter().write({
        company: {
          name: 'テスト株式会社',
          industry: null,
          prefecture: null,
          employeeCount: null,
          description: long,
          products: long,
          strengths: long,
          areas: [],
        },
        style,
        category: 'build',
        hint: long,
      });
      expect([...text.title].length).toBeLessThanOrEqual(100);
      expect([...text.body].length).toBeLessThanOrEqual(4000);
    }
  });
});

describe("a writer's answer", () => {
  it('is taken trimmed when its title has 1–100 characters and its body 1–4000, else refused', () => {
    expect(checkedNeedText({ title: ' 題名 ', body: '\n本文\n' })).toEqual({ title: '題名', body: '本文' });
    expect(checkedNeedText({ title: '𠮷'.repeat(100), body: 'x' }).title).toHaveLength(200);
    for (const candidate of [
      { title: '', body: '本文' },
      { title: '題名', body: ' ' },
      { title: 'あ'.repeat(101), body: '本文' },
      { title: '題名', body: 'あ'.repeat(4001) },
      { title: 1, body: '本文' },
      { title: '題名' },
      { title: '題\ud800名', body: '本文' },
    ])
      expect(() => checkedNeedText(candidate)).toThrow(NeedWriterError);
  });
});
