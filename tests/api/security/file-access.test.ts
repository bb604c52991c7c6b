import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attachFilesToArticle } from '#server/api/news/article-files.ts';
import { callPath } from '#server/contracts/call.ts';
import { uploadCompanyLogoCall } from '#server/contracts/company-profile.ts';
import { uploadWebsitePhotoCall, websiteLogoUrl } from '#server/contracts/company-website.ts';
import { japanDateString } from '#server/contracts/japan-day.ts';
import { uploadNeedImageCall } from '#server/contracts/matching.ts';
import { uploadArticleFileCall } from '#server/contracts/news-files.ts';
import { IDENTIFICATION_FILES_PATH } from '#server/contracts/registration-identification.ts';
import { uploadServiceOfferImageCall } from '#server/contracts/service-offer.ts';
import { USER_PICTURE_FILES_PATH, uploadUserProfilePictureCall } from '#server/contracts/user-profile.ts';
import { serviceOffers } from '#server/db/schema.ts';
import { insertArticle, revokePermission } from '#tests/api/news/company-fixtures.ts';
import {
  multipartBody,
  TINY_PDF,
  TINY_PNG,
  type UploadFile,
  uploadIdentification,
} from '#tests/support/identification-upload.ts';
import { apiGet, gatewayHost } from '#tests/support/login.ts';
import { APPLICATION_STEPS } from '#tests/support/registration-application.ts';
import type { Actor, World } from '#tests/support/world.ts';
import { BANK_A, BANK_B, startSecurityWorld } from './security-world.ts';

/**
 * Files follow their object's rights (issue 28, item 4): every route that answers a stored file
 * answers it to whoever may open the object it belongs to — the same rule as the object's read
 * call — and 404 (401 without a login, 403 to the wrong side) to anyone else: another bank's users
 * and the bank's own users without the permission. The files meant for everyone (a published
 * homepage's photos, public news' files) say so below.
 */

let world: World;

beforeAll(async () => {
  world = await startSecurityWorld();
  // Bank A has taken columns and the benefits away from its employees, before any of them logged in.
  await revokePermission(world.app, BANK_A, ['company_employee'], 'company_column_read');
  await revokePermission(world.app, BANK_A, ['company_employee'], 'company_coupon_read');
}, 120_000);
afterAll(async () => {
  await world?.close();
});

type Asker = readonly [bank: string, actor: Actor];

