import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type CompanyWebsite,
  type PublicWebsite,
  WEBSITE_MESSAGES,
  WEBSITE_PHOTO_MAX_BYTES,
  uploadWebsitePhotoCall,
} from '#server/contracts/company-website.ts';
import { uploadCompanyLogoCall } from '#server/contracts/company-profile.ts';
import { maxLengthMessage, VALIDATION_MESSAGES } from '#server/contracts/validation.ts';
import { websitePhotoStorageKeyOf } from '#server/api/websites/website-photo-files.ts';
import { publishedSiteObject } from '#server/api/websites/website-routes.ts';
import { auditEvents, companies, companyWebsites } from '#server/db/schema.ts';
import { demoUniqueCode } from '#server/db/seeds/seed-context.ts';
import { createFileStorage } from '#server/storage/create-file-storage.ts';
import { multipartBody, TINY_PDF, TINY_PNG, type UploadFile } from '#tests/support/identification-upload.ts';
import { apiGet, gatewayHost, gatewayOrigin } from '#tests/support/login.ts';
import { type Actor, startWorld, type World } from '#tests/support/world.ts';

const BANK = '0182';
const OTHER_BANK = '0158';
const EDITOR = '/api/v1/website';
const SAVE = '/api/v1/website/save';
const PHOTOS = uploadWebsitePhotoCall.path;
const SEARCH = '/api/v1/company/search';

const STAFF = ['system_admin', 'bank_admin', 'branch_admin', 'branch_user'] as const;
/** The accounts that hold company_setting_website_write by default (account-type-rows.ts). */
const WRITERS = ['company_owner', 'company_user', 'partner_company_owner'] as const;

/** The demo companies: the owner's (no site yet) and the partner's (a published site, seeded). */
const codeOf = (key: 'sakura-seiko' | 'mirai-tech', bank = BANK) => demoUniqueCode(bank, 'company', key);
const publicPath = (companyCode: string) => `/api/v1/hp/${companyCode}`;

/** The editor's form filled in (published, recruitment too), with `changes`. */
const siteForm = (changes: Record<string, unknown> = {}) => ({
  website_title: 'さくら精工のホームページ',
  website_about_html: '<p>精密部品の切削加工を行っています。</p>',
  website_products_html: '<h2>切削部品</h2><p>アルミ・ステンレス</p>',
  website_recruitment_html: '<p>製造スタッフを募集しています。</p>',
  website_is_published: true,
  website_recruitment_is_published: true,
  ...changes,
});

let world: World;

beforeAll(async () => {
  world = await startWorld({ banks: [BANK, OTHER_BANK] });
}, 120_000);
afterAll(async () => {
  await world?.close();
});

const get = async (code: string, actor: Actor, url: string) =>
  apiGet(world.app, code, await world.cookieOf(code, actor), url);
const save = (code: string, actor: Actor, payload: object) =>
  world.send(code, actor, { method: 'POST', url: SAVE, payload });

/** A multipart upload as the editor page sends it: same origin, X-Requested-With. */
async function upload(code: string, actor: Actor, url: string, file?: UploadFile) {
  const body = multipartBody({}, file);
  return world.app.inject({
    method: 'POST',
    url,
    headers: {
      host: gatewayHost(code),
      origin: gatewayOrigin(code),
      'x-requested-with': 'XMLHttpRequest',
      cookie: await world.cookieOf(code, actor),
      'content-type': body.contentType,
    },
    payload: body.payload,
  });
}
const png = (name = 'photo.png'): UploadFile => ({ name, bytes: TINY_PNG, contentType: 'image/png' });

/** The site row of a demo company, or undefined. */
async function siteRow(key: 'sakura-seiko' | 'mirai-tech', bank = BANK) {
  return world.db.withBank(bank, async (tx) => {
    const [company] = await tx
      .select({ id: companies.company_id })
      .from(companies)
      .where(eq(companies.company_unique_code, codeOf(key, bank)));
    const [row] = await tx.select().from(companyWebsites).where(eq(companyWebsites.company_id, company!.id));
    return row;
  });
}

