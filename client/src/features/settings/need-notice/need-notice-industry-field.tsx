import { useId, useState } from 'react';
import styled from 'styled-components';
import { Button } from '#client/components/button/button.tsx';
import { FieldRow } from '#client/components/form/field-row.tsx';
import { Icon } from '#client/components/icons/icons.tsx';
import { type MasterList, useMasterList } from '#client/lib/master-data.ts';
import { Choices, CodeCheckbox, SelectAllCheckbox, withCodes } from './need-notice-choices.tsx';

export const INDUSTRY_FIELD_NAME = 'notice_industry_codes';

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
  major: MajorClass;
  ticked: ReadonlySet<string>;
  onToggle(code: string, on: boolean): void;
  onToggleAll(codes: readonly string[], on: boolean): void;
}

/**
 * One 大分類: its name opens and closes the list of its 中分類 (closed at first, so the page starts
 * as twenty short rows), how many of them are ticked, and a checkbox ticking them all.
 */
function MajorGroup({ major, ticked, onToggle, onToggleAll }: MajorGroupProps) {
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
        <SelectAllCheckbox groupName={major.name} codes={codes} ticked={ticked} onToggleAll={onToggleAll} />
      </MajorHeader>
      {open && (
        <Panel id={`${id}-panel`}>
          {major.children.map((middle) => (
            <CodeCheckbox
              key={middle.code}
              name={INDUSTRY_FIELD_NAME}
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

export interface NeedNoticeIndustryFieldProps {
  /** The ticked 中分類 codes. */
  value: readonly string[];
  error: string | undefined;
  onChange(codes: string[]): void;
}

/**
 * 業種: the JSIC 中分類 whose needs the company hears of, grouped under their 大分類 (the
 * ba_ca_types master, as the company forms load it); none ticked is every industry.
 */
export function NeedNoticeIndustryField({ value, error, onChange }: NeedNoticeIndustryFieldProps) {
  const majors = useMasterList('ba_ca_types');
  const ticked = new Set(value);
  const toggleAll = (codes: readonly string[], on: boolean) => onChange(withCodes(value, codes, on));
  return (
    <FieldRow
      name={INDUSTRY_FIELD_NAME}
      label="業種"
      naming="group"
      hint="選ばなければ、すべての業種のニーズを通知します。大分類の名前を押すと中分類を選べます。"
      error={error}
    >
      <Majors>
        {majors.map((major) => (
          <MajorGroup
            key={major.code}
            major={major}
            ticked={ticked}
            onToggle={(code, on) => toggleAll([code], on)}
            onToggleAll={toggleAll}
          />
        ))}
      </Majors>
      {value.length > 0 && (
        <Toolbar>
          <Button type="button" onClick={() => onChange([])}>
            業種の選択をすべて解除
          </Button>
        </Toolbar>
      )}
    </FieldRow>
  );
}
