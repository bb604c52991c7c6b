import { randomUUID } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { UserTypeCode } from '#server/contracts/account-types.ts';
import {
  CHAT_REMARK_TEMPLATE_MAX_COUNT,
  CHAT_REMARK_TEMPLATE_MESSAGES,
  type ChatRemarkTemplate,
} from '#server/contracts/chat-remark-template.ts';
import { maxLengthMessage, VALIDATION_MESSAGES } from '#server/contracts/validation.ts';
import { listChatRemarkTemplates } from '#server/api/settings/chat-remark-template-queries.ts';
import { auditEvents, userTypePermissions, users } from '#server/db/schema.ts';
import { chatRemarkTemplates } from '#server/db/schema/chat-remark-templates.ts';
import { apiGet } from '#tests/support/login.ts';
import { type Actor, startWorld, type World } from '#tests/support/world.ts';

const BANK = '0182';
const OTHER_BANK = '0158';
const BASE = '/api/v1/setting/chat_remark_template';
const LIST = BASE;
const CREATE = `${BASE}/create`;
const REORDER = `${BASE}/reorder`;
const detailPath = (code: string) => `${BASE}/${code}`;
const savePath = (code: string) => `${BASE}/${code}/save`;
const deletePath = (code: string) => `${BASE}/${code}/delete`;

/** The accounts of the demo company (sakura-seiko): they share its templates. */
const SAME_COMPANY = ['company_owner', 'company_user', 'company_employee'] as const;
/** Every company-side account: each has company_chat_read by default. */
const COMPANY_SIDE = [...SAME_COMPANY, 'partner_company_owner'] as const;
const STAFF = ['system_admin', 'bank_admin', 'branch_admin', 'branch_user'] as const;

const form = (changes: Record<string, unknown> = {}) => ({
  template_title: '営業時間のご案内',
  template_body: 'お問い合わせありがとうございます。\n平日9時から17時まで営業しております。',
  ...changes,
});

let world: World;

beforeAll(async () => {
  world = await startWorld({ banks: [BANK, OTHER_BANK] });
  // Bank 0158 has taken the chat away from its employees (the admin's permission setting), before
  // any of them logged in.
  await world.db.withBank(OTHER_BANK, (tx) =>
    tx
      .delete(userTypePermissions)
      .where(
        and(
          eq(userTypePermissions.user_type, 'company_employee'),
          eq(userTypePermissions.permission, 'company_chat_read'),
        ),
      ),
  );
}, 120_000);
afterAll(async () => {
  await world?.close();
});

beforeEach(async () => {
  for (const code of [BANK, OTHER_BANK])
    await world.db.withBank(code, (tx) => tx.delete(chatRemarkTemplates));
});

const get = async (code: string, actor: Actor, url: string) =>
  apiGet(world.app, code, await world.cookieOf(code, actor), url);
const post = (code: string, actor: Actor, url: string, payload: object = {}) =>
  world.send(code, actor, { method: 'POST', url, payload });

async function create(code: string, actor: Actor, changes: Record<string, unknown> = {}) {
  const answer = await post(code, actor, CREATE, form(changes));
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json().result as ChatRemarkTemplate;
}

async function listOf(code: string, actor: Actor): Promise<ChatRemarkTemplate[]> {
  const answer = await get(code, actor, LIST);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json().result.list;
}

async function companyIdOf(code: string, actor: UserTypeCode): Promise<number> {
  const userId = await world.userIdOf(code, actor);
  const [row] = await world.db.withBank(code, (tx) =>
    tx.select({ company_id: users.company_id }).from(users).where(eq(users.user_id, userId)),
  );
  if (row?.company_id === null || row?.company_id === undefined) throw new Error(`${actor} has no company`);
  return row.company_id;
}

/** The template's row as the database holds it. */
async function rowOf(code: string, templateCode: string) {
  const [row] = await world.db.withBank(code, (tx) =>
    tx.select().from(chatRemarkTemplates).where(eq(chatRemarkTemplates.template_unique_code, templateCode)),
  );
  return row;
}

async function countOf(code: string, companyId: number): Promise<number> {
  return world.db.withBank(code, async (tx) => (await listChatRemarkTemplates(tx, companyId)).length);
}

