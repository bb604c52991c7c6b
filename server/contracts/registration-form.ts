// zod/mini: the registration pages bundle these schemas (see theme-tokens.ts).
import * as z from 'zod/mini';
import {
  type RegistrationFieldKey,
  type RegistrationStepKey,
  type RegistrationVariant,
  stepFields,
} from './registration-variants.ts';
import { isEmptyValue, VALIDATION_MESSAGES, validationRules } from './validation.ts';

/**
 * The registration form's field rules (platform spec sections 3 and 5): one rule per field, made
 * required or optional by the variant (registration-variants.ts), for one step (lazy: a draft saved
 * half-filled) or for the whole application (strict: what is sent for approval). The browser's form
 * and the server's routes use the same schemas, so both answer with the same Japanese messages.
 */

export const REGISTRATION_MESSAGES = {
  emailMismatch: 'メールアドレスが一致しません',
  invalidChoice: '選択肢の中から選んでください',
  closingMonth: '決算月は1月から12月の中から選んでください',
  bankAccountNumber: '口座番号は7桁の半角数字で入力してください',
  tooManyBranches: '支店・営業所は10件まで入力できます',
} as const;

/** The bank account kinds (預金種目) a registration names. */
export const BANK_ACCOUNT_TYPES = { ordinary: '普通', current: '当座' } as const;
export type BankAccountType = keyof typeof BANK_ACCOUNT_TYPES;

/** The bundle payment plans: 0 none, 1 the issue plan, 2 to 4 issue and receive plans 1 to 3. */
export const BUNDLE_PAYMENT_PLANS = {
  0: '利用しない',
  1: '請求書発行プラン',
  2: '発行・受取プラン1',
  3: '発行・受取プラン2',
  4: '発行・受取プラン3',
} as const;

export const MAX_BRANCH_ADDRESSES = 10;

/** A rule for one field; `required` as the variant says. */
type FieldRule = (required: boolean) => z.ZodMiniType;

function choice(values: readonly string[]): FieldRule {
  return (required) => {
    const rule = z.enum(values as [string, ...string[]], {
      error: (issue) =>
        isEmptyValue(issue.input) ? VALIDATION_MESSAGES.required : REGISTRATION_MESSAGES.invalidChoice,
    });
    return required ? rule : z.optional(z.nullable(z.union([rule, z.literal('')])));
  };
}

/** A box to tick: ticked, or 必須入力項目です. */
const tickBox: FieldRule = (required) =>
  required ? z.literal(true, { error: VALIDATION_MESSAGES.required }) : z.optional(z.boolean());

const flag: FieldRule = () => z._default(z.boolean(), false);

function fieldRules(lazy: boolean): Record<RegistrationFieldKey, FieldRule> {
  const rules = validationRules({ lazy });
  const text = (maxLength: number) => (required: boolean) => rules.text({ required, maxLength });
  const textArea = (maxLength: number) => (required: boolean) =>
    rules.text({ required, maxLength, multiline: true });
  const katakana = (maxLength: number) => (required: boolean) => rules.katakana({ required, maxLength });
  const address = (required: boolean) =>
    z.object({
      post_code: rules.postCode({ required }),
      prefecture_code: rules.digits({ required, maxLength: 2 }),
      address1: rules.text({ required, maxLength: 100 }),
      address2: rules.text({ required, maxLength: 100 }),
      address3: rules.text({ maxLength: 100 }),
    });
  return {
    user_last_name: text(30),
    user_first_name: text(30),
    user_last_name_kana: katakana(60),
    user_first_name_kana: katakana(60),
    user_email: (required) => rules.email({ required }),
    user_email_confirmation: (required) => rules.email({ required }),
    user_tel: (required) => rules.phone({ required }),
    company_corporate_number: (required) => rules.corporateNumber({ required }),
    company_name: text(100),
    company_name_kana: katakana(200),
    company_tel: (required) => rules.phone({ required }),
    company_representative_name: text(60),
    company_representative_birthday: (required) => rules.notFutureDate({ required }),
    company_establish_date: (required) => rules.notFutureDate({ required }),
    company_account_closing_month: (required) =>
      rules.positiveInteger({ required }).check(
        z.refine((month) => month === undefined || month === null || month <= 12, {
          message: REGISTRATION_MESSAGES.closingMonth,
        }),
      ),
    company_employee_count: (required) => rules.positiveInteger({ required }),
    company_website: (required) => rules.url({ required, maxLength: 2048 }),
    company_post_code: (required) => rules.postCode({ required }),
    company_prefecture_code: (required) => rules.digits({ required, maxLength: 2 }),
    company_address1: text(100),
    company_address2: text(100),
    company_address3: text(100),
    company_branches: () =>
      z.optional(
        z
          .array(address(!lazy))
          .check(z.maxLength(MAX_BRANCH_ADDRESSES, REGISTRATION_MESSAGES.tooManyBranches)),
      ),
    company_industry_major_code: (required) => rules.alphanumeric({ required, maxLength: 1 }),
    company_industry_middle_code: (required) => rules.digits({ required, maxLength: 2 }),
    has_no_bank_branch: flag,
    bb_id: (required) => rules.positiveInteger({ required }),
    bank_account_type: choice(Object.keys(BANK_ACCOUNT_TYPES)),
    bank_account_number: (required) =>
      rules.digits({ required, maxLength: 7 }).check(
        z.refine((number) => isEmptyValue(number) || String(number).length === 7, {
          message: REGISTRATION_MESSAGES.bankAccountNumber,
        }),
      ),
    identification_file_unique_code: text(64),
    has_other_manager: flag,
    other_manager_text: textArea(500),
    interesting_features: () => z.optional(z.array(z.string().check(z.maxLength(40))).check(z.maxLength(30))),
    bundle_payment_plan_id: choice(Object.keys(BUNDLE_PAYMENT_PLANS)),
    agree_bundle_payment: tickBox,
    card_token: text(200),
    card_masked_number: text(32),
  };
}