const setCompanyFlags = (
  key: 'sakura-seiko' | 'mirai-tech',
  flags: { company_is_disabled?: boolean; company_is_unsubscribed?: boolean },
) =>
  world.db.withBank(BANK, (tx) =>
    tx
      .update(companies)
      .set(flags)
      .where(eq(companies.company_unique_code, codeOf(key))),
  );

async function lastAudit(code: string) {
  const [row] = await world.db.withBank(code, (tx) =>
    tx
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.target_type, 'websites'))
      .orderBy(desc(auditEvents.id))
      .limit(1),
  );
  return row;
}

/** The owner's site saved as `siteForm(changes)`; fails the test if the save is refused. */
async function saveOwnersSite(changes: Record<string, unknown> = {}, bank = BANK) {
  const answer = await save(bank, 'company_owner', siteForm(changes));
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json().result as CompanyWebsite;
}

const publicSite = (bank: string, actor: Actor, companyCode: string) =>
  get(bank, actor, publicPath(companyCode));

describe('GET /api/v1/website', () => {
  it.each([BANK, OTHER_BANK])(
    'answers a company without a site an empty, unpublished one titled with its name, on bank %s',
    async (bank) => {
      const answer = await get(bank, 'company_owner', EDITOR);
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.json().result).toEqual({
        company_unique_code: codeOf('sakura-seiko', bank),
        company_name: 'さくら精工株式会社',
        website_title: 'さくら精工株式会社',
        website_about_html: '',
        website_products_html: '',
        website_recruitment_html: '',
        website_photos: [],
        website_is_published: false,
        website_recruitment_is_published: false,
        website_published_at: null,
        website_updated_at: null,
      } satisfies CompanyWebsite);
      // Reading makes no row.
      expect(await siteRow('sakura-seiko', bank)).toBeUndefined();
    },
  );

  it('answers the partner owner the demo data’s published site of their company', async () => {
    const answer = await get(BANK, 'partner_company_owner', EDITOR);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().result).toMatchObject({
      company_unique_code: codeOf('mirai-tech'),
      website_is_published: true,
      website_recruitment_is_published: true,
      website_published_at: expect.any(String),
    });
  });

  it('answers the owner, the business user and the partner owner; refuses an employee and bank staff with 403, a visitor with 401', async () => {
    for (const actor of WRITERS) expect((await get(BANK, actor, EDITOR)).statusCode, actor).toBe(200);
    for (const actor of ['company_employee', ...STAFF] as const) {
      const answer = await get(BANK, actor, EDITOR);
      expect(answer.statusCode, `${actor}: ${answer.body}`).toBe(403);
      expect(answer.json()).toMatchObject({ status: 'error', message: '権限がありません' });
      expect(answer.body).not.toMatch(/"result"/);
    }
    expect((await get(BANK, 'visitor', EDITOR)).statusCode).toBe(401);
  });
});

