import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import {
  alreadyChargedMessage,
  CHARGE_MESSAGES,
  chargeFieldsSchema,
  chargeMonthStart,
  chargePasswordSchema,
  chargeSaveSchema,
  monthsBefore,
} from '#server/contracts/company-charges.ts';
import { specErrorMap } from '#server/contracts/zod-error-map.ts';

/** The first message of each field, as the form and the server's 400 show them. */
function messagesOf(schema: z.ZodMiniType, value: unknown): Record<string, string> {
  const result = z.safeParse(schema, value, { error: specErrorMap });
  if (result.success) return {};
  const messages: Record<string, string> = {};
  for (const issue of result.error.issues) messages[String(issue.path[0])] ??= issue.message;
  return messages;
}

const FIELDS = {
  charge_month: '2026-04',
  charge_kind: 'subscription',
  charge_amount: '5500',
  charge_status: 'billed',
  charge_note: '',
};

describe('a charge entry’s fields (the form and the save check the same rules)', () => {
  it('accepts a month’s subscription in whole yen, the amount as typed or as a JSON number', () => {
    expect(z.parse(chargeFieldsSchema, FIELDS)).toMatchObject({
      charge_amount: 5500,
      charge_month: '2026-04',
    });
    expect(z.parse(chargeFieldsSchema, { ...FIELDS, charge_amount: 5500 }).charge_amount).toBe(5500);
  });

  it('requires the month, kind, amount and status: 必須入力項目です', () => {
    expect(
      messagesOf(chargeFieldsSchema, {
        charge_month: '',
        charge_kind: '',
        charge_amount: '',
        charge_status: '',
      }),
    ).toEqual({
      charge_month: '必須入力項目です',
      charge_kind: '必須入力項目です',
      charge_amount: '必須入力項目です',
      charge_status: '必須入力項目です',
    });
  });

  it('takes a month as YYYY-MM only', () => {
    for (const month of ['2026-4', '2026/04', '2026-13', '2026-00', '1999-12', '2026-04-01', '令和8年4月'])
      expect(messagesOf(chargeFieldsSchema, { ...FIELDS, charge_month: month }), month).toEqual({
        charge_month: CHARGE_MESSAGES.monthFormat,
      });
    expect(CHARGE_MESSAGES.monthFormat).toBe('年月は「2025-04」の形式で入力してください');
  });

  it('takes one of the three kinds', () => {
    expect(messagesOf(chargeFieldsSchema, { ...FIELDS, charge_kind: 'refund' })).toEqual({
      charge_kind: '選択肢の中から選んでください',
    });
    for (const kind of ['subscription', 'adjust', 'pay_per_use'])
      expect(messagesOf(chargeFieldsSchema, { ...FIELDS, charge_kind: kind })).toEqual({});
  });

  it('takes whole yen only: 整数を半角で入力してください', () => {
    for (const amount of ['5,500', '5500.5', '５５００', '5500円', 5500.5, 'abc'])
      expect(messagesOf(chargeFieldsSchema, { ...FIELDS, charge_amount: amount }), String(amount)).toEqual({
        charge_amount: '整数を半角で入力してください',
      });
  });

  it('keeps amounts within ten million yen either way', () => {
    expect(CHARGE_MESSAGES.amountRange).toBe('-10,000,000〜10,000,000の範囲で入力してください');
    expect(messagesOf(chargeFieldsSchema, { ...FIELDS, charge_amount: '10000000' })).toEqual({});
    expect(messagesOf(chargeFieldsSchema, { ...FIELDS, charge_amount: '10000001' })).toEqual({
      charge_amount: CHARGE_MESSAGES.amountRange,
    });
    expect(
      messagesOf(chargeFieldsSchema, { ...FIELDS, charge_kind: 'adjust', charge_amount: '-10000001' }),
    ).toEqual({ charge_amount: CHARGE_MESSAGES.amountRange });
  });

  it('lets only an adjustment be negative, and says so under the amount', () => {
    expect(CHARGE_MESSAGES.negativeOnlyForAdjust).toBe(
      'マイナスの金額は、種別が「調整」のときだけ入力できます',
    );
    for (const kind of ['subscription', 'pay_per_use'])
      expect(messagesOf(chargeFieldsSchema, { ...FIELDS, charge_kind: kind, charge_amount: '-500' })).toEqual(
        {
          charge_amount: CHARGE_MESSAGES.negativeOnlyForAdjust,
        },
      );
    expect(
      z.parse(chargeFieldsSchema, { ...FIELDS, charge_kind: 'adjust', charge_amount: '-500' }).charge_amount,
    ).toBe(-500);
  });

  it('keeps a note to 200 characters', () => {
    expect(messagesOf(chargeFieldsSchema, { ...FIELDS, charge_note: 'あ'.repeat(200) })).toEqual({});
    expect(messagesOf(chargeFieldsSchema, { ...FIELDS, charge_note: 'あ'.repeat(201) })).toEqual({
      charge_note: '200文字以内で入力してください',
    });
  });
});

describe('the save’s body: the form plus password', () => {
  const body = { ...FIELDS, company_unique_code: 'c0001', password: 'demo-password' };

  it('requires the password and the company', () => {
    expect(messagesOf(chargeSaveSchema, { ...body, password: '' })).toEqual({ password: '必須入力項目です' });
    expect(messagesOf(chargePasswordSchema, { password: '   ' })).toEqual({ password: '必須入力項目です' });
    expect(messagesOf(chargeSaveSchema, { ...body, company_unique_code: '' })).toEqual({
      company_unique_code: '必須入力項目です',
    });
  });

  it('takes an edited entry’s id as a positive integer, or none for a new entry', () => {
    expect(z.parse(chargeSaveSchema, body).charge_id).toBeUndefined();
    expect(z.parse(chargeSaveSchema, { ...body, charge_id: null }).charge_id).toBeNull();
    expect(z.parse(chargeSaveSchema, { ...body, charge_id: 12 }).charge_id).toBe(12);
    for (const id of [0, -1, 1.5, '12', 2 ** 31])
      expect(z.safeParse(chargeSaveSchema, { ...body, charge_id: id }).success, String(id)).toBe(false);
  });

  it('applies the amount’s sign rule as the form does', () => {
    expect(messagesOf(chargeSaveSchema, { ...body, charge_amount: -1 })).toEqual({
      charge_amount: CHARGE_MESSAGES.negativeOnlyForAdjust,
    });
  });
});

describe('months and messages', () => {
  it('counts months back across years', () => {
    expect(monthsBefore('2026-04', 11)).toBe('2025-05');
    expect(monthsBefore('2026-01', 1)).toBe('2025-12');
    expect(monthsBefore('2025-12', -1)).toBe('2026-01');
    expect(chargeMonthStart('2026-04')).toBe('2026-04-01');
  });

  it('names the kind a month already holds', () => {
    expect(alreadyChargedMessage('subscription')).toBe('この月の月額利用料はすでに登録されています。');
    expect(alreadyChargedMessage('pay_per_use')).toBe('この月の従量課金はすでに登録されています。');
  });

  it('uses the admin spec’s texts for the save', () => {
    expect(CHARGE_MESSAGES.saved).toBe('保存しました');
    expect(CHARGE_MESSAGES.authenticationFailed).toBe('認証に失敗しました。再度お試しください');
    expect(CHARGE_MESSAGES.systemError).toBe('システムエラーが発生しました');
  });
});
