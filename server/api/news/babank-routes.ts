import { asc, count } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { type PartnerBank, partnerBankSearchCall } from '#server/contracts/news.ts';
import { pagedResult, pageOffset } from '#server/contracts/paging.ts';
import type { DbTransaction } from '#server/db/database.ts';
import { partnerBanks } from '#server/db/schema/news.ts';
import { serveCall } from '../kit/serve-call.ts';

/** One page of the bank's partner banks, in the order the bank set, and how many there are. */
export async function searchPartnerBanks(
  tx: DbTransaction,
  { rows, page }: { rows: number; page: number },
): Promise<{ list: PartnerBank[]; totalRows: number }> {
  const list = await tx
    .select({
      babank_id: partnerBanks.babank_id,
      babank_code: partnerBanks.babank_code,
      babank_name: partnerBanks.babank_name,
      babank_description: partnerBanks.babank_description,
      babank_url: partnerBanks.babank_url,
    })
    .from(partnerBanks)
    .orderBy(asc(partnerBanks.babank_sort_order), asc(partnerBanks.babank_id))
    .limit(rows)
    .offset(pageOffset(page, rows));
  const [total] = await tx.select({ count: count() }).from(partnerBanks);
  return { list, totalRows: total?.count ?? 0 };
}

/**
 * /api/v1/babank: the banks this bank partners with (提携金融機関), listed to its companies at
 * /mypage/babank for those holding company_babank_read. Each bank's own list (row-level security).
 */
export function servePartnerBankCalls(app: FastifyInstance): void {
  serveCall(app, partnerBankSearchCall, async ({ tx, query }) => {
    const { list, totalRows } = await searchPartnerBanks(tx, query);
    return pagedResult(list, totalRows, query);
  });
}