describe('POST /api/v1/website/save', () => {
  it('makes the owner’s site in one save, audited CREATE by the company’s code, then UPDATE', async () => {
    const saved = await saveOwnersSite({
      website_is_published: false,
      website_recruitment_is_published: false,
    });
    expect(saved).toMatchObject({
      company_unique_code: codeOf('sakura-seiko'),
      website_title: 'さくら精工のホームページ',
      website_about_html: '<p>精密部品の切削加工を行っています。</p>',
      website_is_published: false,
      website_published_at: null,
      website_updated_at: expect.any(String),
    });
    const owner = await world.userIdOf(BANK, 'company_owner');
    expect(await lastAudit(BANK)).toMatchObject({
      action: 'CREATE',
      target_type: 'websites',
      target_id: codeOf('sakura-seiko'),
      actor_user_id: owner,
    });
    expect((await get(BANK, 'company_owner', EDITOR)).json().result).toEqual(saved);

    const published = await saveOwnersSite();
    expect(published.website_is_published).toBe(true);
    expect(published.website_published_at).toEqual(expect.any(String));
    expect(await lastAudit(BANK)).toMatchObject({ action: 'UPDATE', target_id: codeOf('sakura-seiko') });
    expect((await siteRow('sakura-seiko'))?.website_updated_by).toBe(owner);
  });

  it('keeps the first publication time while the site stays published, and audits withdrawing it as CLOSE', async () => {
    const first = await saveOwnersSite();
    const again = await saveOwnersSite({ website_title: '新しいタイトル' });
    expect(again.website_published_at).toBe(first.website_published_at);
    const withdrawn = await saveOwnersSite({ website_is_published: false });
    expect(withdrawn.website_is_published).toBe(false);
    expect(await lastAudit(BANK)).toMatchObject({ action: 'CLOSE' });
    expect((await publicSite(BANK, 'visitor', codeOf('sakura-seiko'))).statusCode).toBe(404);
  });

  it.each(WRITERS)('lets the %s save the company’s site', async (actor) => {
    const answer = await save(BANK, actor, siteForm({ website_title: `${actor}のタイトル` }));
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().result.website_title).toBe(`${actor}のタイトル`);
  });

  it('refuses an employee and bank staff with 403 and saves nothing', async () => {
    const before = await siteRow('sakura-seiko');
    for (const actor of ['company_employee', ...STAFF] as const) {
      const answer = await save(BANK, actor, siteForm({ website_title: '乗っ取り' }));
      expect(answer.statusCode, `${actor}: ${answer.body}`).toBe(403);
    }
    expect(await siteRow('sakura-seiko')).toEqual(before);
  });

  it('answers 400 with each field’s message and saves nothing', async () => {
    const before = await siteRow('sakura-seiko');
    const cases: [Record<string, unknown>, Record<string, string[]>][] = [
      [{ website_title: '' }, { website_title: [VALIDATION_MESSAGES.required] }],
      [{ website_title: '　 ' }, { website_title: [VALIDATION_MESSAGES.required] }],
      [{ website_title: 'あ'.repeat(101) }, { website_title: [maxLengthMessage(100)] }],
      [{ website_title: undefined }, { website_title: [VALIDATION_MESSAGES.required] }],
      [
        { website_about_html: `<p>${'あ'.repeat(20000)}</p>` },
        { website_about_html: [maxLengthMessage(20000)] },
      ],
      [{ website_products_html: 'あ'.repeat(20001) }, { website_products_html: [maxLengthMessage(20000)] }],
      [
        { website_recruitment_html: 'あ'.repeat(20001), website_recruitment_is_published: false },
        { website_recruitment_html: [maxLengthMessage(20000)] },
      ],
      [{ website_about_html: '<p></p>' }, { website_about_html: [WEBSITE_MESSAGES.aboutRequiredToPublish] }],
      [{ website_about_html: '' }, { website_about_html: [WEBSITE_MESSAGES.aboutRequiredToPublish] }],
      [
        { website_recruitment_html: '  ' },
        { website_recruitment_html: [WEBSITE_MESSAGES.recruitmentRequiredToPublish] },
      ],
      [{ website_title: '精工\u0000' }, { website_title: [VALIDATION_MESSAGES.unstorableCharacter] }],
      [
        { website_about_html: '<p>\ud800</p>' },
        { website_about_html: [VALIDATION_MESSAGES.unstorableCharacter] },
      ],
      [{ website_is_published: 'yes' }, { website_is_published: [VALIDATION_MESSAGES.invalidFormat] }],
      [
        { website_photo_removals: Array.from({ length: 7 }, (_, index) => `${index}`.repeat(32)) },
        { website_photo_removals: [WEBSITE_MESSAGES.tooManyPhotos] },
      ],
      [
        { website_photo_removals: ['../etc/passwd'] },
        { 'website_photo_removals.0': [VALIDATION_MESSAGES.invalidFormat] },
      ],
    ];
    for (const [changes, errors] of cases) {
      const answer = await save(BANK, 'company_owner', siteForm(changes));
      expect(answer.statusCode, `${JSON.stringify(changes).slice(0, 80)}: ${answer.body.slice(0, 300)}`).toBe(
        400,
      );
      expect(answer.json().errors, JSON.stringify(changes).slice(0, 80)).toEqual(errors);
    }
    expect(await siteRow('sakura-seiko')).toEqual(before);
  });

  it('takes an unpublished site without its sections, and a recruitment flag off without its text', async () => {
    const saved = await saveOwnersSite({
      website_about_html: '',
      website_products_html: null,
      website_recruitment_html: '',
      website_is_published: false,
      website_recruitment_is_published: false,
    });
    expect(saved).toMatchObject({
      website_about_html: '',
      website_products_html: '',
      website_recruitment_html: '',
    });
  });

  it('refuses a body that is not an object, and unknown odd fields change nothing', async () => {
    for (const payload of ['[]', '"text"', '{"website_title":']) {
      const answer = await world.send(BANK, 'company_owner', { method: 'POST', url: SAVE, payload });
      expect(answer.statusCode, payload).toBe(400);
      expect(answer.json().status).toBe('error');
    }
    const otherCompany = await siteRow('mirai-tech');
    // The company is always the logged-in user's, whatever the body names.
    const answer = await save(
      BANK,
      'company_owner',
      siteForm({ company_id: 1, company_unique_code: codeOf('mirai-tech') }),
    );
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().result.company_unique_code).toBe(codeOf('sakura-seiko'));
    expect(await siteRow('mirai-tech')).toEqual(otherCompany);
  });

  it('keeps only the sanitised HTML: a script, an event handler and a javascript: link are gone, stored and answered', async () => {
    const dirty =
      '<p onclick="alert(1)">会社紹介<script>alert("x")</script></p>' +
      '<img src="x" onerror="alert(2)"><a href="javascript:alert(3)">リンク</a>' +
      '<iframe src="https://evil.example"></iframe><p style="color:red">赤</p>';
    const saved = await saveOwnersSite({
      website_about_html: dirty,
      website_products_html: '<b onmouseover="x()">太字</b>',
    });
    expect(saved.website_about_html).toBe('<p>会社紹介</p>リンク<p>赤</p>');
    expect(saved.website_products_html).toBe('<b>太字</b>');
    expect((await siteRow('sakura-seiko'))?.website_about_html).toBe('<p>会社紹介</p>リンク<p>赤</p>');
    const shown = (await publicSite(BANK, 'visitor', codeOf('sakura-seiko'))).json().result as PublicWebsite;
    for (const html of [
      shown.website_about_html,
      shown.website_products_html,
      shown.website_recruitment_html ?? '',
    ])
      expect(html).not.toMatch(/script|onerror|onclick|onmouseover|javascript:|iframe|style=/i);
    expect(shown.website_about_html).toBe('<p>会社紹介</p>リンク<p>赤</p>');
  });

  it('refuses (422) to publish a site whose 会社紹介 or 採用情報 is nothing but script once sanitised', async () => {
    const before = await siteRow('sakura-seiko');
    const answer = await save(
      BANK,
      'company_owner',
      siteForm({
        website_about_html: '<script>alert(1)</script>',
        website_recruitment_html: '<p><iframe src="https://evil.example">x</iframe></p>',
      }),
    );
    // 422: the form's check passed; the sanitised sections are what is refused, each under its field.
    expect(answer.statusCode, answer.body).toBe(422);
    expect(answer.json()).toMatchObject({
      message: WEBSITE_MESSAGES.aboutRequiredToPublish,
      errors: {
        website_about_html: [WEBSITE_MESSAGES.aboutRequiredToPublish],
        website_recruitment_html: [WEBSITE_MESSAGES.recruitmentRequiredToPublish],
      },
    });
    expect(await siteRow('sakura-seiko')).toEqual(before);
  });
});

