import { inArray } from 'drizzle-orm';
import { GENERAL_MANUAL_PAGE, type Manual, type ManualPage } from '#server/contracts/manual.ts';
import type { DbTransaction } from '#server/db/database.ts';
import { manuals } from '#server/db/schema/manuals.ts';
import { PORTAL_MANUAL } from './portal-manual.ts';

const manualColumns = {
  page: manuals.manual_page,
  title: manuals.manual_title,
  body: manuals.manual_body,
  updatedAt: manuals.manual_updated_at,
};

type ManualRow = { page: string; title: string; body: string; updatedAt: Date };

const asManual = (page: ManualPage, row: ManualRow): Manual => ({
  page,
  title: row.title,
  body: row.body,
  updated_at: row.updatedAt.toISOString(),
});

/** The manual a page of that kind shows: the bank's own for it, else the bank's general one, else the portal's. */
export async function readManual(tx: DbTransaction, page: ManualPage): Promise<Manual> {
  const rows = await tx
    .select(manualColumns)
    .from(manuals)
    .where(inArray(manuals.manual_page, [page, GENERAL_MANUAL_PAGE]));
  const row = rows.find((candidate) => candidate.page === page) ?? rows[0];
  return row ? asManual(page, row) : { page, ...PORTAL_MANUAL };
}

/** Writes the bank's manual of that kind (the body already sanitised). */
export async function writeManual(
  tx: DbTransaction,
  manual: { page: ManualPage; title: string; body: string },
  userId: number,
): Promise<Manual> {
  const values = { manual_title: manual.title, manual_body: manual.body, manual_updated_by: userId };
  const [stored] = await tx
    .insert(manuals)
    .values({ manual_page: manual.page, ...values })
    .onConflictDoUpdate({
      target: [manuals.bank_code, manuals.manual_page],
      set: { ...values, manual_updated_at: new Date() },
    })
    .returning(manualColumns);
  if (!stored) throw new Error('INSERT ... RETURNING answered no row for the manual');
  return asManual(manual.page, stored);
}
