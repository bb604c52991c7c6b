import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserTypeCode } from '#server/contracts/account-types.ts';
import {
  USER_PROFILE_MESSAGES,
  USER_PROFILE_PICTURE_MAX_BYTES,
  uploadUserProfilePictureCall,
  type UserProfile,
} from '#server/contracts/user-profile.ts';
import { maxLengthMessage, VALIDATION_MESSAGES } from '#server/contracts/validation.ts';
import { userProfilePictureStorageKeyOf } from '#server/api/settings/profile-picture-files.ts';
import { auditEvents, users } from '#server/db/schema.ts';
import { createFileStorage } from '#server/storage/create-file-storage.ts';
import { multipartBody, TINY_PDF, TINY_PNG, type UploadFile } from '#tests/support/identification-upload.ts';
import { apiGet, gatewayHost, gatewayOrigin } from '#tests/support/login.ts';
import { type Actor, startWorld, type World } from '#tests/support/world.ts';

const BANK = '0182';
const OTHER_BANK = '0158';
const PROFILE = '/api/v1/user/profile';
const SAVE = '/api/v1/user/profile/save';
const PICTURE = uploadUserProfilePictureCall.path;
const ME = '/api/v1/user/me';

const COMPANY_SIDE = ['company_owner', 'company_user', 'company_employee', 'partner_company_owner'] as const;
const STAFF = ['system_admin', 'bank_admin', 'branch_admin', 'branch_user'] as const;

