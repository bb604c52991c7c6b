// zod/mini: the admin pages bundle these schemas (see theme-tokens.ts).
import * as z from 'zod/mini';
import { defineCall } from './call.ts';
import { isEmptyValue, VALIDATION_MESSAGES, validationRules } from './validation.ts';

/**
 * A company's monthly charges (admin spec: /admin/company/charge, charge kinds subscription, adjust
 * and pay_per_use). Amounts are whole yen; a month is charged once per kind, adjustments apart.
 * Saving asks for the staff member's own password again (admin spec sections 2 and 5), checked by
 * the server; only system and bank admins record charges.
 */
export const CHARGE_KINDS = ['subscription', 'adjust', 'pay_per_use'] as const;
export type ChargeKind = (typeof CHARGE_KINDS)[number];

export const CHARGE_KIND_LABELS: Record<ChargeKind, string> = {
  subscription: '月額利用料',
  adjust: '調整',
  pay_per_use: '従量課金',
};

/** The one kind a month may hold more than once, and the only one that may be negative. */
export const ADJUST_KIND: ChargeKind = 'adjust';

/** The largest amount either way, in yen (the spec shows no limit: ten million covers any plan). */
export const CHARGE_AMOUNT_LIMIT = 10_000_000;
export const CHARGE_NOTE_MAX_LENGTH = 200;
/** The page shows the charges of this many months up to the current one (and any later ones). */
export const CHARGE_HISTORY_MONTHS = 12;
/** The company lookup answers at most this many companies. */
export const CHARGE_COMPANY_LOOKUP_LIMIT = 20;
export const CHARGE_COMPANY_KEYWORD_MAX_LENGTH = 100;
/** Long enough for any password a provider keeps; bounds the hashing work a request can ask for. */
export const CHARGE_PASSWORD_MAX_LENGTH = 128;

/** A month as the form and the API write it: YYYY-MM, years 2000 to 2099. */
export const CHARGE_MONTH_PATTERN = /^20[0-9]{2}-(0[1-9]|1[0-2])$/;

const yen = (amount: number) => amount.toLocaleString('ja-JP');

/** The admin spec's messages (section 8: the charge save) and the page's own. */
export const CHARGE_MESSAGES = {
  saved: '保存しました',
  /** A wrong password, a staff member the portal cannot check, or no reply at all. */
  authenticationFailed: '認証に失敗しました。再度お試しください',
  /** A refusal that brought no message of its own. */
  systemError: 'システムエラーが発生しました',
  // Not in the spec (its field rules are not shown): the page's own words.
  monthFormat: '年月は「2025-04」の形式で入力してください',
  amountRange: `${yen(-CHARGE_AMOUNT_LIMIT)}〜${yen(CHARGE_AMOUNT_LIMIT)}の範囲で入力してください`,
  negativeOnlyForAdjust: 'マイナスの金額は、種別が「調整」のときだけ入力できます',
  invalidChoice: '選択肢の中から選んでください',
  rateLimited: '短時間に多くの保存が行われました。しばらくしてから再度お試しください。',
  loadFailed: '利用料の取得に失敗しました。',
  lookupFailed: '企業の検索に失敗しました。',
} as const;

/** A month holds one entry of each kind but adjustments: the second is refused with this. */
export function alreadyChargedMessage(kind: ChargeKind): string {
  return `この月の${CHARGE_KIND_LABELS[kind]}はすでに登録されています。`;
}

/** `2025-04` → `2025-04-01`, the month as the table keeps it (its first day). */
export function chargeMonthStart(month: string): string {
  return `${month}-01`;
}

