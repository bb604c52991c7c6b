import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VALIDATION_MESSAGES } from '#server/contracts/validation.ts';
import { apiGet } from '#tests/support/login.ts';
import { BANK_A, BANK_B, startWorld, type World } from '#tests/support/world.ts';

/**
 * Names are text, not control codes: a company's or a user's name holding a line break (CR, LF), a
 * NUL or a C1 control (NEL, U+0085) is refused with 400 and the field's message, and nothing is
 * saved. A name with a line break in it would split a mail's header, a CSV row or a log line.
 */

const REFUSED = VALIDATION_MESSAGES.unstorableCharacter;
const CONTROLS = { CR: '\r', LF: '\n', CRLF: '\r\n', NUL: '\u0000', NEL: '\u0085', ESC: '\u001b', TAB: '\t' };

const companyForm = (company_name: string) => ({
  company_name,
  company_name_kana: 'サクラセイコウ',
  company_tel: '03-5000-2001',
  company_post_code: '1040061',
  company_prefecture_code: '13',
  company_address1: '中央区',
  company_address2: '銀座1-2-3',
  company_address3: '',
  company_representative_name: '佐藤 健一',
  company_industry_major_code: 'E',
  company_industry_middle_code: '26',
  company_employee_count: '90',
  company_website_url: 'https://www.sakura-seiko.example.jp/',
});

const profileForm = (user_last_name: string) => ({
  user_last_name,
  user_first_name: '花子',
  user_last_name_kana: 'ヤマダ',
  user_first_name_kana: 'ハナコ',
  user_email: 'hanako.yamada@example.co.jp',
  user_alternate_email: '',
  user_tel: '090-1234-5678',
});

describe('control codes in names', () => {
  let world: World;
  beforeAll(async () => {
    world = await startWorld({ banks: [BANK_A, BANK_B] });
  }, 120_000);
  afterAll(async () => {
    await world?.close();
  });

  const post = (code: string, url: string, payload: object) =>
    world.send(code, 'company_owner', { method: 'POST', url, payload });
  const read = async (code: string, url: string) =>
    (await apiGet(world.app, code, await world.cookieOf(code, 'company_owner'), url)).json().result;

  for (const code of [BANK_A, BANK_B]) {
    describe(`bank ${code}`, () => {
      for (const [label, control] of Object.entries(CONTROLS)) {
        it(`refuses a company name with ${label} (400, the field's message) and keeps the name`, async () => {
          const before = (await read(code, '/api/v1/company/profile')).company_name as string;
          const answer = await post(
            code,
            '/api/v1/company/profile/save',
            companyForm(`さくら${control}精工`),
          );
          expect(answer.statusCode, answer.body).toBe(400);
          expect(answer.json().errors).toEqual({ company_name: [REFUSED] });
          expect((await read(code, '/api/v1/company/profile')).company_name).toBe(before);
        });

        it(`refuses a user's name with ${label} (400, the field's message) and keeps the name`, async () => {
          const before = (await read(code, '/api/v1/user/profile')).user_last_name as string;
          const answer = await post(code, '/api/v1/user/profile/save', profileForm(`山田${control}`));
          expect(answer.statusCode, answer.body).toBe(400);
          expect(answer.json().errors).toEqual({ user_last_name: [REFUSED] });
          expect((await read(code, '/api/v1/user/profile')).user_last_name).toBe(before);
        });
      }

      it('refuses an invitee’s name with a line break, so it never reaches the mail', async () => {
        const answer = await post(code, '/api/v1/company/employee/invitations', {
          email: 'invitee@sakura-example.jp',
          name: '山田\r\nBcc: someone@example.com',
        });
        expect(answer.statusCode, answer.body).toBe(400);
        expect(answer.json().errors).toEqual({ name: [REFUSED] });
      });

      it('still saves an ordinary name', async () => {
        const answer = await post(code, '/api/v1/company/profile/save', companyForm('さくら精工　株式会社'));
        expect(answer.statusCode, answer.body).toBe(200);
      });
    });
  }
});
