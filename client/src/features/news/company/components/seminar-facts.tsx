import styled from 'styled-components';
import type { CompanyArticleDetail, SeminarStatus } from '#server/contracts/news.ts';
import { type Fact, FactList } from '#client/components/fact-list.tsx';
import { formatJapaneseDate, formatJapaneseDateTime } from '#client/lib/date-format.ts';

/** A seminar status's name (master list seminar_statuses). */
export type SeminarStatusLabel = (status: SeminarStatus) => string;

const StatusMark = styled.span<{ $open: boolean }>`
  display: inline-block;
  padding: 0 ${({ theme }) => theme.spacing.sm};
  font-size: ${({ theme }) => theme.typography.fontSizeSmall};
  font-weight: ${({ theme }) => theme.typography.fontWeightBold};
  line-height: 1.8;
  color: ${({ theme, $open }) => ($open ? theme.colors.onSuccess : theme.colors.text)};
  background: ${({ theme, $open }) => ($open ? theme.colors.success : theme.colors.surfaceMuted)};
  border: 1px solid ${({ theme, $open }) => ($open ? theme.colors.success : theme.colors.border)};
  border-radius: ${({ theme }) => theme.radii.sm};
`;

type SeminarFields = Pick<
  CompanyArticleDetail,
  'seminar_held_at' | 'seminar_place' | 'seminar_status' | 'seminar_capacity' | 'seminar_remaining'
> &
  Partial<Pick<CompanyArticleDetail, 'seminar_apply_deadline'>>;

/** The status's name, with the seats left while the seminar takes applications. */
export function SeminarStatusText({
  seminar,
  statusLabel,
}: {
  seminar: SeminarFields;
  statusLabel: SeminarStatusLabel;
}) {
  if (!seminar.seminar_status) return null;
  const accepting = seminar.seminar_status === 'accepting';
  return (
    <>
      <StatusMark $open={accepting}>{statusLabel(seminar.seminar_status)}</StatusMark>
      {accepting && seminar.seminar_remaining !== null && ` 残り${seminar.seminar_remaining}席`}
    </>
  );
}

/**
 * A seminar's date, place and status (with the seats left); `detailed` adds the capacity and the
 * application deadline, as the detail page shows them.
 */
export function SeminarFacts({
  seminar,
  statusLabel,
  detailed = false,
}: {
  seminar: SeminarFields;
  statusLabel: SeminarStatusLabel;
  detailed?: boolean;
}) {
  const facts: Fact[] = [];
  if (seminar.seminar_held_at)
    facts.push({
      term: '開催日時',
      value: (
        <time dateTime={seminar.seminar_held_at}>{formatJapaneseDateTime(seminar.seminar_held_at)}</time>
      ),
    });
  if (seminar.seminar_place) facts.push({ term: '会場', value: seminar.seminar_place });
  if (detailed && seminar.seminar_capacity !== null)
    facts.push({ term: '定員', value: `${seminar.seminar_capacity}名` });
  if (detailed && seminar.seminar_apply_deadline)
    facts.push({
      term: '申込期限',
      value: (
        <time dateTime={seminar.seminar_apply_deadline}>
          {formatJapaneseDate(seminar.seminar_apply_deadline)}
        </time>
      ),
    });
  if (seminar.seminar_status)
    facts.push({
      term: '受付状況',
      value: <SeminarStatusText seminar={seminar} statusLabel={statusLabel} />,
    });
  return <FactList facts={facts} />;
}
