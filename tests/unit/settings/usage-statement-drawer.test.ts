import { afterAll, describe, expect, it } from 'vitest';
import { createStatementDrawer, STATEMENT_QUEUE_LIMIT } from '#server/api/settings/usage-statement-drawer.ts';
import type { UsageStatementContent } from '#server/api/settings/usage-statement-pdf.ts';
import { AppError } from '#server/errors.ts';

const CONTENT: UsageStatementContent = {
  bank: {
    name: 'しおさい銀行',
    serviceName: '法人ビジネスポータル',
    contactName: 'サポートデスク',
    contactTel: '0120-00-0182',
  },
  addressee: {
    company_name: 'さくら精工株式会社',
    company_post_code: '104-0061',
    prefecture_name: '東京都',
    company_address1: '中央区銀座',
    company_address2: '1-2-3',
    company_address3: null,
  },
  month: {
    month: '2026-04',
    total: 5500,
    status: 'billed',
    charges: [
      {
        charge_id: 1,
        charge_kind: 'subscription',
        charge_amount: 5500,
        charge_status: 'billed',
        charge_status_name: '請求済み',
        charge_note: null,
      },
    ],
  },
  issuedOn: '2026-05-01',
};

describe('the usage statement drawer', () => {
  const drawer = createStatementDrawer(1);
  afterAll(() => drawer.close());

  it('draws a statement on a worker thread and answers its PDF', async () => {
    const pdf = await drawer.draw(CONTENT);
    expect(Buffer.isBuffer(pdf)).toBe(true);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.length).toBeGreaterThan(5_000);
  });

  it('tells callers past its queue to try again, in Japanese, and still draws the queued ones', async () => {
    const results = await Promise.allSettled(
      Array.from({ length: STATEMENT_QUEUE_LIMIT + 8 }, () => drawer.draw(CONTENT)),
    );
    const refused = results.filter((result) => result.status === 'rejected');
    expect(refused.length).toBeGreaterThan(0);
    for (const result of refused) {
      expect(result.reason).toBeInstanceOf(AppError);
      expect(result.reason).toMatchObject({
        statusCode: 503,
        message: 'ただいま混み合っています。しばらく時間をおいてから再度お試しください。',
      });
    }
    expect(results.filter((result) => result.status === 'fulfilled').length).toBeGreaterThanOrEqual(
      STATEMENT_QUEUE_LIMIT,
    );
  });
});
