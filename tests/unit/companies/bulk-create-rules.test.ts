import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { isCompanyUser, USER_TYPES, type UserTypeCode } from '#server/contracts/account-types.ts';
import {
  BULK_CREATE_MESSAGES,
  bulkCompanyRowSchema,
  bulkCreateBodySchema,
  normaliseBulkCompanyRow,
  rowErrorKey,
  rowErrorsOf,
} from '#server/contracts/company-bulk-create.ts';
import { CORPORATE_NUMBER_MESSAGE } from '#server/contracts/corporate-number.ts';
import { evaluateRouteAccess } from '#server/contracts/route-access.ts';
import { maxLengthMessage, VALIDATION_MESSAGES } from '#server/contracts/validation.ts';
import { specErrorMap } from '#server/contracts/zod-error-map.ts';

const GOOD = {
  company_name: '株式会社みなと商事',
  company_name_kana: 'カブシキガイシャミナトショウジ',
  company_type: 'normal',
  company_corporate_number: '7000012050002',
  bb_code: '001',
  company_representative_name: '山田 太郎',
  company_tel: '03-1234-5678',
  user_last_name: '山田',
  user_first_name: '花子',
  user_last_name_kana: 'ヤマダ',
  user_first_name_kana: 'ハナコ',
  user_email: 'hanako.yamada@example.jp',
  user_login_id: '',
};

/** Each field's messages for a row as the server reads it (normalised, then the rules). */
function errorsOf(row: Record<string, string>): Record<string, string[]> {
  const result = z.safeParse(bulkCompanyRowSchema, normaliseBulkCompanyRow(row), { error: specErrorMap });
  if (result.success) return {};
  const errors: Record<string, string[]> = {};
  for (const issue of result.error.issues) (errors[String(issue.path[0])] ??= []).push(issue.message);
  return errors;
}

