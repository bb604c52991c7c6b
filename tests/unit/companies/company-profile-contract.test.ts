import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import {
  businessProfileBodySchema,
  COMPANY_EMPLOYEE_COUNT_MAX,
  COMPANY_PROFILE_MESSAGES,
  companyProfileFieldsSchema,
  isPrefectureCode,
  postCodeAsStored,
} from '#server/contracts/company-profile.ts';
import { specErrorMap } from '#server/contracts/zod-error-map.ts';

const FIELDS = {
  company_name: '株式会社さくら精工',
  company_name_kana: 'サクラセイコウ',
  company_tel: '',
  company_post_code: '104-0061',
  company_prefecture_code: '13',
  company_address1: '中央区',
  company_address2: '銀座1-2-3',
  company_address3: '',
  company_representative_name: '',
  company_industry_major_code: 'E',
  company_industry_middle_code: '09',
  company_employee_count: '',
  company_website_url: '',
};

/** The first message of each field, as the form and the server's 400 show them. */
function messagesOf(schema: z.ZodMiniType, value: unknown): Record<string, string> {
  const result = z.safeParse(schema, value, { error: specErrorMap });
  const messages: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) messages[String(issue.path[0])] ??= issue.message;
  return messages;
}

describe('the company profile’s fields', () => {
  const schema = companyProfileFieldsSchema();

  it('takes an employee count from 0 to the maximum, empty as none', () => {
    for (const count of ['0', '1', String(COMPANY_EMPLOYEE_COUNT_MAX)])
      expect(messagesOf(schema, { ...FIELDS, company_employee_count: count })).toEqual({});
    expect(z.parse(schema, FIELDS).company_employee_count).toBeUndefined();
    for (const count of ['-1', String(COMPANY_EMPLOYEE_COUNT_MAX + 1)])
      expect(messagesOf(schema, { ...FIELDS, company_employee_count: count })).toEqual({
        company_employee_count: COMPANY_PROFILE_MESSAGES.employeeCount,
      });
  });

  it('asks for a prefecture of the 47 and an industry pair of the master’s shape', () => {
    expect(
      messagesOf(schema, {
        ...FIELDS,
        company_prefecture_code: '00',
        company_industry_major_code: 'e',
        company_industry_middle_code: '',
      }),
    ).toEqual({
      company_prefecture_code: COMPANY_PROFILE_MESSAGES.invalidChoice,
      company_industry_major_code: COMPANY_PROFILE_MESSAGES.invalidChoice,
      company_industry_middle_code: '必須入力項目です',
    });
  });
});

describe('prefecture codes and post codes', () => {
  it('knows the 47 prefecture codes and nothing else', () => {
    const codes = Array.from({ length: 47 }, (_, index) => String(index + 1).padStart(2, '0'));
    expect(codes.every(isPrefectureCode)).toBe(true);
    for (const code of ['00', '48', '1', '013', ' 13', 13]) expect(isPrefectureCode(code)).toBe(false);
  });

  it('keeps a post code with its hyphen, however it was written', () => {
    expect(postCodeAsStored('1040061')).toBe('104-0061');
    expect(postCodeAsStored('104-0061')).toBe('104-0061');
  });
});

describe('the business profile’s areas', () => {
  const body = (codes: unknown) => ({ business_description: '精密部品の加工', business_area_codes: codes });

  it('keeps each area once, in code order', () => {
    expect(z.parse(businessProfileBodySchema, body(['27', '13', '27', '01'])).business_area_codes).toEqual([
      '01',
      '13',
      '27',
    ]);
  });

  it('refuses a code that is no prefecture’s, and more codes than there are prefectures', () => {
    const tooMany = Array.from({ length: 48 }, () => '13');
    for (const codes of [['48'], ['tokyo'], tooMany])
      expect(messagesOf(businessProfileBodySchema, body(codes))).toEqual({
        business_area_codes: COMPANY_PROFILE_MESSAGES.invalidChoice,
      });
  });
});