/** A rule that applies when a switch is set: the field it governs is then required. */
const CONDITIONAL_REQUIREMENTS: readonly {
  field: RegistrationFieldKey;
  when: (values: Record<string, unknown>) => boolean;
}[] = [
  { field: 'bb_id', when: (values) => values.has_no_bank_branch !== true },
  { field: 'other_manager_text', when: (values) => values.has_other_manager === true },
  {
    field: 'agree_bundle_payment',
    when: (values) =>
      values.bundle_payment_plan_id !== undefined &&
      !['0', '', null].includes(values.bundle_payment_plan_id as string),
  },
];

/** Cross-field rules run even when a field has failed: the applicant sees every message at once. */
const ONCE_AN_OBJECT = {
  when: (payload: { value: unknown }) => typeof payload.value === 'object' && payload.value !== null,
};

/**
 * The schema of the fields `steps` ask in the variant. Lazy: every required check is skipped (a
 * draft), what was entered is still checked. Cross-field rules: the e-mail confirmation, and the
 * fields a switch makes required (the branch unless 取引店なし, the other manager when there is one,
 * the bundle payment agreement with a plan).
 */
export function registrationSchema(
  variant: RegistrationVariant,
  steps: readonly RegistrationStepKey[] = variant.steps,
  options: { lazy?: boolean } = {},
) {
  const lazy = options.lazy ?? false;
  const rules = fieldRules(lazy);
  const fields = steps.flatMap((step) => stepFields(variant, step));
  const shape = Object.fromEntries(fields.map(({ key, required }) => [key, rules[key](required && !lazy)]));
  const asked = new Set(fields.map(({ key }) => key));
  return z.object(shape).check(
    z.superRefine((values: Record<string, unknown>, context) => {
      if (
        asked.has('user_email_confirmation') &&
        !isEmptyValue(values.user_email_confirmation) &&
        values.user_email_confirmation !== values.user_email
      )
        context.addIssue({
          code: 'custom',
          message: REGISTRATION_MESSAGES.emailMismatch,
          path: ['user_email_confirmation'],
          input: values.user_email_confirmation,
        });
      if (lazy) return;
      for (const { field, when } of CONDITIONAL_REQUIREMENTS) {
        const value = values[field];
        // A box to tick is missing unless ticked; any other field unless filled in.
        const missing = typeof value === 'boolean' ? value !== true : isEmptyValue(value);
        if (asked.has(field) && when(values) && missing)
          context.addIssue({
            code: 'custom',
            message: VALIDATION_MESSAGES.required,
            path: [field],
            input: value,
          });
      }
    }, ONCE_AN_OBJECT),
  );
}