describe('GET /api/v1/hp/{company_unique_code}: the public site', () => {
  it('shows a visitor the demo data’s published site on each bank, recruitment included, cacheable for a minute', async () => {
    for (const bank of [BANK, OTHER_BANK]) {
      const answer = await publicSite(bank, 'visitor', codeOf('mirai-tech', bank));
      expect(answer.statusCode, answer.body).toBe(200);
      const site = answer.json().result as PublicWebsite;
      expect(site).toMatchObject({
        company_unique_code: codeOf('mirai-tech', bank),
        company_name: '株式会社ミライテック・ソリューションズ',
        company_logo_url: null,
        // (The partner owner of 0182 has saved their site above; 0158's is as the demo data wrote it.)
        website_title:
          bank === OTHER_BANK ? '株式会社ミライテック・ソリューションズへようこそ' : expect.any(String),
        website_photos: [],
        website_is_published: true,
      });
      expect(site.website_recruitment_html).toEqual(expect.any(String));
      if (bank === OTHER_BANK) {
        expect(site.website_about_html).toContain('<h2>私たちの強み</h2>');
        expect(site.website_recruitment_html).toContain('システムエンジニア');
      }
      expect(answer.headers['cache-control']).toBe('public, max-age=60');
      expect(answer.headers.vary).toMatch(/cookie/i);
      expect(answer.headers['set-cookie']).toBeUndefined();
    }
  });

  it('is never cached for a logged-in user, who sees the same published site', async () => {
    const answer = await publicSite(BANK, 'company_employee', codeOf('mirai-tech'));
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['cache-control']).toBe('private, no-cache');
  });

  it('leaves the recruitment section out while its flag is off', async () => {
    await saveOwnersSite({ website_recruitment_is_published: false });
    const site = (await publicSite(BANK, 'visitor', codeOf('sakura-seiko'))).json().result as PublicWebsite;
    expect(site.website_recruitment_html).toBeNull();
    await saveOwnersSite({ website_recruitment_is_published: true });
    const again = (await publicSite(BANK, 'visitor', codeOf('sakura-seiko'))).json().result as PublicWebsite;
    expect(again.website_recruitment_html).toBe('<p>製造スタッフを募集しています。</p>');
  });

  it('answers 404 for an unpublished site to visitors and other users; the company’s editors get it as a preview', async () => {
    await saveOwnersSite({ website_is_published: false });
    const code = codeOf('sakura-seiko');
    for (const actor of ['visitor', 'company_employee', 'partner_company_owner', 'bank_admin'] as const) {
      const answer = await publicSite(BANK, actor, code);
      expect(answer.statusCode, actor).toBe(404);
      expect(answer.body).not.toMatch(/"result"/);
    }
    for (const actor of ['company_owner', 'company_user'] as const) {
      const answer = await publicSite(BANK, actor, code);
      expect(answer.statusCode, actor).toBe(200);
      expect(answer.json().result.website_is_published).toBe(false);
      expect(answer.headers['cache-control']).toBe('private, no-cache');
    }
    await saveOwnersSite();
  });

  it('answers 404 for a company without a site, and for a disabled or departed company’s site', async () => {
    expect((await publicSite(OTHER_BANK, 'visitor', codeOf('sakura-seiko', OTHER_BANK))).statusCode).toBe(
      404,
    );
    expect((await publicSite(BANK, 'visitor', 'no-such-company')).statusCode).toBe(404);
    const code = codeOf('mirai-tech');
    for (const flags of [{ company_is_disabled: true }, { company_is_unsubscribed: true }]) {
      await setCompanyFlags('mirai-tech', flags);
      expect((await publicSite(BANK, 'visitor', code)).statusCode, JSON.stringify(flags)).toBe(404);
      await setCompanyFlags('mirai-tech', { company_is_disabled: false, company_is_unsubscribed: false });
    }
    expect((await publicSite(BANK, 'visitor', code)).statusCode).toBe(200);
  });

  it('never serves a 0182 site on the 0158 host (404), to a visitor or a 0158 user', async () => {
    for (const code of [codeOf('mirai-tech'), codeOf('sakura-seiko')]) {
      for (const actor of ['visitor', 'company_owner', 'bank_admin'] as const) {
        const answer = await publicSite(OTHER_BANK, actor, code);
        expect(answer.statusCode, `${code} as ${actor}`).toBe(404);
        expect(answer.body).not.toMatch(/"result"/);
      }
    }
  });

  it('names its object so the security walk finds a published site of the demo data (tests/api/security)', async () => {
    const { table, column, where } = publishedSiteObject;
    const rows = await world.db.withBank(BANK, (tx) =>
      tx.execute(
        sql`select ${sql.identifier(column)}::text as id from ${sql.identifier(table)} ${sql.raw(`where ${where}`)} limit 1`,
      ),
    );
    expect(rows.rows).toHaveLength(1);
  });

  it('answers 400 to a code that cannot be one', async () => {
    for (const odd of ['a%00b', 'x'.repeat(33), '%E3%81%82', 'a.b']) {
      const answer = await publicSite(BANK, 'visitor', odd);
      expect(answer.statusCode, odd).toBe(400);
      expect(answer.json().status).toBe('error');
    }
  });
});

