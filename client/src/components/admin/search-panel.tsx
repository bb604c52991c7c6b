import { type FormEvent, type ReactNode, useState } from 'react';
import styled from 'styled-components';
import { Button } from '../button/button.tsx';
import { Select, TextInput } from '../form/form-controls.ts';

/**
 * The search of the staff's list pages (検索条件): the conditions on a muted panel, one column on a
 * phone, two on a tablet and three on a PC, with クリア and 検索 on a row of their own. Every admin
 * list searches alike (the controls hold a draft; 検索 hands it to the page, which keeps it in the
 * URL), so a list page composes its form from these pieces and writes only its own conditions.
 */

const Form = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.spacing.md};
  margin-bottom: ${({ theme }) => theme.spacing.lg};
  padding: ${({ theme }) => theme.spacing.md};
  background: ${({ theme }) => theme.colors.surfaceMuted};
  border-radius: ${({ theme }) => theme.radii.md};

  ${({ theme }) => theme.media.tabletUp} {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }

  ${({ theme }) => theme.media.pcUp} {
    grid-template-columns: repeat(3, minmax(0, 1fr));
  }
`;

// A div for one labelled control, a fieldset for a group: the fieldset's own margin, padding and
// border are dropped so both sit alike in the grid.
const Control = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.spacing.xs};
  min-width: 0;
  margin: 0;
  padding: 0;
  border: 0;

  & > label,
  & > legend {
    padding: 0;
    font-weight: ${({ theme }) => theme.typography.fontWeightBold};
  }
`;

const Period = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.spacing.sm};
  align-items: center;

  input {
    flex: 1 1 10em;
  }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  grid-column: 1 / -1;
  gap: ${({ theme }) => theme.spacing.sm};
  justify-content: flex-end;
`;

/** One condition as its control holds it (text, '' for "any") and how the control changes it. */
export interface DraftControl {
  value: string;
  onChange: (value: string) => void;
}

/**
 * The conditions the controls hold until 検索, kept apart from the search in force so that typing
 * does not search at each key. `draftOf` turns conditions into the controls' text ('' for "any" as
 * a rule), `conditionsOf` turns the text back (an empty control asks for nothing).
 */
export function useSearchDraft<C extends object, D extends Record<keyof D, string>>(
  conditions: C,
  {
    draftOf,
    conditionsOf,
    onSearch,
  }: {
    draftOf: (conditions: Partial<C>) => D;
    conditionsOf: (draft: D) => C;
    onSearch: (conditions: Partial<C>) => void;
  },
) {
  const [draft, setDraft] = useState(() => draftOf(conditions));
  // Back, forward or a link changes the search in force: the controls follow it.
  const [shown, setShown] = useState(conditions);
  if (shown !== conditions) {
    setShown(conditions);
    setDraft(draftOf(conditions));
  }
  return {
    /** The value and change handler for the control of one condition: `{...control('status')}`. */
    control: (name: keyof D): DraftControl => ({
      value: draft[name],
      onChange: (value) => setDraft((current) => ({ ...current, [name]: value })),
    }),
    search: () => onSearch(conditionsOf(draft)),
    /** Empties every control and searches the whole list. */
    clear: () => {
      setDraft(draftOf({}));
      onSearch({});
    },
  };
}

/** The search form: its conditions (the children), then クリア and 検索. */
export function SearchPanel({
  onSearch,
  onClear,
  children,
}: {
  onSearch: () => void;
  onClear: () => void;
  children: ReactNode;
}) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch();
  };
  return (
    <Form role="search" aria-label="検索条件" onSubmit={submit}>
      {children}
      <Actions>
        <Button type="button" onClick={onClear}>
          クリア
        </Button>
        <Button type="submit" $variant="main">
          検索
        </Button>
      </Actions>
    </Form>
  );
}

/** One control under its label; the control inside carries the same `id` as the label's `for`. */
export function SearchField({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <Control>
      <label htmlFor={id}>{label}</label>
      {children}
    </Control>
  );
}

/** Controls that answer one condition together (radios, a period), named by a legend. */
export function SearchGroup({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <Control as="fieldset">
      <legend>{legend}</legend>
      {children}
    </Control>
  );
}

/** A choice of one value, or すべて ('') for any. */
export function SearchSelect({
  id,
  label,
  options,
  value,
  onChange,
}: { id: string; label: string; options: readonly { value: string; label: string }[] } & DraftControl) {
  return (
    <SearchField id={id} label={label}>
      <Select id={id} value={value} onChange={(event) => onChange(event.target.value)}>
        <option value="">すべて</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </Select>
    </SearchField>
  );
}

/** The キーワード box; the placeholder says which fields the keyword is looked for in. */
export function SearchKeyword({
  id,
  maxLength,
  placeholder,
  value,
  onChange,
}: { id: string; maxLength: number; placeholder: string } & DraftControl) {
  return (
    <SearchField id={id} label="キーワード">
      <TextInput
        id={id}
        type="search"
        maxLength={maxLength}
        placeholder={placeholder}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </SearchField>
  );
}

/**
 * A period `from 〜 to` (YYYY-MM-DD, either may be left open) under its legend. Each date is named
 * `{legend}（から）` and `{legend}（まで）` for screen readers, and neither end can be picked past the other.
 */
export function SearchPeriod({ legend, from, to }: { legend: string; from: DraftControl; to: DraftControl }) {
  return (
    <SearchGroup legend={legend}>
      <Period>
        <TextInput
          type="date"
          aria-label={`${legend}（から）`}
          value={from.value}
          max={to.value || undefined}
          onChange={(event) => from.onChange(event.target.value)}
        />
        <span aria-hidden="true">〜</span>
        <TextInput
          type="date"
          aria-label={`${legend}（まで）`}
          value={to.value}
          min={from.value || undefined}
          onChange={(event) => to.onChange(event.target.value)}
        />
      </Period>
    </SearchGroup>
  );
}
