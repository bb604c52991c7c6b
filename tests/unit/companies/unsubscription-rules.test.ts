import { describe, expect, it } from 'vitest';
import {
  isCancellable,
  japanMonthOf,
  leaveMonthChoices,
  leaveMonthLabel,
  leavesOnOf,
  mayReserveUnsubscription,
  reserveUnsubscriptionSchema,
  UNSUBSCRIPTION_MESSAGES,
  unsubscriptionFieldsSchema,
} from '#server/contracts/company-unsubscription.ts';
import { maxLengthMessage, VALIDATION_MESSAGES } from '#server/contracts/validation.ts';
import { fieldMessages } from '#tests/support/schema-messages.ts';

/** 2026-03-31 23:30 in Japan (14:30 UTC): still March there. */
const LAST_EVENING_OF_MARCH = new Date('2026-03-31T14:30:00Z');
/** 2026-04-01 00:30 in Japan (March 31 in UTC). */
const FIRST_NIGHT_OF_APRIL = new Date('2026-03-31T15:30:00Z');

describe('the months a company may leave at the end of', () => {
  it('are this month in Japan and the next 12, across the year', () => {
    expect(leaveMonthChoices(new Date('2026-11-10T03:00:00Z'))).toEqual([
      '2026-11',
      '2026-12',
      '2027-01',
      '2027-02',
      '2027-03',
      '2027-04',
      '2027-05',
      '2027-06',
      '2027-07',
      '2027-08',
      '2027-09',
      '2027-10',
      '2027-11',
    ]);
  });

  it('turn at midnight in Japan, not in UTC', () => {
    expect(japanMonthOf(LAST_EVENING_OF_MARCH)).toBe('2026-03');
    expect(japanMonthOf(FIRST_NIGHT_OF_APRIL)).toBe('2026-04');
    expect(leaveMonthChoices(FIRST_NIGHT_OF_APRIL)[0]).toBe('2026-04');
  });

  it('end on their last day, leap years included', () => {
    expect(leavesOnOf('2026-04')).toBe('2026-04-30');
    expect(leavesOnOf('2026-12')).toBe('2026-12-31');
    expect(leavesOnOf('2027-02')).toBe('2027-02-28');
    expect(leavesOnOf('2028-02')).toBe('2028-02-29');
    expect(() => leavesOnOf('2026-13')).toThrow(RangeError);
    expect(leaveMonthLabel('2027-01')).toBe('2027年1月');
  });
});

describe('a standing reservation', () => {
  it('can be cancelled through its last day in Japan, not after', () => {
    expect(isCancellable('2026-03-31', LAST_EVENING_OF_MARCH)).toBe(true);
    expect(isCancellable('2026-03-31', FIRST_NIGHT_OF_APRIL)).toBe(false);
    expect(isCancellable('2026-04-30', FIRST_NIGHT_OF_APRIL)).toBe(true);
  });

  it('is made and cancelled by the bank’s system and bank admins only', () => {
    expect(mayReserveUnsubscription('system_admin')).toBe(true);
    expect(mayReserveUnsubscription('bank_admin')).toBe(true);
    for (const type of ['branch_admin', 'branch_user', 'company_owner', null, undefined])
      expect(mayReserveUnsubscription(type)).toBe(false);
  });
});

describe('the reservation’s fields', () => {
  const schema = unsubscriptionFieldsSchema(() => FIRST_NIGHT_OF_APRIL);

  it('take this month to 12 months ahead, a reason and an optional note', () => {
    expect(fieldMessages(schema, { leave_month: '2026-04', reason: 'cost' })).toEqual({});
    expect(fieldMessages(schema, { leave_month: '2027-04', reason: 'cost', note: 'あ'.repeat(500) })).toEqual(
      {},
    );
    expect(fieldMessages(schema, { leave_month: '2026-05', reason: 'cost', note: null })).toEqual({});
  });

  it('answer the spec’s messages', () => {
    expect(fieldMessages(schema, {})).toEqual({
      leave_month: [VALIDATION_MESSAGES.required],
      reason: [VALIDATION_MESSAGES.required],
    });
    expect(fieldMessages(schema, { leave_month: ' ', reason: '' })).toEqual({
      leave_month: [VALIDATION_MESSAGES.required],
      reason: [VALIDATION_MESSAGES.required],
    });
    // March is past at 00:30 on April 1st in Japan, though it is still March 31st in UTC.
    expect(fieldMessages(schema, { leave_month: '2026-03', reason: 'cost' })).toEqual({
      leave_month: [VALIDATION_MESSAGES.pastDate],
    });
    expect(fieldMessages(schema, { leave_month: '2027-05', reason: 'cost' })).toEqual({
      leave_month: [UNSUBSCRIPTION_MESSAGES.tooFarAhead],
    });
    for (const month of ['2026-4', '2026-00', '2026/05', 'May'])
      expect(fieldMessages(schema, { leave_month: month, reason: 'cost' }), month).toEqual({
        leave_month: [VALIDATION_MESSAGES.invalidFormat],
      });
    expect(fieldMessages(schema, { leave_month: '2026-05', reason: 'cost', note: 'あ'.repeat(501) })).toEqual(
      {
        note: [maxLengthMessage(500)],
      },
    );
    expect(fieldMessages(schema, { leave_month: 202605, reason: ['cost'] })).toEqual({
      leave_month: [VALIDATION_MESSAGES.invalidFormat],
      reason: [VALIDATION_MESSAGES.invalidFormat],
    });
  });

  it('name the company in the call’s body', () => {
    expect(
      fieldMessages(reserveUnsubscriptionSchema, { leave_month: '2099-01', reason: 'cost' }),
    ).toMatchObject({
      company_unique_code: [VALIDATION_MESSAGES.required],
    });
  });
});