/** The month `monthsBack` months before `month` (YYYY-MM); negative counts go forward. */
export function monthsBefore(month: string, monthsBack: number): string {
  const [year, monthOfYear] = month.split('-').map(Number) as [number, number];
  const index = year * 12 + (monthOfYear - 1) - monthsBack;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

const rules = validationRules();

function choiceOf<const T extends readonly [string, ...string[]]>(values: T) {
  return z.enum(values, {
    error: (issue) =>
      isEmptyValue(issue.input) ? VALIDATION_MESSAGES.required : CHARGE_MESSAGES.invalidChoice,
  });
}

/**
 * The entry's fields as the form holds them (one control each): month, kind, amount (an integer in
 * yen, text as typed or a JSON number), status (a code of the charge_statuses master, checked by the
 * server) and an optional note.
 */
const chargeFieldShape = {
  charge_month: rules.text({ required: true }).check(
    z.refine((month) => isEmptyValue(month) || CHARGE_MONTH_PATTERN.test(month), {
      message: CHARGE_MESSAGES.monthFormat,
    }),
  ),
  charge_kind: choiceOf(CHARGE_KINDS),
  charge_amount: z.pipe(
    rules.integer({ required: true }),
    z
      .number()
      .check(
        z.minimum(-CHARGE_AMOUNT_LIMIT, { error: CHARGE_MESSAGES.amountRange }),
        z.maximum(CHARGE_AMOUNT_LIMIT, { error: CHARGE_MESSAGES.amountRange }),
      ),
  ),
  charge_status: rules.text({ required: true, maxLength: 40 }),
  charge_note: rules.text({ maxLength: CHARGE_NOTE_MAX_LENGTH, multiline: true }),
};

/** Only an adjustment may be negative (a refund, a correction): the message goes under the amount. */
const negativeOnlyForAdjust = z.superRefine(
  (value: { charge_kind?: unknown; charge_amount?: unknown }, context) => {
    if (
      value.charge_kind !== ADJUST_KIND &&
      typeof value.charge_amount === 'number' &&
      value.charge_amount < 0
    )
      context.addIssue({
        code: 'custom',
        message: CHARGE_MESSAGES.negativeOnlyForAdjust,
        path: ['charge_amount'],
        input: value.charge_amount,
      });
  },
);

/** The page's form (useSchemaForm): the same rules the save call checks. */
export const chargeFieldsSchema = z.object(chargeFieldShape).check(negativeOnlyForAdjust);
export type ChargeFields = z.output<typeof chargeFieldsSchema>;

export const companyUniqueCodeSchema = z.string().check(z.minLength(1), z.maxLength(32));

/** The password dialog's one field: the staff member's own password, required. */
export const chargePasswordShape = {
  password: rules.text({ required: true, maxLength: CHARGE_PASSWORD_MAX_LENGTH }),
};
export const chargePasswordSchema = z.object(chargePasswordShape);

/**
 * The save's body (admin spec section 7: the charge form's fields plus password): the company, the
 * entry's id when an existing entry is edited, the fields and the password.
 */
export const chargeSaveSchema = z
  .object({
    company_unique_code: companyUniqueCodeSchema,
    /** The entry edited; absent or null for a new one. */
    charge_id: z.optional(z.nullable(z.int().check(z.minimum(1), z.maximum(2_147_483_647)))),
    ...chargeFieldShape,
    ...chargePasswordShape,
  })
  .check(negativeOnlyForAdjust);
export type ChargeSaveRequest = z.input<typeof chargeSaveSchema>;

export const chargeCompanySchema = z.object({
  company_unique_code: z.string(),
  company_name: z.string(),
  /** The branch that looks after the company; null when none. */
  bb_name: z.nullable(z.string()),
});
export type ChargeCompany = z.infer<typeof chargeCompanySchema>;

export const chargeItemSchema = z.object({
  charge_id: z.int(),
  /** YYYY-MM */
  charge_month: z.string(),
  charge_kind: z.enum(CHARGE_KINDS),
  /** Yen; negative only for an adjustment. */
  charge_amount: z.int(),
  /** A code of the charge_statuses master. */
  charge_status: z.string(),
  charge_note: z.nullable(z.string()),
  charge_updated_at: z.string(),
});
export type ChargeItem = z.infer<typeof chargeItemSchema>;

export const chargeCompanyLookupCall = /* @__PURE__ */ defineCall({
  domain: 'companies',
  method: 'GET',
  path: '/api/v1/company/charge/companies',
  query: z.object({
    /** In the company's name, its name in kana, or its code. */
    keyword: z.optional(z.string().check(z.maxLength(CHARGE_COMPANY_KEYWORD_MAX_LENGTH))),
  }),
  result: z.object({ list: z.array(chargeCompanySchema) }),
  access: 'admin',
  summary: '利用料を登録する企業の検索',
  description: `企業名・企業名カナ・企業コードにキーワードを含む企業を、カナ順に最大${CHARGE_COMPANY_LOOKUP_LIMIT}件返します。システム管理者・銀行管理者のみ。`,
});

export const companyChargesCall = /* @__PURE__ */ defineCall({
  domain: 'companies',
  method: 'GET',
  path: '/api/v1/company/charge/list',
  query: z.object({ company_unique_code: companyUniqueCodeSchema }),
  result: z.object({
    company: chargeCompanySchema,
    /** The first month shown (YYYY-MM): the charges of this month and after. */
    from_month: z.string(),
    charges: z.array(chargeItemSchema),
  }),
  access: 'admin',
  summary: '企業の月額利用料',
  description: `企業の利用料を、当月までの${CHARGE_HISTORY_MONTHS}か月分（以降の月の登録も含む）、新しい月から返します。ほかの銀行の企業・存在しない企業は 404 です。システム管理者・銀行管理者のみ。`,
});

/** The save, served at both of the spec's paths (admin spec section 7). */
function chargeSaveCall<const P extends '/api/v1/company/charge/save' | '/api/v1/charge/save'>(path: P) {
  return defineCall({
    domain: 'companies',
    method: 'POST',
    path,
    body: chargeSaveSchema,
    result: z.object({ charge: chargeItemSchema }),
    access: 'admin',
    summary: '月額利用料の保存',
    description:
      '利用料の明細を登録します（charge_id があればその明細を更新します）。保存する職員本人のパスワードが必要で、一致しないときは 422「認証に失敗しました。再度お試しください」を返し、何も保存しません。月額利用料・従量課金は1か月に1件（調整は何件でも）、マイナスの金額は調整だけです。',
  });
}

export const saveCompanyChargeCall = /* @__PURE__ */ chargeSaveCall('/api/v1/company/charge/save');
export const saveChargeCall = /* @__PURE__ */ chargeSaveCall('/api/v1/charge/save');
