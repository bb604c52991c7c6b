import { useMemo } from 'react';
import styled from 'styled-components';
import {
  NEED_PUBLISH_STATUS_LABELS,
  type NeedPublishStatus,
  type NeedReach,
  SEARCH_SCOPE_LABELS,
} from '#server/contracts/matching.ts';
import { needCategoryName } from '#server/contracts/need-categories.ts';
import { StatusTag, type StatusTone } from '#client/components/status-tag.tsx';
import { formatJapaneseDate } from '#client/lib/date-format.ts';
import { useMasterList } from '#client/lib/master-data.ts';

const PUBLISH_STATUS_TONES: Record<NeedPublishStatus, StatusTone> = {
  PRIVATE: 'muted',
  BEFORE_PUBLISHING: 'plain',
  PUBLISHING: 'success',
  AFTER_PUBLISHING: 'muted',
};

/** A need's reach in a list's few words: the search's own words for the same two choices. */
export const NEED_REACH_SHORT_LABELS: Record<NeedReach, string> = {
  bank: SEARCH_SCOPE_LABELS.own,
  nationwide: SEARCH_SCOPE_LABELS.nationwide,
};

/** What a need with no area is read as: it asks for no place in particular. */
export const ANY_AREA_TEXT = '全国（地域を問わない）';
/** What a need with no classification is read as. */
export const ANY_INDUSTRY_TEXT = '業種を問わない';

/** A tag in the need's colours: its category, where its days stand, or its nationwide reach. */
const CategoryTag = styled.span`
  display: inline-block;
  padding: 0 ${({ theme }) => theme.spacing.xs};
  font-size: ${({ theme }) => theme.typography.fontSizeSmall};
  font-weight: ${({ theme }) => theme.typography.fontWeightBold};
  white-space: nowrap;
  color: ${({ theme }) => theme.colors.onMain};
  background: ${({ theme }) => theme.colors.main};
  border-radius: ${({ theme }) => theme.radii.sm};
`;

const NationwideMark = styled.span`
  display: inline-block;
  padding: 0 ${({ theme }) => theme.spacing.xs};
  font-size: ${({ theme }) => theme.typography.fontSizeSmall};
  font-weight: ${({ theme }) => theme.typography.fontWeightBold};
  white-space: nowrap;
  color: ${({ theme }) => theme.colors.onCatch};
  background: ${({ theme }) => theme.colors.catch};
  border-radius: ${({ theme }) => theme.radii.sm};
`;

/** The need's category (売りたい, 買いたい…) as a tag. */
export function NeedCategoryTag({ code }: { code: string }) {
  return <CategoryTag>{needCategoryName(code) ?? code}</CategoryTag>;
}

/** Where a need's days stand (公開中, 公開前…) as a tag. */
export function NeedPublishTag({ status }: { status: NeedPublishStatus }) {
  return <StatusTag $tone={PUBLISH_STATUS_TONES[status]}>{NEED_PUBLISH_STATUS_LABELS[status]}</StatusTag>;
}

/** The mark of a need published to the whole matching network. */
export function NationwideTag() {
  return <NationwideMark>{SEARCH_SCOPE_LABELS.nationwide}</NationwideMark>;
}

/** 2026年4月1日〜2026年6月30日, or 2026年4月1日〜 without a last day. */
export function needPeriodText(need: { need_period_start: string; need_period_end: string | null }): string {
  const start = formatJapaneseDate(need.need_period_start);
  return need.need_period_end === null
    ? `${start}〜`
    : `${start}〜${formatJapaneseDate(need.need_period_end)}`;
}

export interface NeedPlaceNames {
  /** The names of 中分類 codes, in the master's order; a code the master lost is shown as itself. */
  industries: (codes: readonly string[]) => string[];
  /** A prefecture's name, or undefined for none. */
  prefecture: (code: string | null) => string | undefined;
  /** The names of prefecture codes, in the master's order. */
  prefectures: (codes: readonly string[]) => string[];
}

/** How the pages name a need's classifications and prefectures: the masters loaded at start-up. */
export function useNeedPlaceNames(): NeedPlaceNames {
  const majors = useMasterList('ba_ca_types');
  const prefectureList = useMasterList('prefectures');
  return useMemo(() => {
    const middles = majors.flatMap((major) => major.children);
    const namesIn = (list: readonly { code: string; name: string }[], codes: readonly string[]) => {
      const wanted = new Set(codes);
      const known = list.filter((item) => wanted.has(item.code));
      const lost = codes.filter((code) => !known.some((item) => item.code === code));
      return [...known.map((item) => item.name), ...lost];
    };
    return {
      industries: (codes) => namesIn(middles, codes),
      prefecture: (code) =>
        code === null ? undefined : (prefectureList.find((item) => item.code === code)?.name ?? code),
      prefectures: (codes) => namesIn(prefectureList, codes),
    };
  }, [majors, prefectureList]);
}