/** `n` templates of the company written straight into the table (a company that has been busy). */
async function insertTemplates(code: string, actor: UserTypeCode, n: number) {
  const companyId = await companyIdOf(code, actor);
  const userId = await world.userIdOf(code, actor);
  await world.db.withBank(code, (tx) =>
    tx.insert(chatRemarkTemplates).values(
      Array.from({ length: n }, (_, index) => ({
        template_unique_code: randomUUID().replaceAll('-', ''),
        company_id: companyId,
        template_title: `定型文 ${index + 1}`,
        template_body: '本文',
        template_sort_order: index + 1,
        template_updated_by: userId,
      })),
    ),
  );
  return companyId;
}

async function lastAudit(code: string) {
  const [row] = await world.db.withBank(code, (tx) =>
    tx
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.target_type, 'settings'))
      .orderBy(desc(auditEvents.id))
      .limit(1),
  );
  return row;
}

describe('who may manage the templates', () => {
  it.each([BANK, OTHER_BANK])(
    'lists an empty list with the limit to each company-side account with company_chat_read on bank %s',
    async (code) => {
      for (const actor of COMPANY_SIDE) {
        if (code === OTHER_BANK && actor === 'company_employee') continue;
        const answer = await get(code, actor, LIST);
        expect(answer.statusCode, `${actor}: ${answer.body}`).toBe(200);
        expect(answer.json().result).toEqual({ list: [], max_count: 100 });
      }
    },
  );

  it('lets owners, users, employees and partner owners create, edit, reorder and delete', async () => {
    for (const actor of COMPANY_SIDE) {
      const first = await create(BANK, actor, { template_title: `${actor} 1` });
      const second = await create(BANK, actor, { template_title: `${actor} 2` });
      const saved = await post(
        BANK,
        actor,
        savePath(first.template_unique_code),
        form({ template_title: '変更' }),
      );
      expect(saved.statusCode, `${actor}: ${saved.body}`).toBe(200);
      const reordered = await post(BANK, actor, REORDER, {
        template_unique_codes: [second.template_unique_code, first.template_unique_code],
      });
      expect(reordered.statusCode, `${actor}: ${reordered.body}`).toBe(200);
      for (const template of [first, second]) {
        const deleted = await post(BANK, actor, deletePath(template.template_unique_code));
        expect(deleted.statusCode, `${actor}: ${deleted.body}`).toBe(200);
      }
    }
  });

  it('refuses bank staff with 403 権限がありません on every call, and a visitor with 401', async () => {
    const template = await create(BANK, 'company_owner');
    const code = template.template_unique_code;
    for (const actor of STAFF) {
      const answers = [
        await get(BANK, actor, LIST),
        await get(BANK, actor, detailPath(code)),
        await post(BANK, actor, CREATE, form()),
        await post(BANK, actor, savePath(code), form({ template_title: 'スタッフ' })),
        await post(BANK, actor, REORDER, { template_unique_codes: [code] }),
        await post(BANK, actor, deletePath(code)),
      ];
      for (const answer of answers) {
        expect(answer.statusCode, `${actor}: ${answer.body}`).toBe(403);
        expect(answer.json()).toMatchObject({ status: 'error', message: '権限がありません' });
        expect(answer.body).not.toMatch(/"result"/);
      }
    }
    expect((await get(BANK, 'visitor', LIST)).statusCode).toBe(401);
    expect(await rowOf(BANK, code)).toMatchObject({ template_title: template.template_title });
  });

  it('refuses with 403 an employee whose bank took company_chat_read away, on every call', async () => {
    await create(OTHER_BANK, 'company_owner');
    const [template] = await listOf(OTHER_BANK, 'company_owner');
    const code = template!.template_unique_code;
    const answers = [
      await get(OTHER_BANK, 'company_employee', LIST),
      await get(OTHER_BANK, 'company_employee', detailPath(code)),
      await post(OTHER_BANK, 'company_employee', CREATE, form()),
      await post(OTHER_BANK, 'company_employee', savePath(code), form({ template_title: '社員' })),
      await post(OTHER_BANK, 'company_employee', REORDER, { template_unique_codes: [code] }),
      await post(OTHER_BANK, 'company_employee', deletePath(code)),
    ];
    for (const answer of answers) {
      expect(answer.statusCode, answer.body).toBe(403);
      expect(answer.json()).toMatchObject({ status: 'error', message: '権限がありません' });
    }
    expect(await listOf(OTHER_BANK, 'company_owner')).toHaveLength(1);
    // The employees of the other bank keep theirs.
    expect((await get(BANK, 'company_employee', LIST)).statusCode).toBe(200);
  });
});

