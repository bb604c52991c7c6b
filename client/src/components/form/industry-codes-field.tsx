import { useId, useState } from 'react';
import styled from 'styled-components';
import { type MasterList, useMasterList } from '#client/lib/master-data.ts';
import { Button } from '../button/button.tsx';
import { Icon } from '../icons/icons.tsx';
import { Choices, CodeCheckbox, SelectAllCheckbox, withCodes } from './code-choices.tsx';
import { FieldRow } from './field-row.tsx';

type MajorClass = MasterList<'ba_ca_types'>[number];

const Majors = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.spacing.xs};
`;

const Major = styled.div`
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.sm};
`;

const MajorHeader = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  column-gap: ${({ theme }) => theme.spacing.md};
  padding-inline: ${({ theme }) => theme.spacing.sm};
`;

const Disclosure = styled.button`
  display: inline-flex;
  flex: 1 1 14em;
  align-items: center;
  gap: ${({ theme }) => theme.spacing.xs};
  min-height: 44px;
  padding: 0;
  font: inherit;
  font-weight: ${({ theme }) => theme.typography.fontWeightBold};
  color: ${({ theme }) => theme.colors.text};
  text-align: left;
  background: transparent;
  border: 0;
  cursor: pointer;

  svg {
    flex: none;
    transition: transform 0.2s;
    transform: rotate(-90deg);
  }

  &[aria-expanded='true'] svg {
    transform: none;
  }
`;

const Count = styled.span`
  font-size: ${({ theme }) => theme.typography.fontSizeSmall};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Panel = styled(Choices)`
  padding: 0 ${({ theme }) => theme.spacing.sm} ${({ theme }) => theme.spacing.sm};
  border-top: 1px solid ${({ theme }) => theme.colors.border};
`;

const Toolbar = styled.div`
  display: flex;
  justify-content: flex-end;
`;

interface MajorGroupProps {
  name: string;
  major: MajorClass;
  ticked: ReadonlySet<string>;
  onToggle(code: string, on: boolean): void;
  /** Absent: the group has no select-all box (a list with a small limit). */
  onToggleAll?: (codes: readonly string[], on: boolean) => void;
}

/**
 * One 大分類: its name opens and closes the list of its 中分類 (closed at first, so the list starts
 * as twenty short rows), how many of them are ticked, and a checkbox ticking them all.
 */
function MajorGroup({ name, major, ticked, onToggle, onToggleAll }: MajorGroupProps) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const codes = major.children.map((middle) => middle.code);
  const count = codes.filter((code) => ticked.has(code)).length;
  return (
    <Major role="group" aria-labelledby={`${id}-name`}>
      <MajorHeader>
        <Disclosure
          type="button"
          id={`${id}-name`}
          aria-expanded={open}
          aria-controls={`${id}-panel`}
          aria-describedby={`${id}-count`}
          onClick={() => setOpen(!open)}
        >
          <Icon name="chevronDown" size={20} />
          {major.name}
        </Disclosure>
        <Count id={`${id}-count`}>
          {count} / {codes.length}件選択
        </Count>
        {onToggleAll && (
          <SelectAllCheckbox groupName={major.name} codes={codes} ticked={ticked} onToggleAll={onToggleAll} />
        )}
      </MajorHeader>
      {open && (
        <Panel id={`${id}-panel`}>
          {major.children.map((middle) => (
            <CodeCheckbox
              key={middle.code}
              name={name}
              code={middle.code}
              label={middle.name}
              ticked={ticked}
              onToggle={onToggle}
            />
          ))}
        </Panel>
      )}
    </Major>
  );
}

export interface IndustryCodesFieldProps {
  /** The checkboxes' name, and the row's ids. */
  name: string;
  label: string;
  hint: string;
  /** The ticked 中分類 codes. */
  value: readonly string[];
  error: string | undefined;
  onChange(codes: string[]): void;
  /** Each 大分類 with a checkbox ticking all its 中分類 (default); off where only a few may be ticked. */
  selectAll?: boolean;
}

/**
 * Business classifications to tick: the JSIC 中分類 grouped under their 大分類 (the ba_ca_types
 * master, as the company forms load it), each 大分類 opened by its name, and a button clearing
 * every tick. What none ticked means is the form's to say (its hint).
 */
export function IndustryCodesField({
  name,
  label,
  hint,
  value,
  error,
  onChange,
  selectAll = true,
}: IndustryCodesFieldProps) {
  const majors = useMasterList('ba_ca_types');
  const ticked = new Set(value);
  const toggleAll = (codes: readonly string[], on: boolean) => onChange(withCodes(value, codes, on));
  return (
    <FieldRow name={name} label={label} naming="group" hint={hint} error={error}>
      <Majors>
        {majors.map((major) => (
          <MajorGroup
            key={major.code}
            name={name}
            major={major}
            ticked={ticked}
            onToggle={(code, on) => toggleAll([code], on)}
            onToggleAll={selectAll ? toggleAll : undefined}
          />
        ))}
      </Majors>
      {value.length > 0 && (
        <Toolbar>
          <Button type="button" onClick={() => onChange([])}>
            {label}の選択をすべて解除
          </Button>
        </Toolbar>
      )}
    </FieldRow>
  );
}
