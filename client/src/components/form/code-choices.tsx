import styled from 'styled-components';
import { ChoiceLabel } from './form-controls.ts';

/**
 * The pieces of a form's lists of master codes to tick (industries, prefectures, need categories):
 * a code's checkbox, the "select all" checkbox of a group of codes (ticked when all are, half-ticked
 * when some are), and the wrapping row of checkboxes.
 */

export const Choices = styled.div`
  display: flex;
  flex-wrap: wrap;
  column-gap: ${({ theme }) => theme.spacing.md};
`;

/** `codes` with every code of `changed` ticked (on) or unticked; the form's schema orders them. */
export function withCodes(codes: readonly string[], changed: readonly string[], on: boolean): string[] {
  const next = new Set(codes);
  for (const code of changed) {
    if (on) next.add(code);
    else next.delete(code);
  }
  return [...next];
}

export interface CodeCheckboxProps {
  name: string;
  code: string;
  label: string;
  ticked: ReadonlySet<string>;
  onToggle(code: string, on: boolean): void;
}

/** One code's checkbox, named by its label. */
export function CodeCheckbox({ name, code, label, ticked, onToggle }: CodeCheckboxProps) {
  return (
    <ChoiceLabel>
      <input
        type="checkbox"
        name={name}
        value={code}
        checked={ticked.has(code)}
        onChange={(event) => onToggle(code, event.target.checked)}
      />
      {label}
    </ChoiceLabel>
  );
}

export interface SelectAllCheckboxProps {
  /** The group's name: the checkbox reads "{groupName}をすべて選択". */
  groupName: string;
  codes: readonly string[];
  ticked: ReadonlySet<string>;
  /** Ticks every code of the group (true) or none (false). */
  onToggleAll(codes: readonly string[], on: boolean): void;
}

/** Ticks or unticks a whole group; half-ticked (mixed) while only some of its codes are. */
export function SelectAllCheckbox({ groupName, codes, ticked, onToggleAll }: SelectAllCheckboxProps) {
  const count = codes.filter((code) => ticked.has(code)).length;
  const all = codes.length > 0 && count === codes.length;
  return (
    <ChoiceLabel>
      <input
        type="checkbox"
        // Named with its group, so each of the page's select-all boxes says which it ticks.
        aria-label={`${groupName}をすべて選択`}
        checked={all}
        ref={(element) => {
          // Only a script can make a checkbox half-ticked.
          if (element) element.indeterminate = count > 0 && !all;
        }}
        onChange={() => onToggleAll(codes, !all)}
      />
      すべて選択
    </ChoiceLabel>
  );
}
