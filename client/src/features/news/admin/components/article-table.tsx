import { useMemo } from 'react';
import { Link } from '#client/lib/router/index.ts';
import styled from 'styled-components';
import {
  ARTICLE_TARGET_LABELS,
  type ArticleKind,
  PUBLICATION_STATUS_LABELS,
  type PublicationStatus,
} from '#server/contracts/news.ts';
import { type AdminArticleListItem } from '#server/contracts/news-staff.ts';
import { DataTable, dataColumnHelper } from '#client/components/table/data-table.tsx';
import { MutedText } from '#client/components/page/page-text.ts';
import { useMasterList } from '#client/lib/master-data.ts';
import { formatDayTime, formatPeriod } from '../article-display.ts';
import { ARTICLE_PAGE_LABELS, articleDetailPath } from '../article-paths.ts';

const StatusTag = styled.span<{ $status: PublicationStatus }>`
  display: inline-block;
  padding: 0 ${({ theme }) => theme.spacing.xs};
  font-size: ${({ theme }) => theme.typography.fontSizeSmall};
  font-weight: ${({ theme }) => theme.typography.fontWeightBold};
  white-space: nowrap;
  border-radius: ${({ theme }) => theme.radii.sm};
  color: ${({ theme, $status }) => ($status === 'published' ? theme.colors.onSuccess : theme.colors.text)};
  background: ${({ theme, $status }) => ($status === 'published' ? theme.colors.success : theme.colors.surfaceMuted)};
  border: 1px solid
    ${({ theme, $status }) => ($status === 'published' ? theme.colors.success : theme.colors.border)};
`;

/**
 * Where an item came from: a partner company that wrote it itself (named), the bank's own, or
 * provided by the operator (named when known).
 */
export function originText(
  item: Pick<AdminArticleListItem, 'article_is_own_bank' | 'article_provider_name' | 'article_company_name'>,
) {
  if (item.article_company_name !== null) return `パートナー企業（${item.article_company_name}）`;
  if (item.article_is_own_bank) return '自行';
  return item.article_provider_name ? `他行・運営（${item.article_provider_name}）` : '他行・運営';
}

/** 公開中, 公開前, …, as a tag (公開中 stands out: it is what companies see now). */
export function PublicationStatusTag({ status }: { status: PublicationStatus }) {
  return <StatusTag $status={status}>{PUBLICATION_STATUS_LABELS[status]}</StatusTag>;
}

const column = dataColumnHelper<AdminArticleListItem>();

/** A master list's names by code, for the statuses the server answers as codes. */
function namesByCode(list: readonly { code: string; name: string }[]): ReadonlyMap<string, string> {
  return new Map(list.map((item) => [item.code, item.name]));
}

/**
 * The columns of a kind's staff list: the title (to its edit page), category, status, period,
 * target, origin and update time; seminars add their date, applied/capacity and reception status,
 * partner information its review status.
 */
function useArticleColumns(kind: ArticleKind) {
  const seminarStatuses = useMasterList('seminar_statuses');
  const partnerStatuses = useMasterList('partner_information_statuses');
  return useMemo(() => {
    const seminarStatusNames = namesByCode(seminarStatuses);
    const partnerStatusNames = namesByCode(partnerStatuses);
    const title = column.accessor('article_title', {
      header: 'タイトル',
      meta: { rowHeader: true, minWidth: '16em' },
      cell: (info) => (
        <Link to={articleDetailPath(kind, info.row.original.article_id)}>{info.getValue()}</Link>
      ),
    });
    const category = column.accessor('category_name', {
      header: 'カテゴリ',
      meta: { nowrap: true },
      cell: (info) => info.getValue() ?? <MutedText>—</MutedText>,
    });
    const status = column.accessor('publication_status', {
      header: 'ステータス',
      meta: { nowrap: true },
      cell: (info) => <PublicationStatusTag status={info.getValue()} />,
    });
    const period = column.accessor(
      (item) => formatPeriod(item.article_publish_start, item.article_publish_end),
      {
        id: 'period',
        header: '公開期間',
        meta: { nowrap: true },
      },
    );
    const target = column.accessor((item) => ARTICLE_TARGET_LABELS[item.article_target], {
      id: 'target',
      header: '対象',
      meta: { nowrap: true },
    });
    const origin = column.accessor((item) => originText(item), {
      id: 'origin',
      header: '提供元',
      meta: { minWidth: '10em' },
    });
    const updated = column.accessor((item) => formatDayTime(item.article_updated_at), {
      id: 'updated',
      header: '更新日時',
      meta: { nowrap: true },
    });
    const described = [status, period, target, origin, updated] as const;
    if (kind === 'seminar')
      return column.columns([
        title,
        column.accessor((item) => (item.seminar_held_at ? formatDayTime(item.seminar_held_at) : '—'), {
          id: 'held_at',
          header: '開催日時',
          meta: { nowrap: true },
        }),
        column.accessor((item) => `${item.seminar_applied_count ?? 0} / ${item.seminar_capacity ?? '—'}名`, {
          id: 'applied',
          header: '申込 / 定員',
          meta: { nowrap: true, align: 'end' },
        }),
        column.accessor(
          (item) => (item.seminar_status ? (seminarStatusNames.get(item.seminar_status) ?? '—') : '—'),
          { id: 'seminar_status', header: '受付状況', meta: { nowrap: true } },
        ),
        ...described,
      ]);
    if (kind === 'partner_information')
      return column.columns([
        title,
        column.accessor(
          (item) => (item.pi_status ? (partnerStatusNames.get(item.pi_status) ?? item.pi_status) : '—'),
          { id: 'pi_status', header: '審査状況', meta: { nowrap: true } },
        ),
        ...described,
      ]);
    return column.columns([title, category, ...described]);
  }, [kind, seminarStatuses, partnerStatuses]);
}

/** A kind's staff list as a table (DataTable), each title opening the item. */
export function ArticleTable({
  kind,
  items,
  busy,
}: {
  kind: ArticleKind;
  items: readonly AdminArticleListItem[];
  busy: boolean;
}) {
  const columns = useArticleColumns(kind);
  return (
    <DataTable
      caption={`${ARTICLE_PAGE_LABELS[kind]}一覧`}
      captionHidden
      columns={columns}
      data={items}
      getRowId={(item) => String(item.article_id)}
      busy={busy}
    />
  );
}
