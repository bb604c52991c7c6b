import { count, inArray, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BULK_CREATE_MAX_ROWS } from '#server/contracts/company-bulk-create.ts';
import { companies, mailOutbox, passwordResets, users } from '#server/db/schema.ts';
import { BANK_A, startWorld, type World } from '#tests/support/world.ts';
import { bulkCreateRows } from './company-bulk-create-rows.ts';

/**
 * The size: a file of 10,000 rows is checked and created in one transaction (the bench,
 * scripts/bench/company-bulk-create.ts, times it against its 30 s budget; here it must work).
 */

const ROWS = BULK_CREATE_MAX_ROWS;

let world: World;
beforeAll(async () => {
  world = await startWorld({ banks: [BANK_A] });
}, 60_000);
afterAll(async () => {
  await world?.close();
});

describe('a file of 10,000 rows', () => {
  it(
    'is checked, then created whole: 10,000 companies, owners, first-password links and mails',
    { timeout: 180_000 },
    async () => {
      const rows = bulkCreateRows(ROWS, 'bulk10k');
      const send = (url: string) =>
        world.send(BANK_A, 'bank_admin', { method: 'POST', url, payload: { rows } });

      const checked = await send('/api/v1/company/create_all/check');
      expect(checked.statusCode, checked.body.slice(0, 500)).toBe(200);
      expect(checked.json().result).toEqual({ row_count: ROWS, error_row_count: 0, errors: {} });

      const created = await send('/api/v1/company/create_all');
      expect(created.statusCode, created.body.slice(0, 500)).toBe(200);
      expect(created.json().result).toEqual({ created_count: ROWS });

      const counted = await world.db.withBank(BANK_A, async (tx) => {
        const made = await tx
          .select({ id: companies.company_id })
          .from(companies)
          .where(like(companies.company_name, 'bulk10k一括登録%'));
        const ids = made.map((company) => company.id);
        const owners = await tx
          .select({ id: users.user_id })
          .from(users)
          .where(inArray(users.company_id, ids));
        const [links] = await tx
          .select({ n: count() })
          .from(passwordResets)
          .where(
            inArray(
              passwordResets.user_id,
              owners.map((owner) => owner.id),
            ),
          );
        const [mails] = await tx
          .select({ n: count() })
          .from(mailOutbox)
          .where(like(mailOutbox.mail_to, '%@bulk10k.example.jp'));
        return { companies: ids.length, owners: owners.length, links: links?.n, mails: mails?.n };
      });
      expect(counted).toEqual({ companies: ROWS, owners: ROWS, links: ROWS, mails: ROWS });

      // The same file again: every row's number and half of the login ids are the bank's now.
      const again = await send('/api/v1/company/create_all');
      expect(again.statusCode).toBe(422);
      expect(Object.keys(again.json().errors)).toHaveLength(ROWS + ROWS / 2);
    },
  );
});