describe('POST /api/v1/setting/chat_remark_template/create', () => {
  it('adds the template at the end of the company’s list, trims the title, and audits it by its code', async () => {
    const first = await create(BANK, 'company_owner', { template_title: '  ご挨拶  ' });
    expect(first).toEqual({
      template_unique_code: expect.stringMatching(/^[0-9a-f]{32}$/),
      template_title: 'ご挨拶',
      template_body: form().template_body,
      template_sort_order: 1,
      template_updated_at: expect.any(String),
    });
    const second = await create(BANK, 'company_user', { template_title: '営業時間' });
    expect(second.template_sort_order).toBe(2);

    expect(await rowOf(BANK, second.template_unique_code)).toMatchObject({
      company_id: await companyIdOf(BANK, 'company_user'),
      template_updated_by: await world.userIdOf(BANK, 'company_user'),
    });
    expect(await lastAudit(BANK)).toMatchObject({
      action: 'CREATE',
      target_type: 'settings',
      target_id: second.template_unique_code,
      actor_user_id: await world.userIdOf(BANK, 'company_user'),
    });
  });

  it('shares the templates among the users of one company, and with no other company', async () => {
    const template = await create(BANK, 'company_owner');
    for (const actor of SAME_COMPANY) expect(await listOf(BANK, actor)).toEqual([template]);
    // The partner owner works for another company of the same bank.
    expect(await listOf(BANK, 'partner_company_owner')).toEqual([]);
    expect(await listOf(OTHER_BANK, 'company_owner')).toEqual([]);
  });

  it('refuses the 101st template of a company with 422 and its message, and stores nothing', async () => {
    const companyId = await insertTemplates(BANK, 'company_owner', CHAT_REMARK_TEMPLATE_MAX_COUNT);
    const answer = await post(BANK, 'company_user', CREATE, form());
    expect(answer.statusCode, answer.body).toBe(422);
    expect(answer.json()).toEqual({ status: 'error', message: CHAT_REMARK_TEMPLATE_MESSAGES.limitReached });
    expect(CHAT_REMARK_TEMPLATE_MESSAGES.limitReached).toBe(
      '定型文は100件まで登録できます。不要な定型文を削除してから登録してください。',
    );
    expect(await countOf(BANK, companyId)).toBe(100);
    // Another company of the bank has its own hundred.
    expect((await post(BANK, 'partner_company_owner', CREATE, form())).statusCode).toBe(200);
  });

  it('never goes over the limit when several templates are created at once', async () => {
    const companyId = await insertTemplates(BANK, 'company_owner', CHAT_REMARK_TEMPLATE_MAX_COUNT - 3);
    const actors = ['company_owner', 'company_user', 'company_employee'] as const;
    // Logged in first, so the requests meet at the database rather than at the login.
    for (const actor of actors) await world.cookieOf(BANK, actor);
    const answers = await Promise.all(
      Array.from({ length: 9 }, (_, index) =>
        post(BANK, actors[index % actors.length]!, CREATE, form({ template_title: `同時 ${index}` })),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([200, 200, 200, 422, 422, 422, 422, 422, 422]);
    expect(await countOf(BANK, companyId)).toBe(CHAT_REMARK_TEMPLATE_MAX_COUNT);
    const orders = (await listOf(BANK, 'company_owner')).map((template) => template.template_sort_order);
    expect(orders).toEqual(Array.from({ length: 100 }, (_, index) => index + 1));
  });
});

describe('validation', () => {
  it('answers 400 with the spec’s messages under each field, and stores nothing', async () => {
    const cases: [Record<string, unknown>, Record<string, string[]>][] = [
      [
        { template_title: '', template_body: ' \u3000\n' },
        { template_title: [VALIDATION_MESSAGES.required], template_body: [VALIDATION_MESSAGES.required] },
      ],
      [
        { template_title: 'あ'.repeat(51), template_body: 'い'.repeat(1001) },
        { template_title: [maxLengthMessage(50)], template_body: [maxLengthMessage(1000)] },
      ],
      [
        { template_title: undefined, template_body: null },
        { template_title: [VALIDATION_MESSAGES.required], template_body: [VALIDATION_MESSAGES.required] },
      ],
      [
        { template_title: 12, template_body: ['本文'] },
        {
          template_title: [VALIDATION_MESSAGES.invalidFormat],
          template_body: [VALIDATION_MESSAGES.invalidFormat],
        },
      ],
      [
        { template_title: 'タイトル\u0000', template_body: '本文\ud800' },
        {
          template_title: [VALIDATION_MESSAGES.unstorableCharacter],
          template_body: [VALIDATION_MESSAGES.unstorableCharacter],
        },
      ],
    ];
    const saved = await create(BANK, 'company_owner');
    for (const [changes, errors] of cases) {
      for (const url of [CREATE, savePath(saved.template_unique_code)]) {
        const answer = await post(BANK, 'company_owner', url, form(changes));
        expect(answer.statusCode, `${url} ${JSON.stringify(changes)}: ${answer.body}`).toBe(400);
        expect(answer.json().errors, JSON.stringify(changes)).toEqual(errors);
      }
    }
    expect(await listOf(BANK, 'company_owner')).toEqual([saved]);
    expect(maxLengthMessage(50)).toBe('50文字以内で入力してください');
  });

  it('takes 50 and 1,000 characters counted as the database counts them (𠮷 is one)', async () => {
    const template = await create(BANK, 'company_owner', {
      template_title: '𠮷'.repeat(50),
      template_body: '𩸽'.repeat(1000),
    });
    expect(await rowOf(BANK, template.template_unique_code)).toMatchObject({
      template_title: '𠮷'.repeat(50),
      template_body: '𩸽'.repeat(1000),
    });
  });

  it('answers 400 for a code that is not one, on every call that names a template', async () => {
    for (const bad of ['new', 'ABCDEF0123456789ABCDEF0123456789', '0'.repeat(33), '%00']) {
      for (const answer of [
        await get(BANK, 'company_owner', detailPath(bad)),
        await post(BANK, 'company_owner', savePath(bad), form()),
        await post(BANK, 'company_owner', deletePath(bad)),
      ])
        expect(answer.statusCode, `${bad}: ${answer.body}`).toBe(400);
    }
  });
});

describe('GET and save one template', () => {
  it('answers the template, and saves a new title and text without moving it', async () => {
    const first = await create(BANK, 'company_owner');
    const second = await create(BANK, 'company_owner', { template_title: '二つ目' });
    const detail = await get(BANK, 'company_employee', detailPath(second.template_unique_code));
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json().result).toEqual(second);

    const answer = await post(
      BANK,
      'company_employee',
      savePath(second.template_unique_code),
      form({ template_title: '二つ目（改）', template_body: '新しい本文' }),
    );
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().result).toMatchObject({
      template_unique_code: second.template_unique_code,
      template_title: '二つ目（改）',
      template_body: '新しい本文',
      template_sort_order: 2,
    });
    expect(await rowOf(BANK, second.template_unique_code)).toMatchObject({
      template_updated_by: await world.userIdOf(BANK, 'company_employee'),
    });
    expect(await lastAudit(BANK)).toMatchObject({
      action: 'UPDATE',
      target_id: second.template_unique_code,
      actor_user_id: await world.userIdOf(BANK, 'company_employee'),
    });
    expect((await listOf(BANK, 'company_owner')).map((t) => t.template_unique_code)).toEqual([
      first.template_unique_code,
      second.template_unique_code,
    ]);
  });
});

