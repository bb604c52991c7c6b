import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from '#client/lib/router/index.ts';
import styled from 'styled-components';
import { ARTICLE_KIND_LABELS, type ArticleKind } from '#server/contracts/news.ts';
import { type AdminArticleListItem, staffArticleDashboardCall } from '#server/contracts/news-staff.ts';
import { japanDateString, PUBLICATION_END_WARNING_DAYS, DAY_MS } from '#server/contracts/japan-day.ts';
import { formatJapaneseDate, formatJapaneseDateTime } from '#client/lib/date-format.ts';
import { masterListQueryOptions } from '#client/lib/master-data.ts';
import { useApiClient } from '#client/lib/request/api-client-context.ts';
import { callQuery } from '#client/lib/request/call-client.ts';
import { LOAD_FAILED_MESSAGE } from '#client/lib/save-flow.ts';
import { DashboardCard } from '#client/components/dashboard/dashboard-parts.tsx';

/** The staff pages of each kind (features/news/admin): features do not import each other. */
const STAFF_LIST_PATHS: Record<ArticleKind, string> = {
  news: '/admin/news',
  column: '/admin/xba/column',
  seminar: '/admin/xba/seminar',
  partner_information: '/admin/xba/pi',
};
const staffDetailPath = (item: AdminArticleListItem) =>
  `${STAFF_LIST_PATHS[item.article_kind]}/detail/${item.article_id}`;

/** How many items each block shows. */
const BLOCK_ROWS = 5;

/**
 * The three blocks' items, from one call (GET /api/v1/admin/article_dashboard) that the blocks
 * share: react-query asks once whichever block renders first.
 */
function useDashboardArticles<K extends 'ending_soon' | 'upcoming_seminars' | 'recently_updated'>(part: K) {
  const api = useApiClient();
  const { data, isError } = useQuery(callQuery(api, staffArticleDashboardCall, {}));
  return { items: data?.[part], isError };
}

const Rows = styled.ol`
  display: grid;
  margin: 0;
  padding: 0;
  list-style: none;

  & > li {
    display: grid;
    grid-template-columns: minmax(0, 1fr) auto;
    gap: 2px ${({ theme }) => theme.spacing.md};
    align-items: baseline;
    padding-block: ${({ theme }) => theme.spacing.sm};
    border-top: 1px solid ${({ theme }) => theme.colors.border};
  }

  a {
    color: ${({ theme }) => theme.colors.link};
    overflow-wrap: anywhere;
  }
`;

const Detail = styled.span`
  grid-column: 1 / -1;
  font-size: ${({ theme }) => theme.typography.fontSizeSmall};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Side = styled.span<{ $urgent?: boolean }>`
  font-size: ${({ theme }) => theme.typography.fontSizeSmall};
  font-weight: ${({ theme, $urgent }) => ($urgent ? theme.typography.fontWeightBold : 'normal')};
  color: ${({ theme, $urgent }) => ($urgent ? theme.colors.danger : theme.colors.textMuted)};
  white-space: nowrap;
`;

const KindTag = styled.span`
  margin-right: ${({ theme }) => theme.spacing.xs};
  padding: 0 ${({ theme }) => theme.spacing.xs};
  font-size: ${({ theme }) => theme.typography.fontSizeSmall};
  color: ${({ theme }) => theme.colors.text};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.sm};
`;

const Message = styled.p<{ $failed?: boolean }>`
  margin: 0;
  font-weight: ${({ theme, $failed }) => ($failed ? theme.typography.fontWeightBold : 'normal')};
  color: ${({ theme, $failed }) => ($failed ? theme.colors.danger : theme.colors.textMuted)};
