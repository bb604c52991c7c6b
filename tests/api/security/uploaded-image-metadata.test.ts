import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { identificationStorageKeyOf } from '#server/api/registration/identification-files.ts';
import { callPath } from '#server/contracts/call.ts';
import { uploadCompanyLogoCall } from '#server/contracts/company-profile.ts';
import { uploadWebsitePhotoCall } from '#server/contracts/company-website.ts';
import { japanDateString } from '#server/contracts/japan-day.ts';
import { uploadNeedImageCall } from '#server/contracts/matching.ts';
import { FILE_TYPE_REFUSED_MESSAGE } from '#server/contracts/news.ts';
import { uploadArticleFileCall } from '#server/contracts/news-files.ts';
import { uploadServiceOfferImageCall } from '#server/contracts/service-offer.ts';
import { uploadUserProfilePictureCall } from '#server/contracts/user-profile.ts';
import { createFileStorage } from '#server/storage/create-file-storage.ts';
import {
  multipartBody,
  uploadIdentification,
  type UploadFile,
} from '#tests/support/identification-upload.ts';
import { apiGet, gatewayHost } from '#tests/support/login.ts';
import type { Actor, World } from '#tests/support/world.ts';
import { BANK_A, startSecurityWorld } from './security-world.ts';

/**
 * Uploaded photos lose their metadata (issue 28, item 5): a phone's photo carries where it was
 * taken (EXIF GPS) and with what; every route that takes an image keeps none of it, and the
 * orientation the camera wrote in EXIF is applied to the pixels, so the photo still stands upright.
 */

let world: World;

beforeAll(async () => {
  world = await startSecurityWorld();
}, 120_000);
afterAll(async () => {
  await world?.close();
});

/** Where the photo was taken: a place the test can find again in the bytes. */
const GPS_MAP_DATUM = 'WGS-84 SECRET-PLACE';

/**
 * A 40×20 JPEG a phone held upright would write: EXIF orientation 6 (turn 90° clockwise to show
 * it, so it shows 20×40), the camera's make and a GPS position.
 */
