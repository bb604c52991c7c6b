import { Choices, CodeCheckbox, withCodes } from './code-choices.tsx';
import { FieldRow } from './field-row.tsx';

/**
 * A field of codes to tick from a short list (通知方法, ニーズの種類, 興味のある機能): its row names
 * the group, with one checkbox per option in a wrapping row; `onChange` gets the codes ticked.
 */
export function CodeChecklistField({
  name,
  label,
  hint,
  error,
  optionalTag,
  options,
  value,
  onChange,
}: {
  name: string;
  label: string;
  hint?: string;
  error?: string;
  /** Marks the field 任意 (the public forms). */
  optionalTag?: boolean;
  options: readonly { code: string; name: string }[];
  value: readonly string[];
  onChange: (codes: string[]) => void;
}) {
  const ticked = new Set(value);
  return (
    <FieldRow name={name} label={label} naming="group" hint={hint} error={error} optionalTag={optionalTag}>
      <Choices>
        {options.map((option) => (
          <CodeCheckbox
            key={option.code}
            name={name}
            code={option.code}
            label={option.name}
            ticked={ticked}
            onToggle={(code, on) => onChange(withCodes(value, [code], on))}
          />
        ))}
      </Choices>
    </FieldRow>
  );
}
