import type { DomainNames } from './names.ts';

/**
 * The server half of a new domain: its contract, table, queries, routes, manifest entry, page list
 * and demo data. Each function answers one file's text; `${...}` inside the generated code is
 * written `\${...}`.
 */

export function contractFile(n: DomainNames): string {
  return `// zod/mini: the ${n.kebab} pages validate their form with these schemas (see theme-tokens.ts).
import * as z from 'zod/mini';
import { type CallUpload, defineCall, defineFileCall } from './call.ts';
import { FILE_MISSING_MESSAGE, FILE_TYPE_REFUSED_MESSAGE, IMAGE_CONTENT_TYPES } from './news.ts';
import { listQuery, pagedAnswer } from './paging.ts';
import { validationRules } from './validation.ts';

/**
 * ${n.label} (written by \`npm run domain:new\`): the bank's records with a title, a body, a
 * status and an image, listed, read, created, changed and deleted by its staff at /admin/${n.kebab}.
 */

export const ${n.constant}_LABEL = '${n.label}';
export const ${n.constant}_TITLE_MAX_LENGTH = 100;
export const ${n.constant}_BODY_MAX_LENGTH = 2000;
export const ${n.constant}_KEYWORD_MAX_LENGTH = 100;
/** A record's image: PNG, JPEG, GIF or WebP as told by its content, up to 5 MB (spec section 9). */
export const ${n.constant}_IMAGE_MAX_BYTES = 5242880;
export const ${n.constant}_IMAGE_CONTENT_TYPES = IMAGE_CONTENT_TYPES;

export const ${n.constant}_STATUSES = ['draft', 'active', 'closed'] as const;
export type ${n.pascal}Status = (typeof ${n.constant}_STATUSES)[number];
export const ${n.constant}_STATUS_LABELS: Record<${n.pascal}Status, string> = {
  draft: '下書き',
  active: '有効',
  closed: '終了',
};

const rules = validationRules();
const statusSchema = z.enum(${n.constant}_STATUSES);

/** What the staff's form sends, checked alike in the browser and by the gateway. */
export const ${n.camel}FieldsSchema = z.object({
  title: rules.text({ required: true, maxLength: ${n.constant}_TITLE_MAX_LENGTH }),
  body: rules.text({ maxLength: ${n.constant}_BODY_MAX_LENGTH }),
  status: statusSchema,
});
export type ${n.pascal}Fields = z.output<typeof ${n.camel}FieldsSchema>;

/** Where a record's image is read: \`\${${n.constant}_IMAGES_PATH}/{file_unique_code}\`. */
export const ${n.constant}_IMAGES_PATH = '/api/v1/admin/${n.kebab}-images';
export function ${n.camel}ImageUrl(fileUniqueCode: string): string {
  return \`\${${n.constant}_IMAGES_PATH}/\${encodeURIComponent(fileUniqueCode)}\`;
}
export const ${n.camel}ImageSchema = z.object({ file_unique_code: z.string(), file_url: z.string() });
export type ${n.pascal}Image = z.infer<typeof ${n.camel}ImageSchema>;

/** One record as the API answers it. */
export const ${n.camel}Schema = z.object({
  id: z.int(),
  title: z.string(),
  body: z.string(),
  status: statusSchema,
  image: z.nullable(${n.camel}ImageSchema),
  updated_at: z.string(),
});
export type ${n.pascal}Record = z.infer<typeof ${n.camel}Schema>;

/** The list's search (its panel is drawn from this schema: conditionDraftOf). */
export const ${n.camel}ConditionsSchema = z.object({
  keyword: z.optional(z.string().check(z.maxLength(${n.constant}_KEYWORD_MAX_LENGTH))),
  status: z.optional(statusSchema),
});
export type ${n.pascal}Conditions = z.output<typeof ${n.camel}ConditionsSchema>;

const idParamsSchema = z.object({
  id: z.coerce.number().check(z.int(), z.minimum(1), z.maximum(2147483647)),
});
const base = '/api/v1/admin/${n.kebab}';
const idResult = z.object({ id: z.int() });

/** The image's one file, its limits and its messages (the browser checks the same before sending). */
export const ${n.constant}_IMAGE_UPLOAD: CallUpload = {
  field: 'file',
  missingMessage: FILE_MISSING_MESSAGE,
  limits: {
    maxBytes: ${n.constant}_IMAGE_MAX_BYTES,
    contentTypes: ${n.constant}_IMAGE_CONTENT_TYPES,
    messages: {
      tooLarge: \`ファイルサイズは\${${n.constant}_IMAGE_MAX_BYTES / 1048576}MB以内にしてください\`,
      typeRefused: FILE_TYPE_REFUSED_MESSAGE,
    },
  },
};

export const ${n.camel}Calls = {
  list: defineCall({
    domain: '${n.snake}',
    method: 'GET',
    path: base,
    query: listQuery(${n.camel}ConditionsSchema.shape),
    result: pagedAnswer(${n.camel}Schema),
    access: 'bank',
    summary: '${n.label}の一覧',
    description: 'この金融機関の${n.label}を、更新の新しい順に返します。keyword は題名の部分一致、status はステータスです。',
  }),
  detail: defineCall({
    domain: '${n.snake}',
    method: 'GET',
    path: \`\${base}/:id\`,
    params: idParamsSchema,
    result: ${n.camel}Schema,
    access: 'bank',
    summary: '${n.label}の取得',
  }),
  create: defineCall({
    domain: '${n.snake}',
    method: 'POST',
    path: base,
    body: ${n.camel}FieldsSchema,
    result: idResult,
    access: 'bank',
    summary: '${n.label}の登録',
  }),
  update: defineCall({
    domain: '${n.snake}',
    method: 'PUT',
    path: \`\${base}/:id\`,
    params: idParamsSchema,
    body: ${n.camel}FieldsSchema,
    result: idResult,
    access: 'bank',
    summary: '${n.label}の更新',
  }),
  remove: defineCall({
    domain: '${n.snake}',
    method: 'DELETE',
    path: \`\${base}/:id\`,
    params: idParamsSchema,
    result: idResult,
    access: 'bank',
    summary: '${n.label}の削除',
  }),
  attachImage: defineCall({
    domain: '${n.snake}',
    method: 'PUT',
    path: \`\${base}/:id/image\`,
    params: idParamsSchema,
    upload: ${n.constant}_IMAGE_UPLOAD,
    result: z.object({ image: ${n.camel}ImageSchema }),
    access: 'bank',
    summary: '${n.label}の画像の登録',
    description: '画像（multipart/form-data の file）を受け取り、その${n.label}の画像にします（前の画像は削除します）。形式はファイルの中身で判定し、位置情報などのメタデータは取り除きます。',
  }),
  removeImage: defineCall({
    domain: '${n.snake}',
    method: 'DELETE',
    path: \`\${base}/:id/image\`,
    params: idParamsSchema,
    result: z.object({ image: z.literal(null) }),
    access: 'bank',
    summary: '${n.label}の画像の削除',
  }),
};

/** A record's image, for the bank's staff (a file, not the envelope). */
export const ${n.camel}ImageFileCall = defineFileCall({
  domain: '${n.snake}',
  method: 'GET',
  path: \`\${${n.constant}_IMAGES_PATH}/:file_unique_code\`,
  params: z.object({ file_unique_code: z.string().check(z.maxLength(32)) }),
  access: 'bank',
  answers: 'file',
  summary: '${n.label}の画像の取得',
});
`;
}