async function phonePhoto(): Promise<Buffer> {
  return sharp({ create: { width: 40, height: 20, channels: 3, background: '#c03020' } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExif({
      IFD0: { Make: 'PhoneMaker', Model: 'Phone 15' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '35/1 40/1 0/1', GPSMapDatum: GPS_MAP_DATUM },
    })
    .toBuffer();
}

/** A PNG, WebP or GIF with EXIF (PNG's eXIf chunk, WebP's EXIF chunk; GIF carries none). */
async function imageWithExif(format: 'png' | 'webp' | 'gif'): Promise<Buffer> {
  const image = sharp({ create: { width: 12, height: 8, channels: 4, background: '#2040c0' } });
  const encoded = format === 'png' ? image.png() : format === 'webp' ? image.webp() : image.gif();
  return encoded.withExif({ IFD3: { GPSMapDatum: GPS_MAP_DATUM } }).toBuffer();
}

async function upload(
  actor: Actor,
  url: string,
  file: UploadFile,
  fields: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  const body = multipartBody(fields, file);
  return world.send(BANK_A, actor, {
    method: 'POST',
    url,
    payload: body.payload,
    headers: { 'content-type': body.contentType },
  });
}

async function served(actor: Actor, url: string): Promise<Buffer> {
  const answer = await apiGet(world.app, BANK_A, await world.cookieOf(BANK_A, actor), url);
  expect(answer.statusCode, `${url}: ${answer.body.slice(0, 200)}`).toBe(200);
  return answer.rawPayload;
}

async function uploaded(actor: Actor, url: string, file: UploadFile, fields?: Record<string, string>) {
  const answer = await upload(actor, url, file, fields);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json().result;
}

const needFields = {
  need_title: '写真つきのニーズ',
  need_category: 'sell',
  need_industry_codes: ['09'],
  need_area_codes: ['13'],
  need_body: '写真の位置情報が残らないことを確かめます。',
  need_period_start: japanDateString(),
  need_period_end: '',
  need_visibility: 1,
  need_reach: 'bank',
};

const offerFields = {
  cso_title: '写真つきのクーポン',
  cso_body: '写真の位置情報が残らないことを確かめます。',
  cso_category: 'business',
  cso_benefit: '初月無料',
  cso_target: '法人のお客さま',
  cso_publish_start: japanDateString(),
  cso_publish_end: japanDateString(new Date(Date.now() + 30 * 86_400_000)),
};

async function created(actor: Actor, url: string, payload: object) {
  const answer = await world.send(BANK_A, actor, { method: 'POST', url, payload });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json().result;
}

/**
 * Each route that takes an image: it uploads `file` and answers the bytes as they are served
 * (or, for the identification document, which only the desk reads once sent, as they are stored).
 */
const IMAGE_ROUTES: Record<string, (file: UploadFile) => Promise<Buffer>> = {
  'a homepage photo, served to an anonymous visitor': async (file) => {
    // The partner's company has a published site (demo data): its photos are public at once.
    const result = await uploaded('partner_company_owner', uploadWebsitePhotoCall.path, file);
    return served('visitor', result.photo.file_url);
  },
  'a company logo': async (file) =>
    served('company_owner', (await uploaded('company_owner', uploadCompanyLogoCall.path, file)).file_url),
  'a profile picture': async (file) =>
    served(
      'company_user',
      (await uploaded('company_user', uploadUserProfilePictureCall.path, file)).file_url,
    ),
  'a need image': async (file) => {
    const need = await created('company_owner', '/api/v1/mybusiness/needs', needFields);
    const saved = await uploaded(
      'company_owner',
      callPath(uploadNeedImageCall, { ca_unique_code: need.ca_unique_code }),
      file,
    );
    return served('company_owner', saved.need_images.at(-1).file_url);
  },
  'a coupon image': async (file) => {
    const offer = await created('company_owner', '/api/v1/setting/cso/save', offerFields);
    const saved = await uploaded(
      'company_owner',
      callPath(uploadServiceOfferImageCall, { cso_unique_code: offer.cso_unique_code }),
      file,
    );
    return served('company_owner', saved.cso_image.file_url);
  },
  'a news image': async (file) => {
    const result = await uploaded('bank_admin', uploadArticleFileCall.path, file, { kind: 'image' });
    return served('bank_admin', result.file_url);
  },
  'a news attachment that is a photo': async (file) => {
    const result = await uploaded('bank_admin', uploadArticleFileCall.path, file, { kind: 'attachment' });
    return served('bank_admin', result.file_url);
  },
  'an identification document': async (file) => {
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
    expect(draft.statusCode, draft.body).toBe(200);
    const answer = await uploadIdentification(world.app, gatewayHost(BANK_A), {
      draftId: draft.json().result.draft_id,
      file,
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const key = identificationStorageKeyOf(BANK_A, answer.json().result.file_unique_code);
    const stored = await createFileStorage(world.app.config).get(key);
    if (!stored) throw new Error('the identification document was not stored');
    return Buffer.concat(await stored.body.toArray());
  },
};

describe.each(Object.entries(IMAGE_ROUTES))('%s', (_route, uploadAndRead) => {
  it('keeps no EXIF (no GPS, no camera) and applies the orientation to the pixels', async () => {
    const photo = await phonePhoto();
    const before = await sharp(photo).metadata();
    expect(before.exif?.includes(GPS_MAP_DATUM)).toBe(true);
    expect([before.width, before.height, before.orientation]).toEqual([40, 20, 6]);

    const image = await uploadAndRead({ name: 'IMG_0001.jpg', bytes: photo, contentType: 'image/jpeg' });
    const after = await sharp(image).metadata();
    expect(after.format).toBe('jpeg');
    expect(after.exif).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(after.iptc).toBeUndefined();
    expect(after.orientation).toBeUndefined();
    expect(image.includes(GPS_MAP_DATUM)).toBe(false);
    expect(image.includes('PhoneMaker')).toBe(false);
    // Stood upright: the 40×20 pixels turned a quarter, as a viewer would have shown them.
    expect([after.width, after.height]).toEqual([20, 40]);
  });
});

describe('the other image types', () => {
  const homepagePhoto = IMAGE_ROUTES['a homepage photo, served to an anonymous visitor']!;

  it.each(['png', 'webp', 'gif'] as const)(
    'stores a %s in its own type, without its EXIF',
    async (format) => {
      const bytes = await imageWithExif(format);
      const image = await homepagePhoto({ name: `photo.${format}`, bytes, contentType: `image/${format}` });
      const after = await sharp(image).metadata();
      expect(after.format).toBe(format);
      expect([after.width, after.height]).toEqual([12, 8]);
      expect(after.exif).toBeUndefined();
      expect(image.includes(GPS_MAP_DATUM)).toBe(false);
    },
  );
});

describe('bytes that look like an image but do not decode', () => {
  const UPLOADS: [string, Actor, string, Record<string, string>][] = [
    ['a homepage photo', 'partner_company_owner', uploadWebsitePhotoCall.path, {}],
    ['a company logo', 'company_owner', uploadCompanyLogoCall.path, {}],
    ['a profile picture', 'company_user', uploadUserProfilePictureCall.path, {}],
    ['a news image', 'bank_admin', uploadArticleFileCall.path, { kind: 'image' }],
  ];

  it.each(UPLOADS)('are refused as %s with the type message, never a 500', async (_, actor, url, fields) => {
    const photo = await phonePhoto();
    // A JPEG's head (file-type tells a JPEG) and then no image data at all.
    const broken = Buffer.concat([photo.subarray(0, 400), Buffer.alloc(200, 0x41)]);
    const answer = await upload(actor, url, { name: 'broken.jpg', bytes: broken }, fields);
    expect(answer.statusCode, answer.body).toBe(422);
    expect(answer.json()).toMatchObject({
      status: 'error',
      message: FILE_TYPE_REFUSED_MESSAGE,
      errors: { file: [FILE_TYPE_REFUSED_MESSAGE] },
    });
  });
});
