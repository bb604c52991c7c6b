import { randomUUID } from 'node:crypto';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { ChatRemarkTemplate, ChatRemarkTemplateFields } from '#server/contracts/chat-remark-template.ts';
import type { DbTransaction } from '#server/db/database.ts';
import { chatRemarkTemplates } from '#server/db/schema/chat-remark-templates.ts';
import { lockCompanyRow } from '../kit/company-row-lock.ts';

/**
 * A company's chat remark templates: one function per question, each inside the call's transaction
 * of the host's bank (row-level security keeps the bank; every query names the company, so a
 * company never reaches another's templates). The order is template_sort_order, then the oldest
 * first; every write that changes which templates there are leaves them numbered 1, 2, 3…
 */

const templateColumns = {
  template_unique_code: chatRemarkTemplates.template_unique_code,
  template_title: chatRemarkTemplates.template_title,
  template_body: chatRemarkTemplates.template_body,
  template_sort_order: chatRemarkTemplates.template_sort_order,
  template_updated_at: chatRemarkTemplates.template_updated_at,
};

type TemplateRow = { [K in keyof typeof templateColumns]: (typeof templateColumns)[K]['_']['data'] };

function templateOf(row: TemplateRow): ChatRemarkTemplate {
  return { ...row, template_updated_at: row.template_updated_at.toISOString() };
}

const inOrder = [
  asc(chatRemarkTemplates.template_sort_order),
  asc(chatRemarkTemplates.template_created_at),
  asc(chatRemarkTemplates.template_id),
];

const ofCompany = (companyId: number) => eq(chatRemarkTemplates.company_id, companyId);

const named = (companyId: number, code: string) =>
  and(ofCompany(companyId), eq(chatRemarkTemplates.template_unique_code, code));

/**
 * The company's templates in the order the message box offers them. Also what the chat's message
 * box reads (the chat issue).
 */
export async function listChatRemarkTemplates(
  tx: DbTransaction,
  companyId: number,
): Promise<ChatRemarkTemplate[]> {
  const rows = await tx
    .select(templateColumns)
    .from(chatRemarkTemplates)
    .where(ofCompany(companyId))
    .orderBy(...inOrder);
  return rows.map(templateOf);
}

/** The company's template of that code, or undefined (another company's, another bank's, none). */
export async function findChatRemarkTemplate(
  tx: DbTransaction,
  companyId: number,
  code: string,
): Promise<ChatRemarkTemplate | undefined> {
  const [row] = await tx.select(templateColumns).from(chatRemarkTemplates).where(named(companyId, code));
  return row && templateOf(row);
}

/**
 * Holds the company's templates for the rest of the transaction: a create, a delete or a reorder of
 * the same company waits for this one to commit, so the count checked against the limit and the
 * list a reorder compares with are still true when it writes. The company's row is the lock (NO KEY
 * UPDATE: rows of other tables that refer to the company are not held up). False when the company is
 * not there.
 */
function lockCompanyTemplates(tx: DbTransaction, companyId: number): Promise<boolean> {
  return lockCompanyRow(tx, companyId);
}

/**
 * Numbers the company's templates 1, 2, 3… in their current order (rows already right are left
 * alone). Raw SQL: a move is no change of the text, so template_updated_at stays as it was.
 */
async function renumberChatRemarkTemplates(tx: DbTransaction, companyId: number): Promise<void> {
  await tx.execute(sql`
    update chat_remark_templates as t
       set template_sort_order = ranked.position
      from (select template_id,
                   row_number() over (order by template_sort_order, template_created_at, template_id) as position
              from chat_remark_templates
             where company_id = ${companyId}) as ranked
     where t.template_id = ranked.template_id
       and t.template_sort_order <> ranked.position`);
}

export type CreateOutcome =
  { kind: 'created'; template: ChatRemarkTemplate } | { kind: 'limit-reached' } | { kind: 'no-company' };