async function upload(actor: Actor, url: string, file: UploadFile, fields: Record<string, string> = {}) {
  const body = multipartBody(fields, file);
  const answer = await world.send(BANK_A, actor, {
    method: 'POST',
    url,
    payload: body.payload,
    headers: { 'content-type': body.contentType },
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json().result;
}

async function created(actor: Actor, url: string, payload: object) {
  const answer = await world.send(BANK_A, actor, { method: 'POST', url, payload });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json().result;
}

/** The status each asker gets for `url`, on their own bank's host. */
async function statusesOf(url: string, askers: readonly Asker[]): Promise<Record<string, number>> {
  const statuses: Record<string, number> = {};
  for (const [bank, actor] of askers) {
    const answer = await apiGet(world.app, bank, await world.cookieOf(bank, actor), url);
    statuses[`${bank} ${actor}`] = answer.statusCode;
  }
  return statuses;
}

/** Expects each asker's status: `expected` maps "bank actor" to the status. */
async function expectStatuses(url: string, expected: Record<string, number>) {
  const askers = Object.keys(expected).map((key) => key.split(' ') as unknown as Asker);
  expect(await statusesOf(url, askers)).toEqual(expected);
}

const PNG: UploadFile = { name: 'image.png', bytes: TINY_PNG, contentType: 'image/png' };

describe('a need image (GET /api/v1/ca/{need}/images/{code}): the need’s rights', () => {
  const needFields = (reach: 'bank' | 'nationwide') => ({
    need_title: `画像つきのニーズ（${reach}）`,
    need_category: 'sell',
    need_industry_codes: ['09'],
    need_area_codes: ['13'],
    need_body: '画像の読める人を確かめます。',
    need_period_start: japanDateString(),
    need_period_end: '',
    need_visibility: 1,
    need_reach: reach,
  });
  const needWithImage = async (reach: 'bank' | 'nationwide') => {
    const need = await created('company_owner', '/api/v1/mybusiness/needs', needFields(reach));
    const saved = await upload(
      'company_owner',
      callPath(uploadNeedImageCall, { ca_unique_code: need.ca_unique_code }),
      PNG,
    );
    return saved.need_images.at(-1).file_url as string;
  };

  it('answers a nationwide need’s image to the readers of the need only, of either bank', async () => {
    await expectStatuses(await needWithImage('nationwide'), {
      // Its own company's users who may open their own needs.
      [`${BANK_A} company_owner`]: 200,
      [`${BANK_A} company_user`]: 200,
      // The readers the published need reaches: another company of the bank, the network's.
      [`${BANK_A} partner_company_owner`]: 200,
      [`${BANK_B} company_owner`]: 200,
      [`${BANK_B} partner_company_owner`]: 200,
      // Employees have no matching rights (the need's detail is 403 to them): not its image either,
      // not even of their own company's need.
      [`${BANK_A} company_employee`]: 404,
      [`${BANK_B} company_employee`]: 404,
      [`${BANK_A} visitor`]: 401,
      [`${BANK_A} bank_admin`]: 403,
      [`${BANK_B} bank_admin`]: 403,
    });
  });

  it('keeps a need for the bank’s own companies from another bank’s readers', async () => {
    await expectStatuses(await needWithImage('bank'), {
      [`${BANK_A} company_owner`]: 200,
      [`${BANK_A} partner_company_owner`]: 200,
      [`${BANK_B} company_owner`]: 404,
      [`${BANK_B} partner_company_owner`]: 404,
      [`${BANK_A} company_employee`]: 404,
    });
  });

  it('matches the need’s detail call for each asker', async () => {
    const url = await needWithImage('nationwide');
    const needCode = url.split('/')[4];
    const detail = await statusesOf(`/api/v1/ca/${needCode}`, [
      [BANK_A, 'company_employee'],
      [BANK_B, 'company_employee'],
      [BANK_B, 'company_owner'],
    ]);
    expect(detail).toEqual({
      [`${BANK_A} company_employee`]: 403,
      [`${BANK_B} company_employee`]: 403,
      [`${BANK_B} company_owner`]: 200,
    });
  });
});

describe('a coupon image (GET /api/v1/cso/{offer}/image/{code}): the offer’s rights', () => {
  const offerFields = {
    cso_title: '画像つきのクーポン',
    cso_body: '画像の読める人を確かめます。',
    cso_category: 'business',
    cso_benefit: '初月無料',
    cso_target: '法人のお客さま',
    cso_publish_start: japanDateString(),
    cso_publish_end: japanDateString(new Date(Date.now() + 30 * 86_400_000)),
  };

  it('answers an offer in review to its company’s coupon editors and the reviewing staff', async () => {
    const offer = await created('company_owner', '/api/v1/setting/cso/save', offerFields);
    const saved = await upload(
      'company_owner',
      callPath(uploadServiceOfferImageCall, { cso_unique_code: offer.cso_unique_code }),
      PNG,
    );
    await expectStatuses(saved.cso_image.file_url, {
      [`${BANK_A} company_owner`]: 200,
      [`${BANK_A} company_user`]: 200,
      [`${BANK_A} bank_admin`]: 200,
      // An employee of the offering company may not open its own offers (company_setting_coupon_write).
      [`${BANK_A} company_employee`]: 404,
      [`${BANK_A} partner_company_owner`]: 404,
      [`${BANK_B} company_owner`]: 404,
      [`${BANK_B} bank_admin`]: 404,
      [`${BANK_A} visitor`]: 401,
    });
  });

  it('answers a published offer to the bank’s readers of the benefits only', async () => {
    const offer = await created('company_owner', '/api/v1/setting/cso/save', offerFields);
    const saved = await upload(
      'company_owner',
      callPath(uploadServiceOfferImageCall, { cso_unique_code: offer.cso_unique_code }),
      PNG,
    );
    await world.db.withBank(BANK_A, (tx) =>
      tx
        .update(serviceOffers)
        .set({ cso_status: 'APPROVED' })
        .where(eq(serviceOffers.cso_unique_code, offer.cso_unique_code)),
    );
    await expectStatuses(saved.cso_image.file_url, {
      [`${BANK_A} partner_company_owner`]: 200,
      [`${BANK_A} company_owner`]: 200,
      // Bank A took company_coupon_read from its employees: the search is 403 to them, the image 404.
      [`${BANK_A} company_employee`]: 404,
      [`${BANK_B} company_owner`]: 404,
      [`${BANK_B} company_employee`]: 404,
    });
  });
});

describe('a news file (GET /api/v1/files/{code}): its item’s rights', () => {
  const attached = async (kind: 'news' | 'column', fields: object = {}) => {
    const file = await upload(
      'bank_admin',
      uploadArticleFileCall.path,
      { name: '資料.pdf', bytes: TINY_PDF },
      {
        kind: 'attachment',
      },
    );
    const articleId = await insertArticle(world.app, BANK_A, kind, fields);
    await world.db.withBank(BANK_A, (tx) =>
      attachFilesToArticle(tx, { articleId, attachmentCodes: [file.file_unique_code], imageCodes: [] }),
    );
    return file.file_url as string;
  };

  it('answers a column’s attachment to the bank’s readers of columns only', async () => {
    await expectStatuses(await attached('column'), {
      [`${BANK_A} company_owner`]: 200,
      [`${BANK_A} bank_admin`]: 200,
      // Bank A took company_column_read from its employees: the column's detail is 403 to them.
      [`${BANK_A} company_employee`]: 404,
      [`${BANK_B} company_owner`]: 404,
      [`${BANK_B} bank_admin`]: 404,
      [`${BANK_A} visitor`]: 404,
    });
  });

  it('answers a news item for some of the bank’s companies only to them, never to another bank', async () => {
    await expectStatuses(await attached('news', { article_target: 'non_partner' }), {
      [`${BANK_A} company_owner`]: 200,
      [`${BANK_A} company_employee`]: 200,
      [`${BANK_A} partner_company_owner`]: 404,
      [`${BANK_B} company_owner`]: 404,
      [`${BANK_A} visitor`]: 404,
    });
  });

  it('answers a public news item’s file to anyone on the bank’s host: public on purpose', async () => {
    await expectStatuses(await attached('news'), {
      [`${BANK_A} visitor`]: 200,
      [`${BANK_A} company_employee`]: 200,
      [`${BANK_B} visitor`]: 404,
      [`${BANK_B} company_owner`]: 404,
    });
  });
});

describe('a company logo (GET /api/v1/file/{code}): the company’s rights', () => {
  it('answers the bank’s logged-in users and no one of another bank', async () => {
    const logo = await upload('company_owner', uploadCompanyLogoCall.path, PNG);
    await expectStatuses(logo.file_url, {
      [`${BANK_A} company_owner`]: 200,
      [`${BANK_A} company_employee`]: 200,
      [`${BANK_A} partner_company_owner`]: 200,
      [`${BANK_A} bank_admin`]: 200,
      [`${BANK_B} company_owner`]: 404,
      [`${BANK_B} bank_admin`]: 404,
      [`${BANK_A} visitor`]: 401,
    });
  });
});

describe('a profile picture (GET /api/v1/user/picture/{code}): the user’s rights', () => {
  it('answers the bank’s logged-in users and no one of another bank', async () => {
    const picture = await upload('company_user', uploadUserProfilePictureCall.path, PNG);
    await expectStatuses(picture.file_url, {
      [`${BANK_A} company_user`]: 200,
      [`${BANK_A} company_owner`]: 200,
      [`${BANK_A} bank_admin`]: 200,
      [`${BANK_B} company_user`]: 404,
      [`${BANK_B} bank_admin`]: 404,
      [`${BANK_A} visitor`]: 401,
    });
  });
});

describe('a homepage photo (GET /api/v1/hp/{company}/photo/{code}): the homepage’s rights', () => {
  it('answers a published homepage’s photo to anyone on the bank’s host: public on purpose', async () => {
    // The partner's company has a published site (demo data).
    const result = await upload('partner_company_owner', uploadWebsitePhotoCall.path, PNG);
    await expectStatuses(result.photo.file_url, {
      [`${BANK_A} visitor`]: 200,
      [`${BANK_A} company_employee`]: 200,
      [`${BANK_B} visitor`]: 404,
      [`${BANK_B} company_owner`]: 404,
    });
  });
});

describe('a homepage’s logo (GET /api/v1/hp/{company}/logo/{code}): the homepage’s rights', () => {
  it('answers the logo on a published homepage to anyone on the bank’s host: public on purpose', async () => {
    const photo = await upload('partner_company_owner', uploadWebsitePhotoCall.path, PNG);
    const companyCode = (photo.photo.file_url as string).split('/')[4] ?? '';
    const logo = await upload('partner_company_owner', uploadCompanyLogoCall.path, PNG);
    await expectStatuses(websiteLogoUrl(companyCode, logo.file_unique_code), {
      [`${BANK_A} visitor`]: 200,
      [`${BANK_B} visitor`]: 404,
      [`${BANK_B} company_owner`]: 404,
    });
  });
});

describe('an identification document (GET /api/v1/companyregister/identification/{code}): the application’s rights', () => {
  it('answers the bank’s admins only', async () => {
    const draft = await world.send(BANK_A, 'visitor', {
      method: 'POST',
      url: '/api/v1/register/drafts',
      payload: {
        variant: 'ba',
        agree1: true,
        agree1_at: new Date().toISOString(),
        anti_social_check: true,
        agree2: true,
      },
    });
    const draftId = draft.json().result.draft_id as string;
    const steps = {
      ...APPLICATION_STEPS,
      bank: { ...APPLICATION_STEPS.bank, has_no_bank_branch: true, bb_id: '' },
    };
    for (const [step, values] of Object.entries(steps)) {
      const saved = await world.send(BANK_A, 'visitor', {
        method: 'PUT',
        url: '/api/v1/register/drafts',
        payload: { draft_id: draftId, step, values },
      });
      expect(saved.statusCode, `${step}: ${saved.body}`).toBe(200);
    }
    const uploaded = await uploadIdentification(world.app, gatewayHost(BANK_A), { draftId, file: PNG });
    const fileCode = uploaded.json().result.file_unique_code as string;
    const url = `${IDENTIFICATION_FILES_PATH}/${fileCode}`;
    // A draft's document is read by no one.
    await expectStatuses(url, { [`${BANK_A} bank_admin`]: 404 });
    const sent = await world.send(BANK_A, 'visitor', {
      method: 'POST',
      url: '/api/v1/register',
      payload: { draft_id: draftId },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    await expectStatuses(url, {
      [`${BANK_A} bank_admin`]: 200,
      [`${BANK_A} system_admin`]: 200,
      [`${BANK_A} branch_admin`]: 403,
      [`${BANK_A} branch_user`]: 403,
      [`${BANK_A} company_owner`]: 403,
      [`${BANK_B} bank_admin`]: 404,
      [`${BANK_A} visitor`]: 401,
    });
  });
});

describe('the bank’s logo (GET /tenant-assets/{file})', () => {
  it('is public on purpose: every visitor of the bank’s pages sees it', async () => {
    for (const bank of [BANK_A, BANK_B]) {
      const logo = world.app.tenants.get(bank)?.config.logo;
      const logoUrl = `/tenant-assets/${logo}`;
      const answer = await world.app.inject({
        method: 'GET',
        url: logoUrl,
        headers: { host: gatewayHost(bank) },
      });
      expect(answer.statusCode, `${bank} ${logoUrl}`).toBe(200);
      expect(answer.headers['content-type']).toMatch(/^image\//);
    }
  });
});

describe('the file routes', () => {
  it('are each asked above: every route that answers a stored file by its code', () => {
    const fileRoutes = world.app.routeIndex
      .list()
      .filter((route) => route.url.includes(':file_unique_code') && route.method.includes('GET'))
      .map((route) => route.url)
      .sort();
    expect(fileRoutes).toEqual(
      [
        '/api/v1/ca/:ca_unique_code/images/:file_unique_code',
        '/api/v1/companyregister/identification/:file_unique_code',
        '/api/v1/cso/:cso_unique_code/image/:file_unique_code',
        '/api/v1/file/:file_unique_code',
        '/api/v1/files/:file_unique_code',
        '/api/v1/hp/:company_unique_code/logo/:file_unique_code',
        '/api/v1/hp/:company_unique_code/photo/:file_unique_code',
        `${USER_PICTURE_FILES_PATH}/:file_unique_code`,
      ].sort(),
    );
  });
});
