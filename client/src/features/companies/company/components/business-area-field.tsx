import styled from 'styled-components';
import { FieldRow } from '#client/components/form/field-row.tsx';
import { ChoiceLabel } from '#client/components/form/form-controls.ts';
import { useMasterList } from '#client/lib/master-data.ts';

export const AREA_FIELD_NAME = 'business_area_codes';

const Regions = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.spacing.sm};
`;

const Region = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.spacing.xs};

  ${({ theme }) => theme.media.pcUp} {
    grid-template-columns: 6em minmax(0, 1fr);
    align-items: start;
  }
`;

const RegionName = styled.span`
  padding-top: ${({ theme }) => theme.spacing.sm};
  font-weight: ${({ theme }) => theme.typography.fontWeightBold};
`;

const Choices = styled.div`
  display: flex;
  flex-wrap: wrap;
  column-gap: ${({ theme }) => theme.spacing.md};
`;

export interface BusinessAreaFieldProps {
  /** The ticked prefecture codes. */
  value: readonly string[];
  error: string | undefined;
  onChange(codes: string[]): void;
}

/** 営業エリア: the prefectures the company works in, ticked region by region (the master's order). */
export function BusinessAreaField({ value, error, onChange }: BusinessAreaFieldProps) {
  const prefectures = useMasterList('prefectures');
  // Not Map.groupBy: the build's oldest browsers (Safari 16.4) do not have it.
  const regions = new Map<string, typeof prefectures>();
  for (const prefecture of prefectures)
    regions.set(prefecture.region, [...(regions.get(prefecture.region) ?? []), prefecture]);
  const ticked = new Set(value);
  const toggle = (code: string, on: boolean) => {
    const next = new Set(ticked);
    if (on) next.add(code);
    else next.delete(code);
    onChange([...next].sort());
  };
  return (
    <FieldRow
      name={AREA_FIELD_NAME}
      label="営業エリア"
      naming="group"
      hint="事業を行っている都道府県をすべて選んでください。"
      error={error}
    >
      <Regions>
        {[...regions].map(([region, members]) => (
          <Region key={region} role="group" aria-labelledby={`${AREA_FIELD_NAME}-${region}`}>
            <RegionName id={`${AREA_FIELD_NAME}-${region}`}>{region}</RegionName>
            <Choices>
              {members.map((prefecture) => (
                <ChoiceLabel key={prefecture.code}>
                  <input
                    type="checkbox"
                    name={AREA_FIELD_NAME}
                    value={prefecture.code}
                    checked={ticked.has(prefecture.code)}
                    onChange={(event) => toggle(prefecture.code, event.target.checked)}
                  />
                  {prefecture.name}
                </ChoiceLabel>
              ))}
            </Choices>
          </Region>
        ))}
      </Regions>
    </FieldRow>
  );
}
