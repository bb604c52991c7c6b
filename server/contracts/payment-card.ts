// zod/mini: the card registration page validates with this schema (see theme-tokens.ts).
import * as z from 'zod/mini';
import { defineCall } from './call.ts';
import { japanDateString } from './japan-day.ts';
import { validationRules, VALIDATION_MESSAGES } from './validation.ts';

/**
 * The company's payment card (platform spec section 2: /mypage/payment/card/create and
 * /mypage/payment/card/complate; section 4: a bank that asks for a card sends every company page to
 * the form until the company has one). The card number and security code go to the payment
 * gateway once, to be tokenised (server/payment/); the portal stores the gateway's token, the
 * brand, the last four digits, the expiry and the holder, never the number (decision 0068).
 */

/** The brands a bank may accept (its tenant file's card_brands). */
export const CARD_BRANDS = ['VISA', 'Mastercard', 'JCB', 'American Express', 'Diners Club'] as const;
export type CardBrand = (typeof CARD_BRANDS)[number];

export const CARD_HOLDER_MAX_LENGTH = 45;
/** How many years ahead the expiry year list reaches (cards are issued for at most about ten). */
export const CARD_EXPIRY_YEARS_AHEAD = 15;

export const PAYMENT_CARD_MESSAGES = {
  /** The number's length or check digit is wrong (Luhn), or its brand cannot be told. */
  invalidNumber: 'カード番号が正しくありません',
  expired: '有効期限が過ぎています',
  brandNotAccepted: 'このカードブランドはご利用いただけません',
  /** The gateway (or the card's issuer) refused the card. */
  declined: 'このカードはご利用いただけません',
  securityCode: 'セキュリティコードは3桁または4桁の半角数字で入力してください',
  holderRomaji: '半角英字（ローマ字）で入力してください',
  registered: 'カードを登録しました',
  failed: 'カードを登録できませんでした',
  notPermitted: 'お支払い方法を登録する権限がありません。企業オーナーの方に登録をご依頼ください。',
  gatewayUnavailable: 'ただいまカードを登録できません。しばらく時間をおいてから再度お試しください。',
} as const;

// ---------------------------------------------------------------------------------------------
// Card numbers

