import styled from 'styled-components';
import { type MasterList, useMasterList } from '#client/lib/master-data.ts';
import { Button } from '../button/button.tsx';
import { Choices, CodeCheckbox, SelectAllCheckbox, withCodes } from './code-choices.tsx';
import { FieldRow } from './field-row.tsx';

type Prefecture = MasterList<'prefectures'>[number];

const Regions = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.spacing.sm};
`;

const Region = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.spacing.xs};
  padding-bottom: ${({ theme }) => theme.spacing.xs};
  border-bottom: 1px dashed ${({ theme }) => theme.colors.border};

  ${({ theme }) => theme.media.pcUp} {
    grid-template-columns: 10em minmax(0, 1fr);
    align-items: start;
  }
`;

const RegionHeader = styled.div`
  display: grid;
`;

const RegionName = styled.span`
  padding-top: ${({ theme }) => theme.spacing.sm};
  font-weight: ${({ theme }) => theme.typography.fontWeightBold};
`;

const Toolbar = styled.div`
  display: flex;
  justify-content: flex-end;
`;

/** The prefectures region by region, in the master's order (Map.groupBy is missing on Safari 16.4). */
export function prefecturesByRegion(prefectures: readonly Prefecture[]): Map<string, Prefecture[]> {
  const regions = new Map<string, Prefecture[]>();
  for (const prefecture of prefectures)
    regions.set(prefecture.region, [...(regions.get(prefecture.region) ?? []), prefecture]);
  return regions;
}

export interface PrefectureCodesFieldProps {
  /** The checkboxes' name, and the row's ids. */
  name: string;
  label: string;
  hint: string;
  /** The ticked prefecture codes. */
  value: readonly string[];
  error: string | undefined;
  onChange(codes: string[]): void;
}

/**
 * Prefectures to tick, region by region (the prefectures master), each region with a checkbox
 * ticking all of it, and a button clearing every tick. What none ticked means (the whole country)
 * is the form's to say (its hint).
 */
export function PrefectureCodesField({
  name,
  label,
  hint,
  value,
  error,
  onChange,
}: PrefectureCodesFieldProps) {
  const prefectures = useMasterList('prefectures');
  const ticked = new Set(value);
  const toggleAll = (codes: readonly string[], on: boolean) => onChange(withCodes(value, codes, on));
  return (
    <FieldRow name={name} label={label} naming="group" hint={hint} error={error}>
      <Regions>
        {[...prefecturesByRegion(prefectures)].map(([region, members]) => (
          <Region key={region} role="group" aria-labelledby={`${name}-${region}`}>
            <RegionHeader>
              <RegionName id={`${name}-${region}`}>{region}</RegionName>
              <SelectAllCheckbox
                groupName={region}
                codes={members.map((prefecture) => prefecture.code)}
                ticked={ticked}
                onToggleAll={toggleAll}
              />
            </RegionHeader>
            <Choices>
              {members.map((prefecture) => (
                <CodeCheckbox
                  key={prefecture.code}
                  name={name}
                  code={prefecture.code}
                  label={prefecture.name}
                  ticked={ticked}
                  onToggle={(code, on) => toggleAll([code], on)}
                />
              ))}
            </Choices>
          </Region>
        ))}
      </Regions>
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
