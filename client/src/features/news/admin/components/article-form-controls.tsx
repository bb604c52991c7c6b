import styled from 'styled-components';
import { ChoiceLabel, controlStyle } from '#client/components/form/form-controls.ts';

/** A short control (a date, a number) that need not fill the row. */
export const ShortInput = styled.input`
  ${controlStyle}
  max-width: 16em;
`;

const Choices = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.spacing.xs} ${({ theme }) => theme.spacing.lg};
`;

/** Radios for one value: each choice's label beside its radio, all under the group's legend. */
export function RadioChoices<V extends string>({
  name,
  value,
  choices,
  onChange,
  invalid = false,
  disabled = false,
  firstRef,
}: {
  name: string;
  value: string;
  choices: readonly { value: V; label: string }[];
  onChange: (value: V) => void;
  invalid?: boolean;
  disabled?: boolean;
  /** The first radio, for a form to focus when the group is in error. */
  firstRef?: (element: HTMLInputElement | null) => void;
}) {
  return (
    <Choices>
      {choices.map((choice, index) => (
        <ChoiceLabel key={choice.value}>
          <input
            ref={index === 0 ? firstRef : undefined}
            type="radio"
            name={name}
            value={choice.value}
            checked={value === choice.value}
            aria-invalid={invalid || undefined}
            disabled={disabled}
            onChange={() => onChange(choice.value)}
          />
          {choice.label}
        </ChoiceLabel>
      ))}
    </Choices>
  );
}