/** The Luhn check digit test every card number passes (ISO/IEC 7812-1). */
export function passesLuhn(digits: string): boolean {
  if (!/^[0-9]+$/.test(digits)) return false;
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** The brand a card number's leading digits (its IIN range) name, with the lengths it is issued in. */
const BRAND_RANGES: readonly { brand: CardBrand; test: (digits: string) => boolean; lengths: number[] }[] = [
  { brand: 'American Express', test: (d) => /^3[47]/.test(d), lengths: [15] },
  { brand: 'JCB', test: (d) => inRange(d, 4, 3528, 3589), lengths: [16] },
  { brand: 'Diners Club', test: (d) => /^(30[0-5]|3095|36|38|39)/.test(d), lengths: [14, 16] },
  { brand: 'VISA', test: (d) => d.startsWith('4'), lengths: [16] },
  {
    brand: 'Mastercard',
    test: (d) => inRange(d, 2, 51, 55) || inRange(d, 4, 2221, 2720),
    lengths: [16],
  },
];

function inRange(digits: string, prefixLength: number, low: number, high: number): boolean {
  const prefix = Number(digits.slice(0, prefixLength));
  return digits.length >= prefixLength && prefix >= low && prefix <= high;
}

/** The brand of a card number, or undefined when no brand issues numbers like it. */
export function cardBrandOf(digits: string): CardBrand | undefined {
  const range = BRAND_RANGES.find((candidate) => candidate.test(digits));
  return range && range.lengths.includes(digits.length) ? range.brand : undefined;
}

/** How a stored card is shown: only the last four digits (`**** **** **** 1111`). */
export function maskedCardNumber(last4: string): string {
  return `**** **** **** ${last4}`;
}

// ---------------------------------------------------------------------------------------------
// The form

/** The expiry's months as the form offers them: 01 to 12. */
export const CARD_EXPIRY_MONTHS = Array.from({ length: 12 }, (_, index) =>
  String(index + 1).padStart(2, '0'),
);

/** The expiry years the form offers: this year (in Japan) and the next CARD_EXPIRY_YEARS_AHEAD. */
export function cardExpiryYears(now: Date = new Date()): string[] {
  const year = Number(japanDateString(now).slice(0, 4));
  return Array.from({ length: CARD_EXPIRY_YEARS_AHEAD + 1 }, (_, index) => String(year + index));
}

/** A card is good through the last day of its expiry month (in Japan). */
export function isCardExpired(month: number, year: number, now: Date = new Date()): boolean {
  const [currentYear, currentMonth] = japanDateString(now).split('-').map(Number) as [number, number];
  return year < currentYear || (year === currentYear && month < currentMonth);
}

type CardField = 'card_number' | 'expiry_month' | 'expiry_year' | 'security_code' | 'holder_name';

/**
 * The card form (POST /api/v1/payment/card): the number as digits only, the expiry month and year,
 * the security code and the holder's name in romaji as printed on the card. `acceptedBrands` is the
 * bank's card_brands (the page passes them; the call's own schema accepts every brand and the
 * gateway's handler checks the bank's list).
 */
export function paymentCardFieldsSchema(
  acceptedBrands: readonly string[] = CARD_BRANDS,
  now: () => Date = () => new Date(),
) {
  const rules = validationRules({ now });
  const digitsOf = (value: unknown) =>
    typeof value === 'string' && /^[0-9]+$/.test(value) ? value : undefined;
  return z
    .object({
      card_number: rules.digits({ required: true, maxLength: 19 }),
      expiry_month: rules.digits({ required: true }),
      expiry_year: rules.digits({ required: true }),
      security_code: rules.digits({ required: true }),
      holder_name: rules.text({ required: true, maxLength: CARD_HOLDER_MAX_LENGTH }),
    })
    .check(
      // Each check reads a field only once its own rule (required, digits) has passed, so a field
      // shows one message at a time.
      z.superRefine<Partial<Record<CardField, unknown>>>((value, context) => {
        const issue = (field: CardField, message: string) =>
          context.addIssue({ code: 'custom', message, path: [field], input: value[field] });
        const number = digitsOf(value.card_number);
        if (number !== undefined) {
          const brand = cardBrandOf(number);
          if (!passesLuhn(number) || brand === undefined)
            issue('card_number', PAYMENT_CARD_MESSAGES.invalidNumber);
          else if (!acceptedBrands.includes(brand))
            issue('card_number', PAYMENT_CARD_MESSAGES.brandNotAccepted);
        }
        const month = digitsOf(value.expiry_month);
        const year = digitsOf(value.expiry_year);
        const monthNumber = Number(month);
        if (month !== undefined && (month.length !== 2 || monthNumber < 1 || monthNumber > 12))
          issue('expiry_month', VALIDATION_MESSAGES.invalidFormat);
        else if (year !== undefined && year.length !== 4)
          issue('expiry_year', VALIDATION_MESSAGES.invalidFormat);
        else if (month !== undefined && year !== undefined && isCardExpired(monthNumber, Number(year), now()))
          issue('expiry_year', PAYMENT_CARD_MESSAGES.expired);

        const securityCode = digitsOf(value.security_code);
        if (securityCode !== undefined && !/^[0-9]{3,4}$/.test(securityCode))
          issue('security_code', PAYMENT_CARD_MESSAGES.securityCode);
        const holder = typeof value.holder_name === 'string' ? value.holder_name.trim() : '';
        if (holder !== '' && !/^[A-Za-z][A-Za-z .'-]*$/.test(holder))
          issue('holder_name', PAYMENT_CARD_MESSAGES.holderRomaji);
      }),
    );
}
export type PaymentCardFields = z.infer<ReturnType<typeof paymentCardFieldsSchema>>;

// ---------------------------------------------------------------------------------------------
// Calls

export const paymentCardSchema = z.object({
  brand: z.enum(CARD_BRANDS),
  /** `**** **** **** 1111`: the stored last four digits, never more. */
  masked_number: z.string(),
  expiry_month: z.int(),
  expiry_year: z.int(),
  holder_name: z.string(),
  registered_at: z.string(),
});
export type PaymentCard = z.infer<typeof paymentCardSchema>;

export const getPaymentCard = /* @__PURE__ */ defineCall({
  domain: 'payment',
  method: 'GET',
  path: '/api/v1/payment/card',
  result: z.object({ card: z.nullable(paymentCardSchema) }),
  access: 'company',
  summary: '登録済みクレジットカードの取得',
  description:
    'ログイン中の企業が登録したカード（ブランド、下4桁だけを見せた番号、有効期限、名義）を返します。未登録ならcardはnullです。カード番号そのものは保存していません。',
});

export const registerPaymentCard = /* @__PURE__ */ defineCall({
  domain: 'payment',
  method: 'POST',
  path: '/api/v1/payment/card',
  body: paymentCardFieldsSchema(),
  result: z.object({ card: paymentCardSchema }),
  access: 'company',
  // The spec's お支払い設定の編集 permission (owners by default); anyone else is told they may not.
  member: { status: 403, message: PAYMENT_CARD_MESSAGES.notPermitted },
  permissions: { codes: ['company_setting_payment_write'], message: PAYMENT_CARD_MESSAGES.notPermitted },
  summary: 'クレジットカードの登録',
  description:
    '決済代行会社でカードをトークン化し、トークン・ブランド・下4桁・有効期限・名義だけを企業のカードとして保存します（登録済みなら置き換え）。お支払い設定の編集権限（company_setting_payment_write）が必要です。カード番号とセキュリティコードは保存もログ出力もしません。',
});
