import type { InputHTMLAttributes } from 'react';
import { describedControl, FieldRow } from './field-row.tsx';
import { TextInput } from './form-controls.ts';

export interface NewPasswordFieldProps {
  label: string;
  /** The row: the field's name, its hint and its message. */
  row: { name: string; required?: boolean; hint?: string; error?: string };
  /** The form's registration of the field (value, onChange, ref). */
  control: InputHTMLAttributes<HTMLInputElement> & { ref?: (element: HTMLInputElement | null) => void };
}

/**
 * A new password or its confirmation in the public forms' row: masked, and marked new-password so
 * a browser offers to generate and store it (the reminder's reset, an invited employee's sign-up).
 */
export function NewPasswordField({ label, row, control }: NewPasswordFieldProps) {
  return (
    <FieldRow optionalTag label={label} {...row}>
      <TextInput
        {...describedControl(row.name, row)}
        {...control}
        type="password"
        autoComplete="new-password"
      />
    </FieldRow>
  );
}