describe('POST …/{code}/delete', () => {
  it('deletes the template with 削除しました, closes the gap in the order, and audits it', async () => {
    const [a, b, c] = [
      await create(BANK, 'company_owner'),
      await create(BANK, 'company_owner'),
      await create(BANK, 'company_owner'),
    ];
    const answer = await post(BANK, 'company_user', deletePath(b!.template_unique_code));
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toEqual({
      status: 'success',
      result: { template_unique_code: b!.template_unique_code },
      message: '削除しました',
    });
    expect(await rowOf(BANK, b!.template_unique_code)).toBeUndefined();
    expect(
      (await listOf(BANK, 'company_owner')).map((t) => [t.template_unique_code, t.template_sort_order]),
    ).toEqual([
      [a!.template_unique_code, 1],
      [c!.template_unique_code, 2],
    ]);
    expect(await lastAudit(BANK)).toMatchObject({ action: 'DELETE', target_id: b!.template_unique_code });
    expect((await post(BANK, 'company_user', deletePath(b!.template_unique_code))).statusCode).toBe(404);
  });
});

describe('POST /api/v1/setting/chat_remark_template/reorder', () => {
  it('puts the templates in the order sent, without touching their text or update time', async () => {
    const [a, b, c] = [
      await create(BANK, 'company_owner', { template_title: 'A' }),
      await create(BANK, 'company_owner', { template_title: 'B' }),
      await create(BANK, 'company_owner', { template_title: 'C' }),
    ];
    const answer = await post(BANK, 'company_employee', REORDER, {
      template_unique_codes: [c!.template_unique_code, a!.template_unique_code, b!.template_unique_code],
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().message).toBe('並び順を保存しました');
    const expected = [
      { ...c, template_sort_order: 1 },
      { ...a, template_sort_order: 2 },
      { ...b, template_sort_order: 3 },
    ];
    expect(answer.json().result).toEqual({ list: expected, max_count: 100 });
    expect(await listOf(BANK, 'company_user')).toEqual(expected);
    expect(await lastAudit(BANK)).toMatchObject({ action: 'UPDATE', target_id: null });
  });

  it('refuses an order that leaves a template out with 422 (one was added since), and keeps the order', async () => {
    const [a, b] = [await create(BANK, 'company_owner'), await create(BANK, 'company_owner')];
    const answer = await post(BANK, 'company_owner', REORDER, {
      template_unique_codes: [b!.template_unique_code],
    });
    expect(answer.statusCode, answer.body).toBe(422);
    expect(answer.json()).toEqual({ status: 'error', message: CHAT_REMARK_TEMPLATE_MESSAGES.orderOutdated });
    expect((await listOf(BANK, 'company_owner')).map((t) => t.template_unique_code)).toEqual([
      a!.template_unique_code,
      b!.template_unique_code,
    ]);
  });

  it('answers 404 for an order naming another company’s template, and 400 for one naming a template twice', async () => {
    const [a, b] = [await create(BANK, 'company_owner'), await create(BANK, 'company_owner')];
    const partners = await create(BANK, 'partner_company_owner');
    const foreign = await post(BANK, 'company_owner', REORDER, {
      template_unique_codes: [
        b!.template_unique_code,
        a!.template_unique_code,
        partners.template_unique_code,
      ],
    });
    expect(foreign.statusCode, foreign.body).toBe(404);
    expect(foreign.body).not.toMatch(/"result"/);

    const twice = await post(BANK, 'company_owner', REORDER, {
      template_unique_codes: [b!.template_unique_code, b!.template_unique_code],
    });
    expect(twice.statusCode, twice.body).toBe(400);
    expect(twice.json().errors).toEqual({
      template_unique_codes: [CHAT_REMARK_TEMPLATE_MESSAGES.duplicateInOrder],
    });
    expect((await listOf(BANK, 'company_owner')).map((t) => t.template_sort_order)).toEqual([1, 2]);
    expect((await listOf(BANK, 'partner_company_owner')).map((t) => t.template_unique_code)).toEqual([
      partners.template_unique_code,
    ]);
  });

  it('takes an empty order for a company without templates', async () => {
    const answer = await post(BANK, 'company_owner', REORDER, { template_unique_codes: [] });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().result).toEqual({ list: [], max_count: 100 });
  });
});

describe('another company’s or another bank’s template', () => {
  it.each([
    ['a user of bank 0158', OTHER_BANK, 'company_owner'],
    ['a user of another company of bank 0182', BANK, 'partner_company_owner'],
  ] as const)(
    'is 404 and no data to %s on detail, save and delete, and stays as it was',
    async (_, code, actor) => {
      const template = await create(BANK, 'company_owner');
      const templateCode = template.template_unique_code;
      const before = await rowOf(BANK, templateCode);
      for (const answer of [
        await get(code, actor, detailPath(templateCode)),
        await post(code, actor, savePath(templateCode), form({ template_title: '書き換え' })),
        await post(code, actor, deletePath(templateCode)),
        await post(code, actor, REORDER, { template_unique_codes: [templateCode] }),
      ]) {
        expect(answer.statusCode, answer.body).toBe(404);
        expect(answer.body).not.toMatch(/"result"/);
        expect(answer.body).not.toContain(template.template_title);
      }
      expect(await rowOf(BANK, templateCode)).toEqual(before);
      expect(await listOf(code, actor)).toEqual([]);
    },
  );
});
