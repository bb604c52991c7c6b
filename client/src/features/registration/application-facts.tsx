import { type ReactNode, useMemo } from 'react';
import { BANK_ACCOUNT_TYPES, BUNDLE_PAYMENT_PLANS } from '#server/contracts/registration-form.ts';
import {
  REGISTRATION_STEP_TITLES,
  type RegistrationFieldKey,
  type RegistrationStepKey,
  type RegistrationVariant,
  stepFields,
} from '#server/contracts/registration-variants.ts';
import type { Fact } from '#client/components/fact-list.tsx';
import { MutedText, WrittenText } from '#client/components/page/page-text.ts';
import { REGISTRATION_FIELD_LABELS } from '#client/features/registration/registration-field-labels.ts';
import { formatJapaneseDate } from '#client/lib/date-format.ts';
import { useMasterList } from '#client/lib/master-data.ts';

/**
 * Fields not shown: the e-mail address typed a second time, and the card's token (the payment
 * service's, of no use to a reader; the masked number says which card).
 */
const UNSHOWN_FIELDS: ReadonlySet<RegistrationFieldKey> = new Set(['user_email_confirmation', 'card_token']);

const isEmpty = (value: unknown) =>
  value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);

/** A value no rule below knows: yes/no for a flag, a list joined, anything else as text. */
function plainText(value: unknown): string {
  if (typeof value === 'boolean') return value ? 'はい' : 'いいえ';
  if (Array.isArray(value)) return value.map(plainText).join('、');
  if (typeof value === 'object' && value !== null) return JSON.stringify(value);
  return String(value);
}

type Named = readonly { code: string; name: string }[];
const nameIn = (list: Named, code: unknown) =>
  list.find((item) => item.code === String(code))?.name ?? String(code);

/** One of the company's other offices, as the form takes it (registration-form.ts: company_branches). */
function addressLine(address: unknown, prefectures: Named): string {
  if (typeof address !== 'object' || address === null) return plainText(address);
  const part = (name: string) => {
    const value = (address as Record<string, unknown>)[name];
    return typeof value === 'string' ? value : '';
  };
  const prefecture = part('prefecture_code') && nameIn(prefectures, part('prefecture_code'));
  const street = `${prefecture}${part('address1')}${part('address2')}`;
  return [part('post_code') && `〒${part('post_code')}`, street, part('address3')]
    .filter((piece) => piece !== '')
    .join(' ');
}

export interface ApplicationFactOptions {
  /** The branch's name as the server answered it (the desk); else looked up in the branch list. */
  branchName?: string | null;
  /** What the identification document's row shows (a link on the desk); else 提出済み. */
  identificationFile?: ReactNode;
}

type FieldText = (value: unknown, values: Record<string, unknown>) => ReactNode;

/** How the fields whose value is a code, a date, a count or a list read. */
function useFieldTexts(options: ApplicationFactOptions): Partial<Record<RegistrationFieldKey, FieldText>> {
  const prefectures = useMasterList('prefectures');
  const industries = useMasterList('ba_ca_types');
  const features = useMasterList('interesting_features');
  const branches = useMasterList('bank_branches');
  const { branchName, identificationFile } = options;
  return useMemo(() => {
    const day: FieldText = (value) => formatJapaneseDate(String(value));
    return {
      company_representative_birthday: day,
      company_establish_date: day,
      company_account_closing_month: (value) => `${plainText(value)}月`,
      company_employee_count: (value) => `${plainText(value)}名`,
      company_prefecture_code: (value) => nameIn(prefectures, value),
      company_industry_major_code: (value) => nameIn(industries, value),
      company_industry_middle_code: (value, values) => {
        const major = industries.find((item) => item.code === values.company_industry_major_code);
        return nameIn(major?.children ?? [], value);
      },
      company_branches: (value) => (
        <WrittenText>
          {(Array.isArray(value) ? value : [value])
            .map((address) => addressLine(address, prefectures))
            .join('\n')}
        </WrittenText>
      ),
      other_manager_text: (value) => <WrittenText>{plainText(value)}</WrittenText>,
      bb_id: (value) =>
        branchName ?? branches.find((branch) => String(branch.bb_id) === String(value))?.bb_name,
      bank_account_type: (value) =>
        BANK_ACCOUNT_TYPES[String(value) as keyof typeof BANK_ACCOUNT_TYPES] ?? plainText(value),
      bundle_payment_plan_id: (value) =>
        BUNDLE_PAYMENT_PLANS[Number(value) as keyof typeof BUNDLE_PAYMENT_PLANS] ?? plainText(value),
      interesting_features: (value) =>
        (Array.isArray(value) ? value : [value]).map((code) => nameIn(features, code)).join('、'),
      identification_file_unique_code: () => identificationFile ?? '提出済み',
    };
  }, [prefectures, industries, features, branches, branchName, identificationFile]);
}

export interface StepFacts {
  step: RegistrationStepKey;
  title: string;
  facts: Fact[];
}

/**
 * What an application says, step by step as its variant asks it, each field under the form's
 * label: flags as はい / いいえ, codes by their names (branch, account type, plan, prefecture,
 * industry, interests), days in Japanese, empty fields as —. The applicant's confirmation page and
 * the bank's desk show the same.
 */
export function useApplicationFacts(
  variant: RegistrationVariant,
  values: Record<string, unknown>,
  options: ApplicationFactOptions = {},
): StepFacts[] {
  const texts = useFieldTexts(options);
  return variant.steps.map((step) => ({
    step,
    title: REGISTRATION_STEP_TITLES[step],
    facts: stepFields(variant, step)
      .filter(({ key }) => !UNSHOWN_FIELDS.has(key))
      .map(({ key }) => {
        const value = values[key];
        const text = isEmpty(value) ? undefined : (texts[key]?.(value, values) ?? plainText(value));
        return {
          term: REGISTRATION_FIELD_LABELS[key],
          value: text === undefined || text === null || text === '' ? <MutedText>—</MutedText> : text,
        };
      }),
  }));
}