export function pagesFile(n: DomainNames): string {
  return `import { definePages } from './page-list.ts';

/** ${n.label}: the staff's list, a new record and a record (client/src/features/${n.kebab}). */
export const ${n.camel}Pages = definePages('admin', {
  list: '/admin/${n.kebab}',
  create: '/admin/${n.kebab}/create',
  detail: '/admin/${n.kebab}/detail/{id}',
});
`;
}

export function schemaFile(n: DomainNames): string {
  return `import { index, integer, pgTable, primaryKey, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { bankCodeColumn, bankIsolationPolicy } from './bank-scope.ts';

/**
 * ${n.label} (server/contracts/${n.kebab}.ts): one row per record of the bank. Row-level security
 * keeps each bank to its rows; the primary key and the list's index lead with bank_code.
 */
export const ${n.camel} = pgTable(
  '${n.snake}',
  {
    bank_code: bankCodeColumn(),
    id: integer().generatedAlwaysAsIdentity(),
    title: varchar({ length: 100 }).notNull(),
    body: text().notNull().default(''),
    status: varchar({ length: 20 }).notNull(),
    /** Its image's code (the bytes are in the file storage under the bank and this code), or none. */
    image_file_unique_code: varchar({ length: 32 }),
    /** Who saved it last (no foreign key: a record outlives the account that wrote it). */
    updated_by: integer(),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.bank_code, t.id] }),
    index().on(t.bank_code, t.updated_at),
    bankIsolationPolicy(t.bank_code),
  ],
);
`;
}

