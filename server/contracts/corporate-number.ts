/**
 * 法人番号 (corporate number): 13 digits, the first a check digit over the other twelve
 * (法人番号の指定等に関する省令 第2条): with P(n) the n-th of the twelve digits counted from the
 * right and Q(n) 1 for odd n and 2 for even n, the check digit is 9 − (Σ P(n)×Q(n) mod 9).
 */
export const CORPORATE_NUMBER_MESSAGE = '法人番号が正しくありません（13桁の半角数字）';

export function corporateNumberCheckDigit(base: string): number {
  let sum = 0;
  for (let n = 1; n <= 12; n += 1) sum += Number(base[12 - n]) * (n % 2 === 1 ? 1 : 2);
  return 9 - (sum % 9);
}

/** Whether the text is a corporate number: 13 half-width digits whose first is the check digit. */
export function isCorporateNumber(text: string): boolean {
  return /^[1-9][0-9]{12}$/.test(text) && Number(text[0]) === corporateNumberCheckDigit(text.slice(1));
}
