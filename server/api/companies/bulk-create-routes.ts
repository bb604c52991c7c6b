import type { FastifyInstance } from 'fastify';
import { newRandomToken, storedTokenHash } from '#server/auth/random-tokens.ts';
import {
  BULK_CREATE_MESSAGES,
  checkBulkCreateCall,
  createAllCompaniesCall,
  rowErrorKey,
} from '#server/contracts/company-bulk-create.ts';
import { COMPANY_TYPE_SETUP } from '#server/contracts/company-create.ts';
import { FIRST_PASSWORD_LINK_VALID_DAYS } from '#server/contracts/reminder.ts';
import type { DbTransaction } from '#server/db/database.ts';
import { unprocessable } from '#server/errors.ts';
import { mailBankOfRequest, type RenderedMail, renderBankMail } from '#server/mail/bank-mail.ts';
import { queueMails } from '#server/mail/outbox.ts';
import type { DomainServices } from '../kit/server-domain.ts';
import { serveCall } from '../kit/serve-call.ts';
import {
  insertCompanies,
  insertFirstPasswordLinks,
  insertOwners,
  lockBulkCreates,
  type NewBulkOwner,
} from './bulk-create-queries.ts';
import { type CheckedBulkRow, examineBulkRows, freeLoginIds } from './bulk-create-rows.ts';
import { companyCreatedMail } from './company-created-mail.ts';

/**
 * 10,000 rows of JSON are a few megabytes (about 250 bytes a row as a spreadsheet fills them, up to
 * about 2.3 kB with every cell at its longest): past the API's 1 MB. Only these two routes take more,
 * and only from system and bank admins: the access and the page rule are checked in onRequest,
 * before a byte of the body is read.
 */
const BULK_CREATE_BODY_LIMIT_BYTES = 32 * 1024 * 1024;

/** Inserting the owners again after a generated login id was taken meanwhile by another create. */
const OWNER_INSERT_TRIES = 3;

interface BulkOwner extends NewBulkOwner {
  /** The row's index in the request. */
  index: number;
  companyName: string;
  companyType: CheckedBulkRow['row']['company_type'];
}

/**
 * The owners of the checked rows with their login ids (the file's, or the bank's prefix and six
 * digits), inserted; answers them with each one's user id. A login id of the file that another
 * user took after the check (a create of the same moment) refuses the whole file with that row's
 * error; a generated one is drawn again.
 */
async function createOwners(
  tx: DbTransaction,
  checked: readonly CheckedBulkRow[],
  companyIds: readonly number[],
  loginIdPrefix: string,
): Promise<(BulkOwner & { userId: number })[]> {
  const given = new Set(checked.flatMap(({ row }) => (row.user_login_id ? [row.user_login_id] : [])));
  const generated = await freeLoginIds(tx, loginIdPrefix, checked.length - given.size, given);
  let nextGenerated = 0;
  const owners: BulkOwner[] = checked.map(({ index, row }, position) => ({
    index,
    companyName: row.company_name,
    companyType: row.company_type,
    company_id: companyIds[position] ?? 0,
    user_type: COMPANY_TYPE_SETUP[row.company_type].ownerType,
    user_login_id: row.user_login_id || (generated[nextGenerated++] ?? ''),
    user_last_name: row.user_last_name,
    user_first_name: row.user_first_name,
    user_last_name_kana: row.user_last_name_kana,
    user_first_name_kana: row.user_first_name_kana,
    user_email: row.user_email,
  }));

  const userIds = new Map<string, number>();
  let pending: BulkOwner[] = owners;
  for (let attempt = 1; ; attempt += 1) {
    const inserted = await insertOwners(tx, pending);
    for (const [loginId, userId] of inserted) userIds.set(loginId, userId);
    const missed = pending.filter((owner) => !inserted.has(owner.user_login_id));
    const refused = missed.filter((owner) => given.has(owner.user_login_id));
    if (refused.length > 0)
      throw unprocessable(
        BULK_CREATE_MESSAGES.rowsRefused,
        Object.fromEntries(
          refused.map((owner) => [
            rowErrorKey(owner.index, 'user_login_id'),
            [BULK_CREATE_MESSAGES.loginIdTaken],
          ]),
        ),
      );
    if (missed.length === 0) break;
    if (attempt >= OWNER_INSERT_TRIES)
      throw new Error(`${missed.length} owners found no free login id after ${attempt} tries`);
    const used = new Set(owners.map((owner) => owner.user_login_id));
    const fresh = await freeLoginIds(tx, loginIdPrefix, missed.length, used);
    missed.forEach((owner, position) => {
      owner.user_login_id = fresh[position] ?? '';
    });
    pending = missed;
  }
  return owners.map((owner) => {
    const userId = userIds.get(owner.user_login_id);
    if (userId === undefined) throw new Error('an owner of the file was not created');
    return { ...owner, userId };
  });
}

