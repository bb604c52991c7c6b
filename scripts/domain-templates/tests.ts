import type { DomainNames } from './names.ts';
import { badgeCounter } from './server.ts';

/** The tests a new domain starts with: its API (on the real gateway) and its pages (on a fake API). */

export function apiTestFile(n: DomainNames): string {
  return `import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ${n.camel}ImageUrl, ${n.camel}Schema } from '#server/contracts/${n.kebab}.ts';
import { auditEvents } from '#server/db/schema/audit-events.ts';
import { multipartBody, TINY_PDF, TINY_PNG } from '#tests/support/identification-upload.ts';
import type { World } from '#tests/support/world.ts';
import { BANK_A, BANK_B, expectEnvelopeRefusal, startSecurityWorld } from '../security/security-world.ts';

/** /api/v1/admin/${n.kebab}: the calls of ${n.label}, per bank, for the bank's staff. */

const BASE = '/api/v1/admin/${n.kebab}';
const FIELDS = { title: '新しい${n.label}', body: '本文です。', status: 'active' };

let world: World;
beforeAll(async () => {
  world = await startSecurityWorld();
});
afterAll(async () => {
  await world?.close();
});

const send = (code: string, method: string, url: string, payload?: object) =>
  world.send(code, 'bank_admin', { method, url, ...(payload ? { payload } : {}) });

async function create(code: string, fields: object = FIELDS): Promise<number> {
  const response = await send(code, 'POST', BASE, fields);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { result: { id: number } }).result.id;
}

/** The audit rows the bank holds about one record of the domain. */
async function auditOf(code: string, id: number) {
  return world.app.db.withBank(code, (tx) =>
    tx
      .select({ action: auditEvents.action })
      .from(auditEvents)
      .where(and(eq(auditEvents.target_type, '${n.snake}'), eq(auditEvents.target_id, String(id))))
      .orderBy(auditEvents.id),
  );
}

describe('GET ${n.kebab} list', () => {
  it("pages the bank's demo rows, last updated first, and filters by keyword", async () => {
    const first = await world.send(BANK_A, 'branch_user', { method: 'GET', url: \`\${BASE}?rows=2\` });
    expect(first.statusCode, first.body).toBe(200);
    const page = first.json().result;
    expect(page.list).toHaveLength(2);
    for (const item of page.list) ${n.camel}Schema.parse(item);
    expect(page.paging_data).toMatchObject({ total_rows: 3, total_pages: 2, page: 1, next_page: 2 });

    const second = await send(BANK_A, 'GET', \`\${BASE}?rows=2&page=2\`);
    expect(second.json().result.list).toHaveLength(1);

    const found = await send(BANK_A, 'GET', \`\${BASE}?keyword=\${encodeURIComponent('サンプル2')}\`);
    expect(found.json().result.list.map((item: { title: string }) => item.title)).toEqual(['${n.label}のサンプル2']);
    const closed = await send(BANK_A, 'GET', \`\${BASE}?status=closed\`);
    expect(closed.json().result.list.map((item: { title: string }) => item.title)).toEqual(['${n.label}のサンプル3']);
  });

  it('is refused to a company user (403) and to a visitor (401)', async () => {
    expectEnvelopeRefusal(await world.send(BANK_A, 'company_owner', { method: 'GET', url: BASE }), 403);
    expectEnvelopeRefusal(await world.send(BANK_A, 'visitor', { method: 'GET', url: BASE }), 401);
  });
});

describe('commands', () => {
  it('creates a record, reads it back and writes its audit row', async () => {
    const id = await create(BANK_A);
    const read = await send(BANK_A, 'GET', \`\${BASE}/\${id}\`);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().result).toMatchObject({ id, ...FIELDS });
    expect(await auditOf(BANK_A, id)).toEqual([{ action: 'CREATE' }]);
  });

  it('answers 必須入力項目です and the max-length messages under their fields', async () => {
    const empty = expectEnvelopeRefusal(await send(BANK_A, 'POST', BASE, { ...FIELDS, title: '' }), 400);
    expect(empty.errors?.title).toEqual(['必須入力項目です']);
    const long = expectEnvelopeRefusal(
      await send(BANK_A, 'POST', BASE, { ...FIELDS, title: 'あ'.repeat(101), body: 'い'.repeat(2001) }),
      400,
    );
    expect(long.errors?.title).toEqual(['100文字以内で入力してください']);
    expect(long.errors?.body).toEqual(['2000文字以内で入力してください']);
  });

  it('updates a record, and audits the change', async () => {
    const id = await create(BANK_A);
    const changed = { title: '変更後', body: '', status: 'closed' };
    const response = await send(BANK_A, 'PUT', \`\${BASE}/\${id}\`, changed);
    expect(response.statusCode, response.body).toBe(200);
    expect((await send(BANK_A, 'GET', \`\${BASE}/\${id}\`)).json().result).toMatchObject(changed);
    expect(await auditOf(BANK_A, id)).toEqual([{ action: 'CREATE' }, { action: 'UPDATE' }]);
  });

  it('deletes a record, then answers 404 for it', async () => {
    const id = await create(BANK_A);
    const response = await send(BANK_A, 'DELETE', \`\${BASE}/\${id}\`);
    expect(response.statusCode, response.body).toBe(200);
    expectEnvelopeRefusal(await send(BANK_A, 'GET', \`\${BASE}/\${id}\`), 404);
    expect(await auditOf(BANK_A, id)).toEqual([{ action: 'CREATE' }, { action: 'DELETE' }]);
  });

  it("answers 404 to another bank for a record's id, and leaves the record alone", async () => {
    const id = await create(BANK_A);
    expectEnvelopeRefusal(await send(BANK_B, 'GET', \`\${BASE}/\${id}\`), 404);
    expectEnvelopeRefusal(await send(BANK_B, 'PUT', \`\${BASE}/\${id}\`, { ...FIELDS, title: '侵入' }), 404);
    expectEnvelopeRefusal(await send(BANK_B, 'DELETE', \`\${BASE}/\${id}\`), 404);
    expect((await send(BANK_A, 'GET', \`\${BASE}/\${id}\`)).json().result.title).toBe(FIELDS.title);
  });

  it('is refused to a company user (403)', async () => {
    const response = await world.send(BANK_A, 'company_owner', { method: 'POST', url: BASE, payload: FIELDS });
    expectEnvelopeRefusal(response, 403);
  });
});

describe("a record's image", () => {
  const attach = (code: string, id: number, file: { name: string; bytes: Buffer }) => {
    const body = multipartBody({}, file);
    return world.send(code, 'bank_admin', {
      method: 'PUT',
      url: \`\${BASE}/\${id}/image\`,
      payload: body.payload,
      headers: { 'content-type': body.contentType },
    });
  };

  it("takes a PNG told by its bytes, answers it to the bank's staff, and replaces it with the next", async () => {
    const id = await create(BANK_A);
    const first = await attach(BANK_A, id, { name: 'photo.jpg', bytes: TINY_PNG });
    expect(first.statusCode, first.body).toBe(200);
    const image = first.json().result.image as { file_unique_code: string; file_url: string };
    expect(image.file_url).toBe(${n.camel}ImageUrl(image.file_unique_code));
    expect((await send(BANK_A, 'GET', \`\${BASE}/\${id}\`)).json().result.image).toEqual(image);
    const served = await world.send(BANK_A, 'branch_user', { method: 'GET', url: image.file_url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(TINY_PNG)).toBe(true);

    const second = await attach(BANK_A, id, { name: 'next.png', bytes: TINY_PNG });
    expect(second.statusCode, second.body).toBe(200);
    // The old image is gone with its bytes.
    expect((await world.send(BANK_A, 'bank_admin', { method: 'GET', url: image.file_url })).statusCode).toBe(404);
    expect(await auditOf(BANK_A, id)).toEqual([{ action: 'CREATE' }, { action: 'UPDATE' }, { action: 'UPDATE' }]);
  });

  it('refuses a file that is not an image by its content, with the message under file, and keeps the record as it was', async () => {
    const id = await create(BANK_A);
    const refused = expectEnvelopeRefusal(await attach(BANK_A, id, { name: 'image.png', bytes: TINY_PDF }), 422);
    expect(refused.errors?.file).toEqual(['このファイル形式はアップロードできません']);
    expect((await send(BANK_A, 'GET', \`\${BASE}/\${id}\`)).json().result.image).toBeNull();
    const missing = expectEnvelopeRefusal(await send(BANK_A, 'PUT', \`\${BASE}/\${id}/image\`, {}), 400);
    expect(missing.errors?.file).toEqual(['ファイルを選択してください']);
  });

  it('takes the image away, and keeps it from another bank and from company users', async () => {
    const id = await create(BANK_A);
    const image = (await attach(BANK_A, id, { name: 'a.png', bytes: TINY_PNG })).json().result.image as { file_url: string };
    expect((await world.send(BANK_B, 'bank_admin', { method: 'GET', url: image.file_url })).statusCode).toBe(404);
    expect((await world.send(BANK_A, 'company_owner', { method: 'GET', url: image.file_url })).statusCode).toBe(403);
    expectEnvelopeRefusal(await attach(BANK_B, id, { name: 'a.png', bytes: TINY_PNG }), 404);

    const removed = await send(BANK_A, 'DELETE', \`\${BASE}/\${id}/image\`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await send(BANK_A, 'GET', \`\${BASE}/\${id}\`)).json().result.image).toBeNull();
    expect((await world.send(BANK_A, 'bank_admin', { method: 'GET', url: image.file_url })).statusCode).toBe(404);
  });
});

describe('the ${badgeCounter(n)} badge', () => {
  const drafts = async (code: string, userType: 'bank_admin' | 'company_owner' = 'bank_admin') =>
    (await world.send(code, userType, { method: 'GET', url: '/api/v1/badges' })).json().result.${badgeCounter(n)};

  it("counts the bank's drafts for its staff: one more draft, one more; none for a company user", async () => {
    const before = await drafts(BANK_A);
    expect(before).toBeGreaterThanOrEqual(1);
    const id = await create(BANK_A, { ...FIELDS, status: 'draft' });
    expect(await drafts(BANK_A)).toBe(before + 1);
    await send(BANK_A, 'PUT', \`\${BASE}/\${id}\`, FIELDS);
    expect(await drafts(BANK_A)).toBe(before);
    expect(await drafts(BANK_A, 'company_owner')).toBeUndefined();
  });
});
`;
}

