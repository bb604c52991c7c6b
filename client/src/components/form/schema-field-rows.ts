import type { ReactNode } from 'react';
import { describedControl } from './field-row.tsx';

/**
 * The two builders a useSchemaForm form uses for its FieldRows: `field(name, required, hint)` is a
 * row's props (its field's name, 必須, the hint and the field's message), and `control(row)` the
 * props of the row's text input, select or text area (its id, the ARIA links to the row's notes,
 * and what the form registers for the field).
 *
 *   const { field, control } = schemaFieldRows(form);
 *   const title = field('title', true, '30文字以内');
 *   <FieldRow label="タイトル" {...title}><TextInput {...control(title)} /></FieldRow>
 */
export function schemaFieldRows<N extends string, P>(form: {
  errors: Partial<Record<string, string>>;
  register: (name: N) => P;
}) {
  const field = (name: N, required: boolean, hint?: string) => ({
    name,
    required,
    hint,
    error: form.errors[name],
  });
  const control = (row: {
    name: N;
    required?: boolean;
    hint?: ReactNode;
    warning?: string;
    error?: string;
  }) => ({
    ...describedControl(row.name, row),
    ...form.register(row.name),
  });
  return { field, control };
}