describe('the photos', () => {
  const storage = () => createFileStorage(world.app.config);
  const photosOfRow = async () => (await siteRow('sakura-seiko'))?.website_photo_file_codes ?? [];

  it('takes a PNG from each writer and shows it on the public site, cacheable for five minutes', async () => {
    await saveOwnersSite({ website_photo_removals: await photosOfRow() });
    for (const actor of WRITERS) {
      const answer = await upload(BANK, actor, PHOTOS, png());
      expect(answer.statusCode, `${actor}: ${answer.body}`).toBe(200);
      const { photo, website_photos: photos } = answer.json().result;
      expect(photo.file_unique_code).toMatch(/^[0-9a-f]{32}$/);
      expect(photo.file_url).toBe(
        `/api/v1/hp/${codeOf(actor === 'partner_company_owner' ? 'mirai-tech' : 'sakura-seiko')}/photo/${photo.file_unique_code}`,
      );
      expect(photos.at(-1)).toEqual(photo);
      const image = await get(BANK, 'visitor', photo.file_url);
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe('image/png');
      expect(image.headers['content-disposition']).toMatch(/^inline;/);
      expect(image.headers['x-content-type-options']).toBe('nosniff');
      expect(image.headers['cache-control']).toBe('public, max-age=300');
      expect(image.rawPayload.equals(TINY_PNG)).toBe(true);
    }
    expect(await photosOfRow()).toHaveLength(2);
    expect(await lastAudit(BANK)).toMatchObject({ action: 'UPDATE', target_id: codeOf('mirai-tech') });
    const site = (await publicSite(BANK, 'visitor', codeOf('sakura-seiko'))).json().result as PublicWebsite;
    expect(site.website_photos).toHaveLength(2);
  });

  it('refuses a seventh photo with 422 and keeps no bytes of it', async () => {
    while ((await photosOfRow()).length < 6)
      expect((await upload(BANK, 'company_owner', PHOTOS, png())).statusCode).toBe(200);
    const answer = await upload(BANK, 'company_owner', PHOTOS, png());
    expect(answer.statusCode, answer.body).toBe(422);
    expect(answer.json()).toMatchObject({
      message: WEBSITE_MESSAGES.tooManyPhotos,
      errors: { file: [WEBSITE_MESSAGES.tooManyPhotos] },
    });
    expect(WEBSITE_MESSAGES.tooManyPhotos).toBe('写真は6枚まで登録できます');
    expect(await photosOfRow()).toHaveLength(6);
  });

  it('removes the photos a save names, bytes and all; a code it does not hold is ignored', async () => {
    const [first, second, ...rest] = await photosOfRow();
    const saved = await saveOwnersSite({ website_photo_removals: [first, second, 'f'.repeat(32)] });
    expect(saved.website_photos.map((photo) => photo.file_unique_code)).toEqual(rest);
    expect(await photosOfRow()).toEqual(rest);
    expect(await storage().get(websitePhotoStorageKeyOf(BANK, first!))).toBeUndefined();
    expect(
      (await get(BANK, 'visitor', `/api/v1/hp/${codeOf('sakura-seiko')}/photo/${first}`)).statusCode,
    ).toBe(404);
    expect(await storage().get(websitePhotoStorageKeyOf(BANK, rest[0]!))).toBeDefined();
  });

  it('refuses a text file and a PDF by their content, an image over 2 MB (422), and no file (400)', async () => {
    const before = await photosOfRow();
    for (const file of [
      { name: 'photo.png', bytes: Buffer.from('これは画像ではありません\n'), contentType: 'image/png' },
      { name: 'photo.pdf', bytes: TINY_PDF, contentType: 'application/pdf' },
    ]) {
      const answer = await upload(BANK, 'company_owner', PHOTOS, file);
      expect(answer.statusCode, answer.body).toBe(422);
      expect(answer.json().errors).toEqual({ file: [WEBSITE_MESSAGES.photoTypeRefused] });
    }
    const big = Buffer.concat([TINY_PNG, Buffer.alloc(WEBSITE_PHOTO_MAX_BYTES + 1 - TINY_PNG.length)]);
    const over = await upload(BANK, 'company_owner', PHOTOS, { name: 'big.png', bytes: big });
    expect(over.statusCode, over.body).toBe(422);
    expect(over.json().errors).toEqual({ file: ['ファイルサイズは2MB以内にしてください'] });
    const missing = await upload(BANK, 'company_owner', PHOTOS);
    expect(missing.statusCode, missing.body).toBe(400);
    expect(missing.json().errors).toEqual({ file: [WEBSITE_MESSAGES.photoMissing] });
    expect(await photosOfRow()).toEqual(before);
  });

  it('refuses the upload to an employee and bank staff (403) and to a visitor (401)', async () => {
    const before = await photosOfRow();
    for (const actor of ['company_employee', ...STAFF] as const)
      expect((await upload(BANK, actor, PHOTOS, png())).statusCode, actor).toBe(403);
    expect((await upload(BANK, 'visitor', PHOTOS, png())).statusCode).toBe(401);
    expect(await photosOfRow()).toEqual(before);
  });

  it('shows an unpublished site’s photos to its editors only, and a photo to no other bank', async () => {
    const [photo] = await photosOfRow();
    const url = `/api/v1/hp/${codeOf('sakura-seiko')}/photo/${photo}`;
    await saveOwnersSite({ website_is_published: false });
    expect((await get(BANK, 'visitor', url)).statusCode).toBe(404);
    expect((await get(BANK, 'company_employee', url)).statusCode).toBe(404);
    const preview = await get(BANK, 'company_owner', url);
    expect(preview.statusCode).toBe(200);
    expect(preview.headers['cache-control']).toBe('private, no-cache');
    await saveOwnersSite();
    expect((await get(BANK, 'visitor', url)).statusCode).toBe(200);
    for (const actor of ['visitor', 'company_owner'] as const) {
      const otherBank = await get(OTHER_BANK, actor, url);
      expect(otherBank.statusCode, actor).toBe(404);
      expect(otherBank.rawPayload.equals(TINY_PNG)).toBe(false);
    }
    // Another site's path does not answer this site's photo; nor does a code that is none.
    expect((await get(BANK, 'visitor', `/api/v1/hp/${codeOf('mirai-tech')}/photo/${photo}`)).statusCode).toBe(
      404,
    );
    expect(
      (await get(BANK, 'visitor', `/api/v1/hp/${codeOf('sakura-seiko')}/photo/not-a-code`)).statusCode,
    ).toBe(404);
  });
});