describe('a bulk-create row (server/contracts/company-bulk-create.ts)', () => {
  it('passes as the template’s example writes it, the optional cells left empty too', () => {
    expect(errorsOf(GOOD)).toEqual({});
    expect(
      errorsOf({
        ...GOOD,
        company_corporate_number: '',
        bb_code: '',
        company_representative_name: '',
        company_tel: '',
        user_login_id: 'minato-owner_01',
      }),
    ).toEqual({});
  });

  it('answers the shared field messages', () => {
    expect(
      errorsOf({
        company_name: '',
        company_name_kana: 'かぶしき',
        company_type: 'premium',
        company_corporate_number: '1234567890123',
        bb_code: 'A1',
        company_representative_name: '代'.repeat(61),
        company_tel: '0312345678',
        user_last_name: '',
        user_first_name: '名'.repeat(31),
        user_last_name_kana: 'yamada',
        user_first_name_kana: '',
        user_email: 'hanako@',
        user_login_id: 'id',
      }),
    ).toEqual({
      company_name: [VALIDATION_MESSAGES.required],
      company_name_kana: [VALIDATION_MESSAGES.katakana],
      company_type: [BULK_CREATE_MESSAGES.unknownType],
      company_corporate_number: [CORPORATE_NUMBER_MESSAGE],
      bb_code: [VALIDATION_MESSAGES.digits],
      company_representative_name: [maxLengthMessage(60)],
      company_tel: [VALIDATION_MESSAGES.phone],
      user_last_name: [VALIDATION_MESSAGES.required],
      user_first_name: [maxLengthMessage(30)],
      user_last_name_kana: [VALIDATION_MESSAGES.katakana],
      user_first_name_kana: [VALIDATION_MESSAGES.required],
      user_email: [VALIDATION_MESSAGES.email],
      user_login_id: [BULK_CREATE_MESSAGES.loginIdFormat],
    });
  });

  it('reads what a spreadsheet makes of the cells: other widths, dropped zeros, spaces, capitals', () => {
    const { user_login_id: _left, ...withoutLoginId } = GOOD;
    expect(
      normaliseBulkCompanyRow({
        ...withoutLoginId,
        company_name: ' ㈱みなと ',
        company_name_kana: 'ｶﾌﾞｼｷｶﾞｲｼｬ ﾐﾅﾄ',
        company_type: 'Partner',
        company_corporate_number: '７００００１２０５０００２',
        bb_code: '1',
        company_tel: '０３－１２３４－５６７８',
        user_email: 'ｈａｎａｋｏ＠example.jp',
      }),
    ).toMatchObject({
      // Names stay as written (NFKC would make ㈱ (株)).
      company_name: '㈱みなと',
      company_name_kana: 'カブシキガイシャ ミナト',
      company_type: 'partner',
      company_corporate_number: '7000012050002',
      bb_code: '001',
      company_tel: '03-1234-5678',
      user_email: 'hanako@example.jp',
      user_login_id: '',
    });
  });

  it('takes 1 to 10,000 rows a file', () => {
    expect(z.safeParse(bulkCreateBodySchema, { rows: [GOOD] }).success).toBe(true);
    const empty = z.safeParse(bulkCreateBodySchema, { rows: [] });
    expect(empty.error?.issues.map((issue) => issue.message)).toEqual([BULK_CREATE_MESSAGES.noRows]);
    const tooMany = z.safeParse(bulkCreateBodySchema, { rows: Array.from({ length: 10_001 }, () => ({})) });
    expect(tooMany.error?.issues.map((issue) => issue.message)).toEqual([BULK_CREATE_MESSAGES.tooManyRows]);
    expect(BULK_CREATE_MESSAGES.tooManyRows).toBe('一度に登録できるのは10,000件までです');
  });

  it('keeps each row’s errors under rows.<index>.<field> and reads them back by row', () => {
    expect(rowErrorKey(12, 'user_email')).toBe('rows.12.user_email');
    const byRow = rowErrorsOf({
      'rows.0.user_email': [VALIDATION_MESSAGES.email],
      'rows.0.company_name': [VALIDATION_MESSAGES.required],
      'rows.7.bb_code': [BULK_CREATE_MESSAGES.unknownBranch],
      rows: ['一度に登録できるのは10,000件までです'],
      'rows.3.not_a_field': ['x'],
    });
    expect([...byRow.keys()]).toEqual([0, 7]);
    expect(byRow.get(0)).toEqual([
      { index: 0, field: 'user_email', messages: [VALIDATION_MESSAGES.email] },
      { index: 0, field: 'company_name', messages: [VALIDATION_MESSAGES.required] },
    ]);
  });
});

/** A logged-in user of the type as the rules read one (at an allowed address, in office hours). */
const userOf = (userType: UserTypeCode) => ({
  user_type: userType,
  company_type: isCompanyUser(userType) ? ('normal' as const) : null,
  user_is_super_user: false,
  permitted_actions: ['login_read'],
  is_permitted_ipaddress: true,
  offhour_message: null,
});

describe('who opens /admin/company/bulk-create (route rule company_bulk_create)', () => {
  it('lets system and bank admins in and shows everyone else of the bank the 404 page', () => {
    const features = {};
    for (const userType of USER_TYPES) {
      const decision = evaluateRouteAccess('/admin/company/bulk-create', {
        user: userOf(userType),
        features,
      });
      if (userType === 'system_admin' || userType === 'bank_admin')
        expect(decision, userType).toEqual({ kind: 'allow' });
      else if (userType === 'branch_admin' || userType === 'branch_user')
        expect(decision, userType).toMatchObject({
          kind: 'error',
          status: 404,
          message: 'This page could not be found',
        });
      else expect(decision.kind, userType).not.toBe('allow');
    }
    // The optional trailing slash (admin spec section 2).
    expect(
      evaluateRouteAccess('/admin/company/bulk-create/', { user: userOf('branch_admin'), features }),
    ).toMatchObject({ kind: 'error', status: 404 });
  });
});
