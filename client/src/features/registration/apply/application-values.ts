import * as z from 'zod/mini';
import { registrationSchema } from '#server/contracts/registration-form.ts';
import {
  REGISTRATION_STEP_FIELDS,
  type RegistrationStepKey,
  type RegistrationVariant,
  stepFields,
} from '#server/contracts/registration-variants.ts';
import { specErrorMap } from '#server/contracts/zod-error-map.ts';

/**
 * The application as the form holds it: text for every single field (numbers too, as typed), a
 * tick for a switch, a list for the branches and the interests. The server keeps each step's
 * checked values; reading a draft back turns them into what the controls hold again.
 */
export type ApplicationValues = Record<string, unknown>;

/** A message per field, keyed by its path: `user_tel`, `company_branches.0.post_code`. */
export type ApplicationErrors = Record<string, string>;

export interface BranchAddress {
  post_code: string;
  prefecture_code: string;
  address1: string;
  address2: string;
  address3: string;
}

export const EMPTY_BRANCH: BranchAddress = {
  post_code: '',
  prefecture_code: '',
  address1: '',
  address2: '',
  address3: '',
};

const SWITCHES = new Set(['has_no_bank_branch', 'has_other_manager', 'agree_bundle_payment']);
const LISTS = new Set(['company_branches', 'interesting_features']);

/** What the controls of a step hold for a draft's stored values (numbers as text, nothing as ''). */
export function enteredValues(variant: RegistrationVariant, stored: ApplicationValues): ApplicationValues {
  const entered: ApplicationValues = {};
  for (const step of variant.steps)
    for (const { key } of stepFields(variant, step)) {
      const value = stored[key];
      if (SWITCHES.has(key)) entered[key] = value === true;
      else if (LISTS.has(key)) entered[key] = Array.isArray(value) ? value : [];
      else entered[key] = value === undefined || value === null ? '' : String(value);
    }
  return entered;
}

/** The step's own values, to save in the draft. */
export function stepValues(
  variant: RegistrationVariant,
  step: RegistrationStepKey,
  values: ApplicationValues,
): ApplicationValues {
  return Object.fromEntries(stepFields(variant, step).map(({ key }) => [key, values[key]]));
}

/** Every message of `issues` by its path, the first of each. */
export function messagesByPath(issues: readonly z.core.$ZodIssue[]): ApplicationErrors {
  const errors: ApplicationErrors = {};
  for (const issue of issues) errors[issue.path.join('.')] ??= issue.message;
  return errors;
}

/** The server's field errors (`errors` of a refusal), the first message of each, by path. */
export function messagesOfFieldErrors(
  fieldErrors: Readonly<Record<string, readonly string[]>>,
): ApplicationErrors {
  return Object.fromEntries(
    Object.entries(fieldErrors).flatMap(([path, [message]]) => (message ? [[path, message]] : [])),
  );
}

/** The step's fields checked as sending will check them (required, formats, cross-field rules). */
export function checkStep(
  variant: RegistrationVariant,
  step: RegistrationStepKey,
  values: ApplicationValues,
): ApplicationErrors {
  const result = z.safeParse(registrationSchema(variant, [step]), stepValues(variant, step, values), {
    error: specErrorMap,
  });
  const errors = result.success ? {} : messagesByPath(result.error.issues);
  // The card's token is the server's (the card call keeps it): a registered card shows its number.
  if (textOrEmpty(values.card_masked_number) !== '') delete errors.card_token;
  return errors;
}

const textOrEmpty = (value: unknown) => (typeof value === 'string' ? value : '');

/** The step a field belongs to: where the page goes to show a message the server answered. */
export function stepOfField(field: string): RegistrationStepKey | undefined {
  const key = field.split('.', 1)[0];
  return (Object.keys(REGISTRATION_STEP_FIELDS) as RegistrationStepKey[]).find((step) =>
    (REGISTRATION_STEP_FIELDS[step] as readonly string[]).includes(key ?? ''),
  );
}