export function componentTestFile(n: DomainNames): string {
  return `import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from '#client/lib/router/index.ts';
import { describe, expect, it } from 'vitest';
import { ${n.constant}_LABEL, type ${n.pascal}Fields, type ${n.pascal}Record } from '#server/contracts/${n.kebab}.ts';
import { buildPagingData } from '#server/contracts/paging.ts';
import { OverlaySpinner } from '#client/components/feedback/overlay.tsx';
import { ToastViewport } from '#client/components/feedback/toast.tsx';
import { ${n.camel}Routes } from '#client/features/${n.kebab}/pages.tsx';
import { FIXTURE_BANKS } from '#tests/component/fixtures/app-configs.ts';
import { createProviders, type FakeApi, successAnswer } from '#tests/component/fixtures/render-layout.tsx';
import { fixtureUser } from '#tests/component/fixtures/users.ts';

const BASE = '/api/v1/admin/${n.kebab}';

/** A fake API over a list of records: list (by keyword), create, and read and delete records 1 and 2. */
function fakeRecords(records: ${n.pascal}Record[] = []): FakeApi {
  const byId = (id: number) => ({
    [\`GET \${BASE}/\${id}\`]: () => successAnswer(records.find((record) => record.id === id)),
    [\`DELETE \${BASE}/\${id}\`]: () => {
      records.splice(records.findIndex((record) => record.id === id), 1);
      return successAnswer({ id });
    },
  });
  return {
    [\`GET \${BASE}\`]: (_, url) => {
      const list = records.filter((record) => record.title.includes(url.searchParams.get('keyword') ?? ''));
      return successAnswer({ list, paging_data: buildPagingData(list.length, 1, 25) });
    },
    [\`POST \${BASE}\`]: (body) => {
      const id = records.length + 1;
      records.push({ id, ...(body as ${n.pascal}Fields), body: '', image: null, updated_at: '2026-04-01T01:00:00.000Z' });
      return successAnswer({ id });
    },
    ...byId(1),
    ...byId(2),
  };
}

/** The domain's real routes at \`path\`, for a bank admin of bank 0182, over the fake \`api\`. */
function renderPage(path: string, api: FakeApi) {
  const { Providers } = createProviders({ config: FIXTURE_BANKS[0].config(), user: fixtureUser('bank_admin'), api });
  const router = createMemoryRouter(${n.camel}Routes, { initialEntries: [path] });
  render(
    <Providers>
      <RouterProvider router={router} />
      <ToastViewport />
      <OverlaySpinner />
    </Providers>,
  );
  return router;
}

const listTable = () => screen.findByRole('table', { name: \`\${${n.constant}_LABEL}一覧\` });

describe('/admin/${n.kebab}', () => {
  it('lists a record once created, its title opening its page, and deletes it after asking', async () => {
    const user = userEvent.setup();
    const router = renderPage('/admin/${n.kebab}', fakeRecords());
    expect(await within(await listTable()).findByText('該当するデータがありません')).toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: '新規作成' }));
    await user.type(await screen.findByRole('textbox', { name: /タイトル/ }), '新しい${n.label}');
    await user.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByRole('heading', { name: '新しい${n.label}' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '一覧に戻る' }));
    await user.click(within(await listTable()).getByRole('link', { name: '新しい${n.label}' }));
    expect(router.state.location.pathname).toBe('/admin/${n.kebab}/detail/1');

    await user.click(await screen.findByRole('button', { name: '削除する' }));
    const dialog = await screen.findByRole('dialog', { name: '削除' });
    expect(dialog).toHaveTextContent('「新しい${n.label}」を削除しますか？');
    await user.click(within(dialog).getByRole('button', { name: '削除する' }));
    expect(await screen.findByText('削除しました')).toBeInTheDocument();
    expect(await within(await listTable()).findByText('該当するデータがありません')).toBeInTheDocument();
  });

  it('searches by keyword: only the matching rows stay', async () => {
    const user = userEvent.setup();
    const record = (id: number, title: string): ${n.pascal}Record =>
      ({ id, title, body: '', status: 'active', image: null, updated_at: '2026-04-01T01:00:00.000Z' });
    renderPage('/admin/${n.kebab}', fakeRecords([record(1, 'りんご'), record(2, 'みかん')]));
    expect(within(await listTable()).getAllByRole('row')).toHaveLength(3);
    await user.type(screen.getByRole('searchbox'), 'みかん');
    await user.click(screen.getByRole('button', { name: '検索' }));
    await expect.poll(async () => within(await listTable()).getAllByRole('row')).toHaveLength(2);
    expect(within(await listTable()).getByRole('link', { name: 'みかん' })).toBeInTheDocument();
  });

  it('shows the error the server answers for a field under that field', async () => {
    const user = userEvent.setup();
    renderPage('/admin/${n.kebab}/create', {
      // A refusal the browser cannot foresee (422): its field errors go under their fields.
      [\`POST \${BASE}\`]: () => ({
        status: 422,
        body: { status: 'error', message: '入力内容を確認してください', errors: { title: ['既に使われています'] } },
      }),
    });
    const title = await screen.findByRole('textbox', { name: /タイトル/ });
    await user.type(title, '新しい${n.label}');
    await user.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('既に使われています')).toBeInTheDocument();
    expect(title).toHaveAccessibleDescription('既に使われています');
  });
});
`;
}