describe('the company’s logo on its site', () => {
  it('is answered publicly under the site’s path while published, though the logo’s own route needs a login', async () => {
    const uploaded = await upload(BANK, 'company_owner', uploadCompanyLogoCall.path, png('logo.png'));
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const logo = uploaded.json().result as { file_unique_code: string; file_url: string };
    const site = (await publicSite(BANK, 'visitor', codeOf('sakura-seiko'))).json().result as PublicWebsite;
    expect(site.company_logo_url).toBe(`/api/v1/hp/${codeOf('sakura-seiko')}/logo/${logo.file_unique_code}`);
    const image = await get(BANK, 'visitor', site.company_logo_url!);
    expect(image.statusCode).toBe(200);
    expect(image.rawPayload.equals(TINY_PNG)).toBe(true);
    expect((await get(BANK, 'visitor', logo.file_url)).statusCode).toBe(401);
    // Only the company's own, current logo; nothing on another bank's host.
    expect(
      (await get(BANK, 'visitor', `/api/v1/hp/${codeOf('mirai-tech')}/logo/${logo.file_unique_code}`))
        .statusCode,
    ).toBe(404);
    expect((await get(OTHER_BANK, 'visitor', site.company_logo_url!)).statusCode).toBe(404);
    await saveOwnersSite({ website_is_published: false });
    expect((await get(BANK, 'visitor', site.company_logo_url!)).statusCode).toBe(404);
    await saveOwnersSite();
  });
});

