import { afterAll, describe, expect, it } from 'vitest';
import { createStatementDrawer, STATEMENT_QUEUE_LIMIT } from '#server/api/settings/usage-statement-drawer.ts';
import type { UsageStatementContent } from '#server/api/settings/usage-statement-pdf.ts';
import { AppError } from '#server/errors.ts';
import { TYPICAL_CONTENT } from '#scripts/bench/usage-statement-pdf.ts';

/** The benchmark's typical month: three entries. */
const CONTENT: UsageStatementContent = TYPICAL_CONTENT;

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