/** The profile form filled in, with `changes`. */
const profileForm = (changes: Record<string, unknown> = {}) => ({
  user_last_name: '山田',
  user_first_name: '花子',
  user_last_name_kana: 'ヤマダ',
  user_first_name_kana: 'ハナコ',
  user_email: 'hanako.yamada@example.co.jp',
  user_alternate_email: 'hanako@example.jp',
  user_tel: '090-1234-5678',
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
const post = (code: string, actor: Actor, url: string, payload: object) =>
  world.send(code, actor, { method: 'POST', url, payload });

/** The picture's upload as the profile page sends it: same origin, X-Requested-With, multipart. */
async function uploadPicture(code: string, actor: Actor, file?: UploadFile) {
  const body = multipartBody({}, file);
  return world.app.inject({
    method: 'POST',
    url: PICTURE,
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

/** The demo account's row of the bank. */
async function userRow(code: string, actor: UserTypeCode) {
  const userId = await world.userIdOf(code, actor);
  const [row] = await world.db.withBank(code, (tx) =>
    tx.select().from(users).where(eq(users.user_id, userId)),
  );
  if (!row) throw new Error(`no demo ${actor} in ${code}`);
  return row;
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

describe('GET /api/v1/user/profile', () => {
  it.each([BANK, OTHER_BANK])(
    'answers each company-side account its own profile on bank %s',
    async (code) => {
      for (const actor of COMPANY_SIDE) {
        const row = await userRow(code, actor);
        const answer = await get(code, actor, PROFILE);
        expect(answer.statusCode, `${actor}: ${answer.body}`).toBe(200);
        expect(answer.json().result).toEqual({
          user_unique_code: row.user_unique_code,
          user_login_id: row.user_login_id,
          user_last_name: row.user_last_name,
          user_first_name: row.user_first_name,
          user_last_name_kana: row.user_last_name_kana,
          user_first_name_kana: row.user_first_name_kana,
          user_email: row.user_email,
          user_pending_email: null,
          user_alternate_email: row.user_alternate_email,
          user_tel: row.user_tel,
          user_profile_picture: null,
        } satisfies UserProfile);
      }
    },
  );

  it('refuses bank staff with 403 and a visitor with 401', async () => {
    for (const actor of STAFF) {
      const answer = await get(BANK, actor, PROFILE);
      expect(answer.statusCode, `${actor}: ${answer.body}`).toBe(403);
      expect(answer.json()).toMatchObject({ status: 'error', message: '権限がありません' });
      expect(answer.body).not.toMatch(/"result"/);
    }
    expect((await get(BANK, 'visitor', PROFILE)).statusCode).toBe(401);
  });
});

describe('POST /api/v1/user/profile/save', () => {
  it.each(COMPANY_SIDE)(
    'saves the %s’s own profile, audits it by the user’s code, and GET /api/v1/user/me shows the new name at once',
    async (actor) => {
      const before = await userRow(BANK, actor);
      // Read before the save, so the cache of logged-in users holds the old name.
      const me = async () => (await get(BANK, actor, ME)).json().result;
      expect((await me()).user_name).toBe(`${before.user_last_name} ${before.user_first_name}`);

      const form = profileForm({ user_first_name: `花子${actor.length}` });
      const answer = await post(BANK, actor, SAVE, form);
      expect(answer.statusCode, answer.body).toBe(200);
      // The new e-mail address waits for the link mailed to it (tests/api/security/impersonation-takeover.test.ts).
      expect(answer.json().result).toMatchObject({
        ...form,
        user_email: before.user_email,
        user_pending_email: form.user_email,
        email_confirmation_sent: true,
        user_unique_code: before.user_unique_code,
      });
      expect(await userRow(BANK, actor)).toMatchObject({
        ...form,
        user_email: before.user_email,
        // What the form does not hold stays as it was.
        user_login_id: before.user_login_id,
        user_type: before.user_type,
        company_id: before.company_id,
      });
      expect(await lastAudit(BANK)).toMatchObject({
        action: 'UPDATE',
        target_type: 'settings',
        target_id: before.user_unique_code,
        actor_user_id: before.user_id,
      });
      const after = await me();
      expect(after.user_name).toBe(`山田 ${form.user_first_name}`);
      expect(after.user_email).toBe(before.user_email);
    },
  );

  it('empties the optional fields as null', async () => {
    const answer = await post(
      BANK,
      'company_user',
      SAVE,
      profileForm({ user_alternate_email: '', user_tel: '  ' }),
    );
    expect(answer.statusCode, answer.body).toBe(200);
    expect(await userRow(BANK, 'company_user')).toMatchObject({ user_alternate_email: null, user_tel: null });
  });

  it('takes the user from the login, never from the body: another user’s profile is never changed', async () => {
    const owner = await userRow(BANK, 'company_owner');
    const otherBankOwner = await userRow(OTHER_BANK, 'company_owner');
    const employee = await userRow(BANK, 'company_employee');
    const answer = await post(
      BANK,
      'company_employee',
      SAVE,
      profileForm({
        user_last_name: '乗っ取り',
        user_id: owner.user_id,
        user_unique_code: owner.user_unique_code,
        company_id: owner.company_id,
      }),
    );
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().result.user_unique_code).toBe(employee.user_unique_code);
    expect((await userRow(BANK, 'company_employee')).user_last_name).toBe('乗っ取り');
    expect(await userRow(BANK, 'company_owner')).toEqual({
      ...owner,
      user_updated_at: owner.user_updated_at,
    });
    expect((await userRow(OTHER_BANK, 'company_owner')).user_last_name).toBe(otherBankOwner.user_last_name);
    // No path takes a user's id: the save on another path is not there.
    const byId = await post(BANK, 'company_employee', `${SAVE}/${owner.user_unique_code}`, profileForm());
    expect(byId.statusCode).toBe(404);
  });

  it('answers 400 with the spec’s messages under each field, and saves nothing', async () => {
    const before = await userRow(BANK, 'company_owner');
    const answer = await post(
      BANK,
      'company_owner',
      SAVE,
      profileForm({
        user_last_name: '',
        user_first_name: 'あ'.repeat(31),
        user_last_name_kana: 'やまだ',
        user_first_name_kana: 'ﾊﾅｺ',
        user_email: 'hanako@',
        user_alternate_email: 'not-an-address',
        user_tel: '09012345678',
      }),
    );
    expect(answer.statusCode, answer.body).toBe(400);
    expect(answer.json().errors).toEqual({
      user_last_name: [VALIDATION_MESSAGES.required],
      user_first_name: [maxLengthMessage(30)],
      user_last_name_kana: ['カナを入力してください'],
      user_first_name_kana: ['カナを入力してください'],
      user_email: ['メールアドレスが正しくありません'],
      user_alternate_email: ['メールアドレスが正しくありません'],
      user_tel: ['電話番号が正しくありません'],
    });
    expect(await userRow(BANK, 'company_owner')).toEqual(before);
  });

  it('requires the e-mail address, refuses one over 254 characters, and a kana over 60', async () => {
    // Labels of 63 characters at most, so only the whole length is wrong.
    const addressOf = (lastLabel: number) =>
      `${'a'.repeat(60)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(lastLabel)}.jp`;
    const tooLong = addressOf(63);
    expect(tooLong.length).toBe(254 + 1);
    const answer = await post(
      BANK,
      'company_owner',
      SAVE,
      profileForm({ user_email: '', user_alternate_email: tooLong, user_last_name_kana: 'ア'.repeat(61) }),
    );
    expect(answer.statusCode, answer.body).toBe(400);
    expect(answer.json().errors).toEqual({
      user_email: [VALIDATION_MESSAGES.required],
      user_alternate_email: ['メールアドレスが正しくありません'],
      user_last_name_kana: [maxLengthMessage(60)],
    });
    const longest = await post(
      BANK,
      'company_owner',
      SAVE,
      profileForm({ user_alternate_email: addressOf(62) }),
    );
    expect(longest.statusCode, longest.body).toBe(200);
    expect(longest.json().result.user_alternate_email).toHaveLength(254);
    const missing = await post(BANK, 'company_owner', SAVE, { ...profileForm(), user_email: undefined });
    expect(missing.json().errors).toEqual({ user_email: [VALIDATION_MESSAGES.required] });
  });

  it('refuses an alternate address equal to the e-mail address (capitals aside), under the alternate', async () => {
    const answer = await post(
      BANK,
      'company_owner',
      SAVE,
      profileForm({ user_email: 'Hanako@Example.co.jp', user_alternate_email: 'hanako@example.co.jp' }),
    );
    expect(answer.statusCode, answer.body).toBe(400);
    expect(answer.json().errors).toEqual({
      user_alternate_email: [USER_PROFILE_MESSAGES.alternateEmailSameAsEmail],
    });
  });

  it('refuses bank staff with 403 and saves nothing', async () => {
    for (const actor of STAFF) {
      const before = await userRow(BANK, actor);
      const answer = await post(BANK, actor, SAVE, profileForm());
      expect(answer.statusCode, `${actor}: ${answer.body}`).toBe(403);
      expect(await userRow(BANK, actor)).toEqual(before);
    }
  });
});

describe('the profile picture', () => {
  const storage = () => createFileStorage(world.app.config);

  it.each(COMPANY_SIDE)(
    'takes a PNG from the %s at once: the row names it, GET /api/v1/user/me and the file path show it',
    async (actor) => {
      const answer = await uploadPicture(BANK, actor, {
        name: 'me.png',
        bytes: TINY_PNG,
        contentType: 'image/png',
      });
      expect(answer.statusCode, answer.body).toBe(200);
      const picture = answer.json().result as { file_unique_code: string; file_url: string };
      expect(picture.file_unique_code).toMatch(/^[0-9a-f]{32}$/);
      expect(picture.file_url).toBe(`/api/v1/user/picture/${picture.file_unique_code}`);
      const row = await userRow(BANK, actor);
      expect(row.user_profile_picture_file_unique_code).toBe(picture.file_unique_code);
      expect((await get(BANK, actor, ME)).json().result.user_profile_picture).toEqual({
        file_unique_code: picture.file_unique_code,
      });
      expect(await lastAudit(BANK)).toMatchObject({
        action: 'UPDATE',
        target_id: row.user_unique_code,
        actor_user_id: row.user_id,
      });
      expect((await get(BANK, actor, PROFILE)).json().result.user_profile_picture).toEqual(picture);

      const image = await get(BANK, 'company_employee', picture.file_url);
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe('image/png');
      expect(image.headers['content-disposition']).toMatch(/^inline;/);
      expect(image.headers['x-content-type-options']).toBe('nosniff');
      expect(image.rawPayload.equals(TINY_PNG)).toBe(true);
    },
  );

  it('replaces the picture: the old image is gone, bytes and all', async () => {
    const first = (await uploadPicture(BANK, 'company_user', { name: 'a.png', bytes: TINY_PNG })).json()
      .result;
    const second = await uploadPicture(BANK, 'company_user', { name: 'b.png', bytes: TINY_PNG });
    expect(second.statusCode, second.body).toBe(200);
    expect((await get(BANK, 'company_owner', first.file_url)).statusCode).toBe(404);
    expect(await storage().get(userProfilePictureStorageKeyOf(BANK, first.file_unique_code))).toBeUndefined();
    expect((await get(BANK, 'company_owner', second.json().result.file_url)).statusCode).toBe(200);
  });

  it('refuses a text file and a PDF by their content (422), whatever their name says', async () => {
    const before = (await userRow(BANK, 'company_owner')).user_profile_picture_file_unique_code;
    for (const file of [
      { name: 'me.png', bytes: Buffer.from('これは画像ではありません\n'), contentType: 'image/png' },
      { name: 'me.pdf', bytes: TINY_PDF, contentType: 'application/pdf' },
    ]) {
      const answer = await uploadPicture(BANK, 'company_owner', file);
      expect(answer.statusCode, answer.body).toBe(422);
      expect(answer.json()).toMatchObject({
        status: 'error',
        message: USER_PROFILE_MESSAGES.pictureTypeRefused,
        errors: { file: [USER_PROFILE_MESSAGES.pictureTypeRefused] },
      });
    }
    expect((await userRow(BANK, 'company_owner')).user_profile_picture_file_unique_code).toBe(before);
  });

  it('refuses an image over 2 MB (422) and takes one of exactly 2 MB', async () => {
    const padded = (size: number) => Buffer.concat([TINY_PNG, Buffer.alloc(size - TINY_PNG.length)]);
    const over = await uploadPicture(BANK, 'company_owner', {
      name: 'big.png',
      bytes: padded(USER_PROFILE_PICTURE_MAX_BYTES + 1),
    });
    expect(over.statusCode, over.body).toBe(422);
    expect(over.json()).toMatchObject({
      message: USER_PROFILE_MESSAGES.pictureTooLarge,
      errors: { file: [USER_PROFILE_MESSAGES.pictureTooLarge] },
    });
    expect(USER_PROFILE_MESSAGES.pictureTooLarge).toBe('ファイルサイズは2MB以内にしてください');
    const exact = await uploadPicture(BANK, 'company_owner', {
      name: 'exact.png',
      bytes: padded(USER_PROFILE_PICTURE_MAX_BYTES),
    });
    expect(exact.statusCode, exact.body).toBe(200);
  });

  it('answers 400 with ファイルを選択してください when no file is sent', async () => {
    const answer = await uploadPicture(BANK, 'company_owner');
    expect(answer.statusCode, answer.body).toBe(400);
    expect(answer.json().errors).toEqual({ file: [USER_PROFILE_MESSAGES.pictureMissing] });
  });

  it('refuses the upload with 403 to bank staff, before it is read', async () => {
    for (const actor of STAFF) {
      const before = (await userRow(BANK, actor)).user_profile_picture_file_unique_code;
      const answer = await uploadPicture(BANK, actor, { name: 'me.png', bytes: TINY_PNG });
      expect(answer.statusCode, `${actor}: ${answer.body}`).toBe(403);
      expect((await userRow(BANK, actor)).user_profile_picture_file_unique_code).toBe(before);
    }
  });

  it('shows a picture to the bank’s logged-in users, 404 to another bank’s, 401 to a visitor', async () => {
    const picture = (
      await uploadPicture(BANK, 'partner_company_owner', { name: 'me.png', bytes: TINY_PNG })
    ).json().result;
    for (const actor of [...COMPANY_SIDE, ...STAFF])
      expect((await get(BANK, actor, picture.file_url)).statusCode, actor).toBe(200);
    expect((await get(BANK, 'visitor', picture.file_url)).statusCode).toBe(401);
    for (const actor of ['company_owner', 'bank_admin'] as const) {
      const otherBank = await get(OTHER_BANK, actor, picture.file_url);
      expect(otherBank.statusCode, actor).toBe(404);
      expect(otherBank.rawPayload.equals(TINY_PNG)).toBe(false);
    }
    // Bytes in the storage that no user names are not served either.
    const stray = 'cd'.repeat(16);
    await storage().put(userProfilePictureStorageKeyOf(BANK, stray), TINY_PNG, 'image/png');
    expect((await get(BANK, 'company_owner', `/api/v1/user/picture/${stray}`)).statusCode).toBe(404);
    expect((await get(BANK, 'company_owner', '/api/v1/user/picture/not-a-code')).statusCode).toBe(404);
  });

  it('DELETE /api/v1/user/profile_picture takes the picture away and removes its image', async () => {
    const picture = (await uploadPicture(BANK, 'company_owner', { name: 'me.png', bytes: TINY_PNG })).json()
      .result;
    const answer = await world.send(BANK, 'company_owner', { method: 'DELETE', url: PICTURE });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().result).toEqual({ user_profile_picture: null });
    expect((await userRow(BANK, 'company_owner')).user_profile_picture_file_unique_code).toBeNull();
    expect((await get(BANK, 'company_owner', picture.file_url)).statusCode).toBe(404);
    expect(
      await storage().get(userProfilePictureStorageKeyOf(BANK, picture.file_unique_code)),
    ).toBeUndefined();
    expect((await get(BANK, 'company_owner', ME)).json().result.user_profile_picture).toBeNull();
    expect((await world.send(BANK, 'bank_admin', { method: 'DELETE', url: PICTURE })).statusCode).toBe(403);
  });
});