export function forceRlsMigration(n: DomainNames): string {
  return `-- As for the other bank tables (0002): the policy applies to the table owner too.
ALTER TABLE "${n.snake}" FORCE ROW LEVEL SECURITY;
`;
}

export function queriesFile(n: DomainNames): string {
  return `import { and, count, desc, eq, ilike } from 'drizzle-orm';
import {
  ${n.camel}ImageUrl,
  type ${n.pascal}Fields,
  type ${n.pascal}Record,
  type ${n.pascal}Status,
} from '#server/contracts/${n.kebab}.ts';
import type { DbTransaction } from '#server/db/database.ts';
import { ${n.camel} } from '#server/db/schema/${n.kebab}.ts';

/**
 * The queries of ${n.label}. None names bank_code: the call's transaction is the host's bank and the
 * table's row-level security answers only its rows (server/db/README.md).
 */

const columns = {
  id: ${n.camel}.id,
  title: ${n.camel}.title,
  body: ${n.camel}.body,
  status: ${n.camel}.status,
  imageCode: ${n.camel}.image_file_unique_code,
  updatedAt: ${n.camel}.updated_at,
};

type Row = { id: number; title: string; body: string; status: string; imageCode: string | null; updatedAt: Date };

const asRecord = (row: Row): ${n.pascal}Record => ({
  id: row.id,
  title: row.title,
  body: row.body,
  status: row.status as ${n.pascal}Status,
  image: row.imageCode === null ? null : { file_unique_code: row.imageCode, file_url: ${n.camel}ImageUrl(row.imageCode) },
  updated_at: row.updatedAt.toISOString(),
});

/** LIKE's wildcards in what the staff typed match themselves. */
const likePattern = (text: string) => \`%\${text.replace(/[\\\\%_]/g, (c) => \`\\\\\${c}\`)}%\`;

/** A page of the bank's records, last updated first, and how many match. */
export async function search${n.pascal}(
  tx: DbTransaction,
  { page, rows, keyword, status }: { page: number; rows: number; keyword?: string | undefined; status?: ${n.pascal}Status | undefined },
): Promise<{ list: ${n.pascal}Record[]; total: number }> {
  const where = and(
    keyword?.trim() ? ilike(${n.camel}.title, likePattern(keyword.trim())) : undefined,
    status ? eq(${n.camel}.status, status) : undefined,
  );
  const [list, [counted]] = await Promise.all([
    tx
      .select(columns)
      .from(${n.camel})
      .where(where)
      .orderBy(desc(${n.camel}.updated_at), desc(${n.camel}.id))
      .limit(rows)
      .offset((page - 1) * rows),
    tx.select({ total: count() }).from(${n.camel}).where(where),
  ]);
  return { list: list.map(asRecord), total: counted?.total ?? 0 };
}

/** How many of the bank's records are still drafts (the domain's badge). */
export async function count${n.pascal}Drafts(tx: DbTransaction): Promise<number> {
  const [row] = await tx.select({ total: count() }).from(${n.camel}).where(eq(${n.camel}.status, 'draft'));
  return row?.total ?? 0;
}

/** One record of the bank, or undefined (another bank's id is not found either). */
export async function read${n.pascal}(tx: DbTransaction, id: number): Promise<${n.pascal}Record | undefined> {
  const [row] = await tx.select(columns).from(${n.camel}).where(eq(${n.camel}.id, id));
  return row ? asRecord(row) : undefined;
}

const valuesOf = (fields: ${n.pascal}Fields, userId: number) => ({
  title: fields.title,
  body: fields.body ?? '',
  status: fields.status,
  updated_by: userId,
});

export async function insert${n.pascal}(tx: DbTransaction, fields: ${n.pascal}Fields, userId: number): Promise<number> {
  const [stored] = await tx
    .insert(${n.camel})
    .values(valuesOf(fields, userId))
    .returning({ id: ${n.camel}.id });
  if (!stored) throw new Error('INSERT ... RETURNING answered no row for ${n.snake}');
  return stored.id;
}

/** Answers whether the record was there to change. */
export async function update${n.pascal}(
  tx: DbTransaction,
  id: number,
  fields: ${n.pascal}Fields,
  userId: number,
): Promise<boolean> {
  const changed = await tx
    .update(${n.camel})
    .set({ ...valuesOf(fields, userId), updated_at: new Date() })
    .where(eq(${n.camel}.id, id))
    .returning({ id: ${n.camel}.id });
  return changed.length > 0;
}

/** Deletes the record; answers its image's code (its bytes go once this commits), or undefined when it was not there. */
export async function delete${n.pascal}(tx: DbTransaction, id: number): Promise<{ imageCode: string | null } | undefined> {
  const [deleted] = await tx
    .delete(${n.camel})
    .where(eq(${n.camel}.id, id))
    .returning({ imageCode: ${n.camel}.image_file_unique_code });
  return deleted;
}

/**
 * Names \`code\` (or no image) as the record's image, the row locked while it changes; answers the
 * code it named before, or undefined when the record is not there.
 */
export async function replace${n.pascal}Image(
  tx: DbTransaction,
  id: number,
  code: string | null,
): Promise<{ previous: string | null } | undefined> {
  const [current] = await tx
    .select({ imageCode: ${n.camel}.image_file_unique_code })
    .from(${n.camel})
    .where(eq(${n.camel}.id, id))
    .for('update');
  if (!current) return undefined;
  await tx.update(${n.camel}).set({ image_file_unique_code: code, updated_at: new Date() }).where(eq(${n.camel}.id, id));
  return { previous: current.imageCode };
}

/** Whether a record of the bank names the image \`code\` (another bank's image is not found). */
export async function ${n.camel}ImageExists(tx: DbTransaction, code: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: ${n.camel}.id })
    .from(${n.camel})
    .where(eq(${n.camel}.image_file_unique_code, code))
    .limit(1);
  return row !== undefined;
}
`;
}

