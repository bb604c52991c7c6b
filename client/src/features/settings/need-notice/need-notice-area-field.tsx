import styled from 'styled-components';
import { Button } from '#client/components/button/button.tsx';
import { FieldRow } from '#client/components/form/field-row.tsx';
import { type MasterList, useMasterList } from '#client/lib/master-data.ts';
import { Choices, CodeCheckbox, SelectAllCheckbox, withCodes } from './need-notice-choices.tsx';

export const AREA_FIELD_NAME = 'notice_area_codes';

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
function byRegion(prefectures: readonly Prefecture[]): Map<string, Prefecture[]> {
  const regions = new Map<string, Prefecture[]>();
  for (const prefecture of prefectures)
    regions.set(prefecture.region, [...(regions.get(prefecture.region) ?? []), prefecture]);
  return regions;
}

export interface NeedNoticeAreaFieldProps {
  /** The ticked prefecture codes. */
  value: readonly string[];
  error: string | undefined;
  onChange(codes: string[]): void;
}

/**
 * エリア: the prefectures whose needs the company hears of, region by region, each region with a
 * checkbox ticking all of it; none ticked is the whole country.
 */
export function NeedNoticeAreaField({ value, error, onChange }: NeedNoticeAreaFieldProps) {
  const prefectures = useMasterList('prefectures');
  const ticked = new Set(value);
  const toggleAll = (codes: readonly string[], on: boolean) => onChange(withCodes(value, codes, on));
  return (
    <FieldRow
      name={AREA_FIELD_NAME}
      label="エリア"
      naming="group"
      hint="選ばなければ、全国のニーズを通知します。ニーズのエリアに選んだ都道府県が1つでも含まれていれば通知します。"
      error={error}
    >
      <Regions>
        {[...byRegion(prefectures)].map(([region, members]) => (
          <Region key={region} role="group" aria-labelledby={`${AREA_FIELD_NAME}-${region}`}>
            <RegionHeader>
              <RegionName id={`${AREA_FIELD_NAME}-${region}`}>{region}</RegionName>
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
                  name={AREA_FIELD_NAME}
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
            エリアの選択をすべて解除
          </Button>
        </Toolbar>
      )}
    </FieldRow>
  );
}
