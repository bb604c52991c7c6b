import * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import {
  cardBrandOf,
  isCardExpired,
  maskedCardNumber,
  passesLuhn,
  paymentCardFieldsSchema,
} from '#server/contracts/payment-card.ts';
import { specErrorMap } from '#server/contracts/zod-error-map.ts';
import { TEST_CARDS } from '#server/payment-gateway/test-cards.ts';

const JUNE_2026 = new Date('2026-06-15T03:00:00Z');
const fieldErrors = (brands: readonly string[], values: Record<string, string>) => {
  const result = z.safeParse(
    paymentCardFieldsSchema(brands, () => JUNE_2026),
    values,
    { error: specErrorMap },
  );
  return result.success ? {} : z.flattenError(result.error).fieldErrors;
};
const VALID = {
  card_number: '4111111111111111',
  expiry_month: '06',
  expiry_year: '2026',
  security_code: '123',
  holder_name: 'TARO YAMADA',
};

describe('card numbers', () => {
  it('tells every test card by its brand and passes each through the Luhn check', () => {
    for (const card of TEST_CARDS) {
      expect(passesLuhn(card.number), card.number).toBe(true);
      expect(cardBrandOf(card.number), card.number).toBe(card.brand);
    }
  });

  it('fails a changed check digit and knows no brand for numbers no network issues', () => {
    expect(passesLuhn('4111111111111112')).toBe(false);
    expect(cardBrandOf('9111111111111111')).toBeUndefined();
    expect(cardBrandOf('411111111111')).toBeUndefined();
  });

  it('masks all but the last four digits', () => {
    expect(maskedCardNumber('1111')).toBe('**** **** **** 1111');
  });

  it('counts a card as good through the end of its expiry month in Japan', () => {
    expect(isCardExpired(6, 2026, JUNE_2026)).toBe(false);
    expect(isCardExpired(5, 2026, JUNE_2026)).toBe(true);
    expect(isCardExpired(1, 2027, JUNE_2026)).toBe(false);
    expect(isCardExpired(12, 2025, JUNE_2026)).toBe(true);
  });
});

describe('the card form', () => {
  it('accepts a valid card of a listed brand', () => {
    expect(fieldErrors(['VISA'], VALID)).toEqual({});
  });

  it('gives one message per field, with the spec and card messages', () => {
    expect(fieldErrors(['VISA'], { ...VALID, card_number: '' }).card_number).toEqual(['必須入力項目です']);
    expect(fieldErrors(['VISA'], { ...VALID, card_number: '4111 1111' }).card_number).toEqual([
      '半角数字で入力してください',
    ]);
    expect(fieldErrors(['VISA'], { ...VALID, card_number: '4111111111111112' }).card_number).toEqual([
      'カード番号が正しくありません',
    ]);
    expect(fieldErrors(['JCB'], VALID).card_number).toEqual(['このカードブランドはご利用いただけません']);
    expect(fieldErrors(['VISA'], { ...VALID, expiry_month: '05' }).expiry_year).toEqual([
      '有効期限が過ぎています',
    ]);
    expect(fieldErrors(['VISA'], { ...VALID, security_code: '12' }).security_code).toEqual([
      'セキュリティコードは3桁または4桁の半角数字で入力してください',
    ]);
    expect(fieldErrors(['VISA'], { ...VALID, holder_name: '山田 太郎' }).holder_name).toEqual([
      '半角英字（ローマ字）で入力してください',
    ]);
  });
});