/** Adds a template at the end of the company's list, unless the company already has `maxCount`. */
export async function createChatRemarkTemplate(
  tx: DbTransaction,
  companyId: number,
  userId: number,
  fields: ChatRemarkTemplateFields,
  maxCount: number,
): Promise<CreateOutcome> {
  if (!(await lockCompanyTemplates(tx, companyId))) return { kind: 'no-company' };
  const [held] = await tx
    .select({
      total: count(),
      last: sql<number>`coalesce(max(${chatRemarkTemplates.template_sort_order}), 0)::int`,
    })
    .from(chatRemarkTemplates)
    .where(ofCompany(companyId));
  const total = held?.total ?? 0;
  if (total >= maxCount) return { kind: 'limit-reached' };
  const [row] = await tx
    .insert(chatRemarkTemplates)
    .values({
      template_unique_code: randomUUID().replaceAll('-', ''),
      company_id: companyId,
      template_title: fields.template_title.trim(),
      template_body: fields.template_body,
      template_sort_order: (held?.last ?? 0) + 1,
      template_updated_by: userId,
    })
    .returning(templateColumns);
  if (!row) throw new Error('INSERT ... RETURNING answered no row for the new chat remark template');
  await renumberChatRemarkTemplates(tx, companyId);
  // The number the renumbering gave it (the last, counting from 1).
  return { kind: 'created', template: templateOf({ ...row, template_sort_order: total + 1 }) };
}

/** Saves the template's title and text; undefined when the company has no template of that code. */
export async function updateChatRemarkTemplate(
  tx: DbTransaction,
  companyId: number,
  userId: number,
  code: string,
  fields: ChatRemarkTemplateFields,
): Promise<ChatRemarkTemplate | undefined> {
  const [row] = await tx
    .update(chatRemarkTemplates)
    .set({
      template_title: fields.template_title.trim(),
      template_body: fields.template_body,
      template_updated_by: userId,
    })
    .where(named(companyId, code))
    .returning(templateColumns);
  return row && templateOf(row);
}

/** Deletes the template and closes the gap in the order; false when the company has no such template. */
export async function deleteChatRemarkTemplate(
  tx: DbTransaction,
  companyId: number,
  code: string,
): Promise<boolean> {
  if (!(await lockCompanyTemplates(tx, companyId))) return false;
  const deleted = await tx
    .delete(chatRemarkTemplates)
    .where(named(companyId, code))
    .returning({ id: chatRemarkTemplates.template_id });
  if (deleted.length === 0) return false;
  await renumberChatRemarkTemplates(tx, companyId);
  return true;
}

export type ReorderOutcome =
  | { kind: 'reordered'; list: ChatRemarkTemplate[] }
  /** A code the company has no template of (another company's, another bank's, deleted). */
  | { kind: 'unknown-template' }
  /** Not every template of the company was named: one was added since the list was read. */
  | { kind: 'outdated' };

/** Puts the company's templates in the order of `codes`, which must name each of them once. */
export async function reorderChatRemarkTemplates(
  tx: DbTransaction,
  companyId: number,
  codes: readonly string[],
): Promise<ReorderOutcome> {
  if (!(await lockCompanyTemplates(tx, companyId))) return { kind: 'unknown-template' };
  const held = await tx
    .select({ code: chatRemarkTemplates.template_unique_code })
    .from(chatRemarkTemplates)
    .where(ofCompany(companyId));
  const heldCodes = new Set(held.map((row) => row.code));
  if (codes.some((code) => !heldCodes.has(code))) return { kind: 'unknown-template' };
  // The codes are distinct (the call's schema) and all held: fewer means one is missing.
  if (codes.length !== heldCodes.size) return { kind: 'outdated' };
  if (codes.length > 0) {
    const positions = sql.join(
      codes.map((code, index) => sql`(${code}::varchar, ${index + 1}::smallint)`),
      sql`, `,
    );
    // Raw SQL for the same reason as the renumbering: the text has not changed.
    await tx.execute(sql`
      update chat_remark_templates as t
         set template_sort_order = wanted.position
        from (values ${positions}) as wanted(code, position)
       where t.company_id = ${companyId}
         and t.template_unique_code = wanted.code
         and t.template_sort_order <> wanted.position`);
  }
  return { kind: 'reordered', list: await listChatRemarkTemplates(tx, companyId) };
}
