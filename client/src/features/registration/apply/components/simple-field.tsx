import type { ReactNode } from 'react';
import type { RegistrationFieldKey } from '#server/contracts/registration-variants.ts';
import { describedControl, FieldRow } from '#client/components/form/field-row.tsx';
import { ChoiceLabel, Select, TextArea, TextInput } from '#client/components/form/form-controls.ts';
import { REGISTRATION_FIELD_LABELS } from '#client/features/registration/registration-field-labels.ts';
import { type StepFieldsProps, textOf } from './step-fields-context.ts';

/** How one field of the form is entered. */
export type SimpleFieldSpec =
  | { kind: 'text'; hint?: string; autoComplete?: string; inputMode?: 'numeric' | 'tel' | 'email' | 'url' }
  | { kind: 'date'; hint?: string }
  | { kind: 'textarea'; hint?: string }
  | { kind: 'select'; options: readonly { value: string; label: string }[]; hint?: string }
  | { kind: 'radio'; options: readonly { value: string; label: string }[]; hint?: string }
  | { kind: 'checkbox'; text: string; hint?: string };

/**
 * One field of the registration form in the portal's form row: its label (必須 or 任意), the
 * control and its message. Nothing when the step does not ask it.
 */
export function SimpleField({
  name,
  spec,
  values,
  errors,
  asked,
  onChange,
  children,
}: StepFieldsProps & { name: RegistrationFieldKey; spec: SimpleFieldSpec; children?: ReactNode }) {
  const required = asked.get(name);
  if (required === undefined) return null;
  const row = { name, required, hint: spec.hint, error: errors[name] };
  const described = describedControl(name, row);
  const text = textOf(values, name);
  const label = REGISTRATION_FIELD_LABELS[name];
  switch (spec.kind) {
    case 'text':
    case 'date':
      return (
        <FieldRow optionalTag label={label} {...row}>
          <TextInput
            {...described}
            name={name}
            type={spec.kind === 'date' ? 'date' : spec.inputMode === 'email' ? 'email' : 'text'}
            inputMode={spec.kind === 'text' ? spec.inputMode : undefined}
            autoComplete={spec.kind === 'text' ? (spec.autoComplete ?? 'off') : 'off'}
            value={text}
            onChange={(event) => onChange(name, event.target.value)}
          />
          {children}
        </FieldRow>
      );
    case 'textarea':
      return (
        <FieldRow optionalTag label={label} {...row}>
          <TextArea
            {...described}
            name={name}
            value={text}
            onChange={(event) => onChange(name, event.target.value)}
          />
        </FieldRow>
      );
    case 'select':
      return (
        <FieldRow optionalTag label={label} {...row}>
          <Select
            {...described}
            name={name}
            value={text}
            onChange={(event) => onChange(name, event.target.value)}
          >
            <option value="">選択してください</option>
            {spec.options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </Select>
        </FieldRow>
      );
    case 'radio':
      return (
        <FieldRow optionalTag label={label} naming="group" {...row}>
          <div>
            {spec.options.map((option) => (
              <ChoiceLabel key={option.value}>
                <input
                  type="radio"
                  name={name}
                  value={option.value}
                  checked={text === option.value}
                  onChange={() => onChange(name, option.value)}
                />
                {option.label}
              </ChoiceLabel>
            ))}
          </div>
        </FieldRow>
      );
    case 'checkbox':
      return (
        <FieldRow optionalTag label={label} naming="group" {...row}>
          <ChoiceLabel>
            <input
              type="checkbox"
              {...described}
              name={name}
              checked={values[name] === true}
              onChange={(event) => onChange(name, event.target.checked)}
            />
            {spec.text}
          </ChoiceLabel>
          {children}
        </FieldRow>
      );
  }
}