/**
 * /admin/company/bulk-create's calls (issue 15), for system and bank admins (anyone else: the page
 * rule's 404): the check answers every row's errors and writes nothing; the create checks again and
 * then creates every company, its owner, the owner's first-password link and mail in the call's one
 * transaction with batched multi-row INSERTs, or, when any row has an error, nothing (422 with every
 * row's errors, the check's shape).
 */
export async function companyBulkCreateRoutes(app: FastifyInstance, _services: DomainServices) {
  serveCall(
    app,
    checkBulkCreateCall,
    async ({ tx, body }) => {
      const { errors, errorRowCount } = await examineBulkRows(tx, body.rows);
      return { row_count: body.rows.length, error_row_count: errorRowCount, errors };
    },
    { bodyLimit: BULK_CREATE_BODY_LIMIT_BYTES },
  );

  serveCall(
    app,
    createAllCompaniesCall,
    async ({ tx, body, request }) => {
      await lockBulkCreates(tx);
      const { errors, errorRowCount, checked } = await examineBulkRows(tx, body.rows);
      if (errorRowCount > 0) throw unprocessable(BULK_CREATE_MESSAGES.rowsRefused, errors);

      const companyIds = await insertCompanies(
        tx,
        checked.map(({ row, bbId }) => {
          const setup = COMPANY_TYPE_SETUP[row.company_type];
          return {
            company_name: row.company_name,
            company_name_kana: row.company_name_kana,
            company_type: row.company_type,
            company_enable_ba: setup.enableBa,
            company_enable_baportal: setup.enableBaportal,
            company_corporate_number: row.company_corporate_number || null,
            bb_id: bbId,
            company_representative_name: row.company_representative_name || null,
            company_tel: row.company_tel || null,
          };
        }),
      );
      const owners = await createOwners(tx, checked, companyIds, request.tenant.config.system_prefix);

      const bank = mailBankOfRequest(request);
      const links: { user_id: number; reset_token_hash: string }[] = [];
      const mails: RenderedMail[] = [];
      for (const owner of owners) {
        const token = newRandomToken();
        links.push({ user_id: owner.userId, reset_token_hash: storedTokenHash(token) });
        const content = companyCreatedMail(
          bank,
          { name: owner.companyName, type: owner.companyType },
          { ...owner, loginId: owner.user_login_id, token },
        );
        mails.push(renderBankMail(bank, content));
      }
      await insertFirstPasswordLinks(tx, links, FIRST_PASSWORD_LINK_VALID_DAYS * 24 * 60);
      await queueMails(tx, mails);
      return { created_count: owners.length };
    },
    {
      message: BULK_CREATE_MESSAGES.saved,
      bodyLimit: BULK_CREATE_BODY_LIMIT_BYTES,
      // A file of 10,000 rows takes seconds: the page sends a key, and its retry never creates twice.
      idempotent: true,
      // Many companies, no single target: the trail keeps the action, who and when (audit.ts).
      audit: { action: 'CREATE', target: () => null },
    },
  );
}