describe('the bank’s company list', () => {
  interface ListItem {
    company_unique_code: string;
    homepage_published: boolean;
    recruitment_published: boolean;
  }
  async function figuresOf(bank: string) {
    const answer = await world.send(bank, 'bank_admin', {
      method: 'POST',
      url: SEARCH,
      payload: { rows: 500 },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const list = answer.json().result.list as ListItem[];
    const of = (key: 'sakura-seiko' | 'mirai-tech') => {
      const item = list.find((row) => row.company_unique_code === codeOf(key, bank))!;
      return [item.homepage_published, item.recruitment_published];
    };
    return { of, list };
  }

  it('counts ホームページ公開 for a published site and 求人 only when its recruitment is published too', async () => {
    expect((await figuresOf(OTHER_BANK)).of('mirai-tech')).toEqual([true, true]);
    expect((await figuresOf(OTHER_BANK)).of('sakura-seiko')).toEqual([false, false]);

    await saveOwnersSite({ website_recruitment_is_published: false });
    expect((await figuresOf(BANK)).of('sakura-seiko')).toEqual([true, false]);
    await saveOwnersSite();
    expect((await figuresOf(BANK)).of('sakura-seiko')).toEqual([true, true]);
    // Recruitment ticked on a site that is not published is shown nowhere, so it is not counted.
    await saveOwnersSite({ website_is_published: false });
    expect((await figuresOf(BANK)).of('sakura-seiko')).toEqual([false, false]);
    await saveOwnersSite();
    // Another bank's sites are never counted: 0158's owner has not published.
    expect((await figuresOf(OTHER_BANK)).of('sakura-seiko')).toEqual([false, false]);
  });

  it('sorts by ホームページ公開, the published first', async () => {
    const answer = await world.send(BANK, 'bank_admin', {
      method: 'POST',
      url: SEARCH,
      payload: { rows: 500, sort: { column: 'homepage_published', order: 1 } },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const list = answer.json().result.list as ListItem[];
    const published = list.filter((item) => item.homepage_published).map((item) => item.company_unique_code);
    expect(published.sort()).toEqual([codeOf('mirai-tech'), codeOf('sakura-seiko')].sort());
    expect(list.slice(0, 2).every((item) => item.homepage_published)).toBe(true);
  });
});
