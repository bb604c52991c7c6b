import { describe, expect, it } from 'vitest';
import { CORPORATE_NUMBER_MESSAGE } from '#server/contracts/corporate-number.ts';
import { REGISTRATION_MESSAGES, registrationSchema } from '#server/contracts/registration-form.ts';
import {
  REGISTRATION_STEP_FIELDS,
  REGISTRATION_STEP_KEYS,
  REGISTRATION_VARIANT_CODES,
  REGISTRATION_VARIANTS,
  stepFields,
} from '#server/contracts/registration-variants.ts';
import { FUTURE_DATE_MESSAGE, POST_CODE_MESSAGE, VALIDATION_MESSAGES } from '#server/contracts/validation.ts';
import { COMPLETE_APPLICATION } from '#tests/support/registration-application.ts';
import { fieldMessages } from '#tests/support/schema-messages.ts';

const complete = COMPLETE_APPLICATION;

describe('registration variants as data', () => {
  it('names a title, a company type, a layout and known steps for every variant of the spec’s /register pages', () => {
    expect(Object.keys(REGISTRATION_VARIANTS).sort()).toEqual([...REGISTRATION_VARIANT_CODES].sort());
    for (const variant of Object.values(REGISTRATION_VARIANTS)) {
      expect(variant.title).toMatch(/[\u3040-\u30ff\u4e00-\u9fff]/);
      expect(variant.steps.length).toBeGreaterThan(0);
      for (const step of variant.steps) expect(REGISTRATION_STEP_KEYS).toContain(step);
      // Every optional or omitted field is a field of the form.
      const all: readonly string[] = Object.values(REGISTRATION_STEP_FIELDS).flat();
      for (const key of [...variant.optional, ...variant.omitted]) expect(all).toContain(key);
    }
  });

  it('lets the portal variants create a BA portal company and the upgrade variants use their own layouts', () => {
    expect(REGISTRATION_VARIANTS.portal.companyType).toBe('baportal');
    expect(REGISTRATION_VARIANTS.hgba.rejectionNotified).toBe(false);
    expect(REGISTRATION_VARIANTS.bizsol.layout).toBe('register-upgrade-bizsol');
    expect(REGISTRATION_VARIANTS.ibmft.layout).toBe('register-upgrade-ibmft');
    expect(stepFields(REGISTRATION_VARIANTS.payment, 'services').map((field) => field.key)).toContain(
      'card_token',
    );
    expect(stepFields(REGISTRATION_VARIANTS.ba, 'services').map((field) => field.key)).not.toContain(
      'card_token',
    );
    expect(stepFields(REGISTRATION_VARIANTS.portal, 'bank')).toEqual([]);
  });
});

describe('the registration form’s rules', () => {
  const ba = REGISTRATION_VARIANTS.ba;

  it('accepts a complete application of the ba variant', () => {
    expect(fieldMessages(registrationSchema(ba), complete)).toEqual({});
  });

  it('asks every required field of the variant with the spec’s message, and leaves the optional ones', () => {
    const messages = fieldMessages(registrationSchema(ba), {});
    for (const { key, required } of ba.steps.flatMap((step) => stepFields(ba, step))) {
      if (required) expect(messages[key], key).toEqual([VALIDATION_MESSAGES.required]);
      else if (key !== 'bb_id') expect(messages[key], key).toBeUndefined();
    }
    // The branch is required unless 取引店なし is ticked.
    expect(messages['bb_id']).toEqual([VALIDATION_MESSAGES.required]);
    expect(
      fieldMessages(registrationSchema(ba), { ...complete, bb_id: '', has_no_bank_branch: true }),
    ).toEqual({});
  });

  it('says what is wrong with each kind of field, in Japanese', () => {
    const messages = fieldMessages(registrationSchema(ba), {
      ...complete,
      user_last_name_kana: 'こばやし',
      user_email_confirmation: 'y.kobayashi@minato-foods.example.com',
      user_tel: '0312345678',
      company_corporate_number: '8000012050002',
      company_representative_birthday: '2999-01-01',
      company_account_closing_month: '13',
      company_website: 'minato-foods.example.jp',
      company_post_code: '1040-061',
      bank_account_type: 'savings',
      bank_account_number: '12345',
    });
    expect(messages).toEqual({
      user_last_name_kana: [VALIDATION_MESSAGES.katakana],
      user_email_confirmation: [REGISTRATION_MESSAGES.emailMismatch],
      user_tel: [VALIDATION_MESSAGES.phone],
      company_corporate_number: [CORPORATE_NUMBER_MESSAGE],
      company_representative_birthday: [FUTURE_DATE_MESSAGE],
      company_account_closing_month: [REGISTRATION_MESSAGES.closingMonth],
      company_website: [VALIDATION_MESSAGES.url],
      company_post_code: [POST_CODE_MESSAGE],
      bank_account_type: [REGISTRATION_MESSAGES.invalidChoice],
      bank_account_number: [REGISTRATION_MESSAGES.bankAccountNumber],
    });
  });

  it('requires what a switch asks for: the other manager when there is one', () => {
    expect(fieldMessages(registrationSchema(ba), { ...complete, has_other_manager: true })).toEqual({
      other_manager_text: [VALIDATION_MESSAGES.required],
    });
  });

  it('asks the payment variant for its card, and for the agreement only with a bundle plan', () => {
    const payment = REGISTRATION_VARIANTS.payment;
    const base = { ...complete, card_token: 'tok_1', card_masked_number: '************1111' };
    expect(fieldMessages(registrationSchema(payment), { ...base, bundle_payment_plan_id: '0' })).toEqual({});
    expect(fieldMessages(registrationSchema(payment), { ...base, bundle_payment_plan_id: '2' })).toEqual({
      agree_bundle_payment: [VALIDATION_MESSAGES.required],
    });
    expect(
      fieldMessages(registrationSchema(payment), {
        ...base,
        bundle_payment_plan_id: '2',
        agree_bundle_payment: true,
      }),
    ).toEqual({});
    expect(fieldMessages(registrationSchema(payment), complete)).toMatchObject({
      card_token: [VALIDATION_MESSAGES.required],
      bundle_payment_plan_id: [VALIDATION_MESSAGES.required],
    });
  });

  it('lets a draft be saved half-filled, one step at a time, and still checks what was entered', () => {
    const draft = registrationSchema(ba, ['applicant'], { lazy: true });
    expect(fieldMessages(draft, {})).toEqual({});
    expect(fieldMessages(draft, { user_last_name: '小林', user_tel: '03' })).toEqual({
      user_tel: [VALIDATION_MESSAGES.phone],
    });
    // A step's schema knows only its own fields.
    expect(fieldMessages(draft, { company_corporate_number: '1' })).toEqual({});
  });

  it('takes up to ten branch addresses, each checked like the main one', () => {
    const branch = {
      post_code: '060-0000',
      prefecture_code: '01',
      address1: '札幌市中央区',
      address2: '北1条西1-1',
    };
    expect(fieldMessages(registrationSchema(ba), { ...complete, company_branches: [branch] })).toEqual({});
    expect(
      fieldMessages(registrationSchema(ba), {
        ...complete,
        company_branches: [{ ...branch, post_code: 'x' }],
      }),
    ).toEqual({ 'company_branches.0.post_code': [POST_CODE_MESSAGE] });
    expect(
      fieldMessages(registrationSchema(ba), {
        ...complete,
        company_branches: Array.from({ length: 11 }, () => branch),
      }),
    ).toEqual({ company_branches: [REGISTRATION_MESSAGES.tooManyBranches] });
  });
});