export function routesFile(n: DomainNames): string {
  return `import type { FastifyInstance } from 'fastify';
import { ${n.camel}Calls } from '#server/contracts/${n.kebab}.ts';
import { MESSAGES } from '#server/contracts/messages.ts';
import { pagedResult } from '#server/contracts/paging.ts';
import { notFound } from '#server/errors.ts';
import { serveCall } from '../kit/serve-call.ts';
import type { DomainServices } from '../kit/server-domain.ts';
import { deleteStoredFiles } from '../kit/uploaded-files.ts';
import { ${n.camel}ImageRoutes, ${n.camel}ImageStorageKeyOf } from './${n.kebab}-images.ts';
import { delete${n.pascal}, insert${n.pascal}, read${n.pascal}, search${n.pascal}, update${n.pascal} } from './queries.ts';

/** The row a path's :id names (the security walk tries another bank's with it). */
const object = { param: 'id', table: '${n.snake}', column: 'id' };

/** /api/v1/admin/${n.kebab}: ${n.label}, for the bank's staff. Every command writes its audit row. */
export async function ${n.camel}Routes(app: FastifyInstance, { storage }: DomainServices) {
  serveCall(app, ${n.camel}Calls.list, async ({ tx, query }) => {
    const { list, total } = await search${n.pascal}(tx, query);
    return pagedResult(list, total, query);
  });

  serveCall(
    app,
    ${n.camel}Calls.detail,
    async ({ tx, params }) => {
      const record = await read${n.pascal}(tx, params.id);
      if (!record) throw notFound();
      return record;
    },
    { object },
  );

  serveCall(
    app,
    ${n.camel}Calls.create,
    async ({ tx, body, viewer }) => ({ id: await insert${n.pascal}(tx, body, viewer.userId) }),
    { message: MESSAGES.saved, audit: { action: 'CREATE', target: (_, result) => result.id } },
  );

  serveCall(
    app,
    ${n.camel}Calls.update,
    async ({ tx, params, body, viewer }) => {
      if (!(await update${n.pascal}(tx, params.id, body, viewer.userId))) throw notFound();
      return { id: params.id };
    },
    {
      message: MESSAGES.saved,
      audit: { action: 'UPDATE' },
      object,
      example: { body: { title: '${n.label}の例', body: '', status: 'active' } },
    },
  );

  serveCall(
    app,
    ${n.camel}Calls.remove,
    async ({ tx, params, request, afterCommit }) => {
      const deleted = await delete${n.pascal}(tx, params.id);
      if (!deleted) throw notFound();
      const { imageCode } = deleted;
      // Its image's bytes go once the row is gone for good.
      if (imageCode !== null)
        afterCommit(() => deleteStoredFiles(storage, [${n.camel}ImageStorageKeyOf(request.tenant.code, imageCode)], request.log));
      return { id: params.id };
    },
    { audit: { action: 'DELETE' }, object },
  );

  // The image's upload takes a multipart body: its parser is registered in a scope of its own.
  await app.register(${n.camel}ImageRoutes, { storage });
}
`;
}

