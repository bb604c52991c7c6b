import type { RegistrationFieldKey } from '#server/contracts/registration-variants.ts';
import type { ApplicationErrors, ApplicationValues } from '../application-values.ts';

/** What each control of a step reads and writes: the values, the messages and which fields it asks. */
export interface StepFieldsProps {
  values: ApplicationValues;
  errors: ApplicationErrors;
  /** The fields the step asks, each required or not (stepFields of the variant). */
  asked: ReadonlyMap<RegistrationFieldKey, boolean>;
  onChange(key: string, value: unknown): void;
}

/** A field's text as the form holds it. */
export const textOf = (values: ApplicationValues, key: string) => {
  const value = values[key];
  return typeof value === 'string' ? value : '';
};