`;

/** A block's body: loading, its failure, its empty text, or its rows. */
function BlockBody<T>({
  items,
  isError,
  empty,
  row,
}: {
  items: readonly T[] | undefined;
  isError: boolean;
  empty: string;
  row: (item: T) => ReactNode;
}) {
  if (isError)
    return (
      <Message role="alert" $failed>
        {LOAD_FAILED_MESSAGE}
      </Message>
    );
  if (items === undefined) return <Message role="status">読み込み中</Message>;
  if (items.length === 0) return <Message>{empty}</Message>;
  return <Rows>{items.map(row)}</Rows>;
}

function ItemTitle({ item }: { item: AdminArticleListItem }) {
  return (
    <span>
      <KindTag>{ARTICLE_KIND_LABELS[item.article_kind]}</KindTag>
      <Link to={staffDetailPath(item)}>{item.article_title}</Link>
    </span>
  );
}

/** Days from today (in Japan) to a YYYY-MM-DD day. */
function daysUntil(day: string, today: string): number {
  return Math.round((Date.parse(day) - Date.parse(today)) / DAY_MS);
}

/**
 * 公開終了が近い記事: published items of every kind whose publication ends within 30 days, soonest
 * first; the items the form's 30日以内に公開が終了します warning is about, before they disappear
 * from the companies' pages.
 */
export function EndingSoonBlock() {
  const today = japanDateString();
  const { items, isError } = useDashboardArticles('ending_soon');
  // Each kind answers its own soonest first; merged, the kinds are put in one order.
  const ending = items
    ?.toSorted((a, b) => (a.article_publish_end ?? '').localeCompare(b.article_publish_end ?? ''))
    .slice(0, BLOCK_ROWS);
  return (
    <DashboardCard title="公開終了が近い記事">
      <BlockBody
        items={ending}
        isError={isError}
        empty={`${PUBLICATION_END_WARNING_DAYS}日以内に公開が終了する記事はありません`}
        row={(item) => {
          const end = item.article_publish_end ?? today;
          const days = daysUntil(end, today);
          return (
            <li key={`${item.article_kind}-${item.article_id}`}>
              <ItemTitle item={item} />
              <Side $urgent={days <= 7}>{days === 0 ? '本日終了' : `あと${days}日`}</Side>
              <Detail>公開終了 {formatJapaneseDate(end)}</Detail>
            </li>
          );
        }}
      />
    </DashboardCard>
  );
}

/** 今後のセミナー: the next seminars to be held, with their applications against the capacity. */
export function UpcomingSeminarsBlock() {
  const api = useApiClient();
  // Start-up loaded the list; asked without suspending, so the dashboard never waits on a name.
  const statuses = useQuery(masterListQueryOptions(api, 'seminar_statuses')).data ?? [];
  const { items, isError } = useDashboardArticles('upcoming_seminars');
  // The server answers the seminars still to be held, soonest first.
  const upcoming = items?.slice(0, BLOCK_ROWS);
  return (
    <DashboardCard
      title="今後のセミナー"
      more={{ to: STAFF_LIST_PATHS.seminar, label: 'セミナーをすべて見る' }}
    >
      <BlockBody
        items={upcoming}
        isError={isError}
        empty="開催予定のセミナーはありません"
        row={(item) => {
          const full =
            item.seminar_capacity !== null && (item.seminar_applied_count ?? 0) >= item.seminar_capacity;
          const status = statuses.find((entry) => entry.code === item.seminar_status)?.name;
          return (
            <li key={item.article_id}>
              <Link to={staffDetailPath(item)}>{item.article_title}</Link>
              <Side $urgent={full}>
                申込 {item.seminar_applied_count ?? 0} / {item.seminar_capacity ?? '—'}名
              </Side>
              <Detail>
                開催 {formatJapaneseDateTime(item.seminar_held_at ?? '')}
                {status ? `・${status}` : ''}
              </Detail>
            </li>
          );
        }}
      />
    </DashboardCard>
  );
}

/** 最近更新された記事: the latest changes across the kinds, newest first. */
export function RecentlyUpdatedBlock() {
  const { items, isError } = useDashboardArticles('recently_updated');
  const recent = items
    ?.toSorted((a, b) => Date.parse(b.article_updated_at) - Date.parse(a.article_updated_at))
    .slice(0, BLOCK_ROWS);
  return (
    <DashboardCard
      title="最近更新された記事"
      wide
      more={{ to: STAFF_LIST_PATHS.news, label: 'ニュース一覧へ' }}
    >
      <BlockBody
        items={recent}
        isError={isError}
        empty="記事はまだありません"
        row={(item) => (
          <li key={`${item.article_kind}-${item.article_id}`}>
            <ItemTitle item={item} />
            <Side>{formatJapaneseDateTime(item.article_updated_at)}</Side>
            {item.author_name && <Detail>作成者 {item.author_name}</Detail>}
          </li>
        )}
      />
    </DashboardCard>
  );
}