export function imageRoutesFile(n: DomainNames): string {
  return `import type { FastifyInstance } from 'fastify';
import { ${n.camel}Calls, ${n.camel}ImageFileCall, ${n.camel}ImageUrl, ${n.constant}_IMAGE_MAX_BYTES } from '#server/contracts/${n.kebab}.ts';
import { notFound } from '#server/errors.ts';
import type { FileStorage } from '#server/storage/file-storage.ts';
import { storeReceivedFile } from '../kit/call-uploads.ts';
import { serveCall } from '../kit/serve-call.ts';
import { serveFileCall, storedImageToSend } from '../kit/serve-file-call.ts';
import { acceptUploads, deleteStoredFiles } from '../kit/uploaded-files.ts';
import { ${n.camel}ImageExists, replace${n.pascal}Image } from './queries.ts';

/** Where a record's image is kept: the bank's prefix, then the image's code. */
export function ${n.camel}ImageStorageKeyOf(bankCode: string, fileUniqueCode: string): string {
  return \`\${bankCode}/${n.kebab}-images/\${fileUniqueCode}\`;
}

/**
 * A record's image: its upload (a call with a file: the kit reads it up to its limit, tells its type
 * by its bytes and strips its metadata before the handler runs), its removal, and its bytes for the
 * bank's staff. A new image replaces the old one, whose bytes go once the change has committed.
 */
export async function ${n.camel}ImageRoutes(app: FastifyInstance, { storage }: { storage: FileStorage }) {
  await acceptUploads(app, { largestFileBytes: ${n.constant}_IMAGE_MAX_BYTES, fields: 1, parts: 2 });
  const object = { param: 'id', table: '${n.snake}', column: 'id' };
  const removePrevious = (bankCode: string, previous: string | null, log: Parameters<typeof deleteStoredFiles>[2]) =>
    previous === null ? Promise.resolve() : deleteStoredFiles(storage, [${n.camel}ImageStorageKeyOf(bankCode, previous)], log);

  serveCall(
    app,
    ${n.camel}Calls.attachImage,
    {
      before: (context) => storeReceivedFile(context, storage, ${n.camel}ImageStorageKeyOf),
      handle: async ({ tx, params, prepared: stored, request, afterCommit }) => {
        const replaced = await replace${n.pascal}Image(tx, params.id, stored.code);
        if (!replaced) throw notFound();
        afterCommit(() => removePrevious(request.tenant.code, replaced.previous, request.log));
        return { image: { file_unique_code: stored.code, file_url: ${n.camel}ImageUrl(stored.code) } };
      },
    },
    { audit: { action: 'UPDATE' }, object },
  );

  serveCall(
    app,
    ${n.camel}Calls.removeImage,
    async ({ tx, params, request, afterCommit }) => {
      const replaced = await replace${n.pascal}Image(tx, params.id, null);
      if (!replaced) throw notFound();
      afterCommit(() => removePrevious(request.tenant.code, replaced.previous, request.log));
      return { image: null };
    },
    { audit: { action: 'UPDATE' }, object },
  );

  serveFileCall(
    app,
    ${n.camel}ImageFileCall,
    async ({ params, request }) => {
      const code = params.file_unique_code;
      if (!(await request.inBank((tx) => ${n.camel}ImageExists(tx, code)))) return undefined;
      const storageKey = ${n.camel}ImageStorageKeyOf(request.tenant.code, code);
      return storedImageToSend(request, storage, { code, storageKey, fileNameStem: 'image' });
    },
    {
      storage,
      object: { param: 'file_unique_code', table: '${n.snake}', column: 'image_file_unique_code', where: 'image_file_unique_code is not null' },
    },
  );
}
`;
}

export function serverDomainFile(n: DomainNames): string {
  return `import { seed${n.pascal} } from '#server/db/seeds/${n.kebab}.ts';
import { defineServerDomain } from '../kit/server-domain.ts';
import { ${n.camel}DraftsBadge } from './badges.ts';
import { ${n.camel}Routes } from './routes.ts';

/** ${n.label}: the staff's records (routes, the drafts badge and demo data). */
export const ${n.camel}Domain = defineServerDomain({
  name: '${n.name}',
  routes: ${n.camel}Routes,
  seed: seed${n.pascal},
  badges: [${n.camel}DraftsBadge],
});
`;
}

/** The badge counter's name (server/contracts/badge-counters.ts lists it). */
export const badgeCounter = (n: DomainNames) => `${n.camel}Drafts`;

export function badgesFile(n: DomainNames): string {
  return `import { isBankUser } from '#server/contracts/account-types.ts';
import { defineBadge } from '../badges/badge-registry.ts';
import { count${n.pascal}Drafts } from './queries.ts';

/** ${badgeCounter(n)}: the bank's ${n.label} still in draft, for its staff (GET /api/v1/badges). */
export const ${n.camel}DraftsBadge = defineBadge({
  counter: '${badgeCounter(n)}',
  subjectOf: (auth) => (isBankUser(auth.user.userType) ? ('bank' as const) : null),
  count: (tx) => count${n.pascal}Drafts(tx),
});
`;
}

export function seedFile(n: DomainNames): string {
  return `import { inArray } from 'drizzle-orm';
import type { ${n.pascal}Status } from '#server/contracts/${n.kebab}.ts';
import { ${n.camel} } from '../schema/${n.kebab}.ts';
import type { DomainSeed } from './seed-context.ts';

const DEMO_ROWS: readonly { title: string; body: string; status: ${n.pascal}Status }[] = [
  { title: '${n.label}のサンプル1', body: '最初のサンプルです。', status: 'active' },
  { title: '${n.label}のサンプル2', body: '二つ目のサンプルです。', status: 'draft' },
  { title: '${n.label}のサンプル3', body: '', status: 'closed' },
];

/** Three records per bank for the staff's list (again on a second run: none added twice). */
export const seed${n.pascal}: DomainSeed = async ({ tx, userIdOf }) => {
  const titles = DEMO_ROWS.map((row) => row.title);
  const existing = await tx.select({ title: ${n.camel}.title }).from(${n.camel}).where(inArray(${n.camel}.title, titles));
  const seeded = new Set(existing.map((row) => row.title));
  const missing = DEMO_ROWS.filter((row) => !seeded.has(row.title));
  if (missing.length === 0) return;
  await tx.insert(${n.camel}).values(missing.map((row) => ({ ...row, updated_by: userIdOf('bankadmin') })));
};
`;
}
