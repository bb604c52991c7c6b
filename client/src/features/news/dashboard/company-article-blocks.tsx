import { Link } from '#client/lib/router/index.ts';
import styled, { css } from 'styled-components';
import { OWNER_USER_TYPES } from '#server/contracts/account-types.ts';
import {
  type CompanyArticleListItem,
  companyArticleCalls,
  NEWS_FETCH_FAILED_MESSAGE,
} from '#server/contracts/news.ts';
import { useBadgeCounts } from '#client/components/navigation/badge-counts.tsx';
import { CountBadge } from '#client/components/navigation/count-badge.tsx';
import { UnreadMark } from '#client/components/unread-mark.ts';
import { useCurrentUser } from '#client/lib/current-user.ts';
import { formatJapaneseDate, formatJapaneseDateTime } from '#client/lib/date-format.ts';
import { useMasterList } from '#client/lib/master-data.ts';
import { useCallQuery } from '#client/lib/request/call-client.ts';
import { DashboardCard } from '#client/components/dashboard/dashboard-parts.tsx';
import { useOfferedShortcuts } from '#client/components/dashboard/use-offered-shortcuts.ts';

/** The dashboard's blocks of the news domain: which kind, under which title, linking where. */
const ARTICLE_BLOCKS = [
  {
    kind: 'news',
    label: '新着ニュース',
    to: '/mypage/news',
    more: 'ニュースをすべて見る',
    empty: '新着のニュースはありません',
  },
  {
    kind: 'seminar',
    label: '開催予定のセミナー',
    to: '/mypage/seminar',
    more: 'セミナーをすべて見る',
    empty: '開催予定のセミナーはありません',
  },
  {
    kind: 'column',
    label: '新着コラム',
    to: '/mypage/column',
    more: 'コラムをすべて見る',
    empty: '新着のコラムはありません',
  },
] as const;
type ArticleBlock = (typeof ARTICLE_BLOCKS)[number];

const Rows = styled.ul`
  display: grid;
  margin: 0;
  padding: 0;
  list-style: none;

  li {
    display: grid;
    gap: 2px;
    padding-block: ${({ theme }) => theme.spacing.sm};
    border-top: 1px solid ${({ theme }) => theme.colors.border};
  }
`;

const When = styled.span`
  font-size: ${({ theme }) => theme.typography.fontSizeSmall};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const TitleLink = styled(Link)<{ $unread: boolean }>`
  color: ${({ theme }) => theme.colors.link};
  overflow-wrap: anywhere;
  ${({ $unread, theme }) =>
    $unread &&
    css`
      font-weight: ${theme.typography.fontWeightBold};
    `}
`;

const Quiet = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Failure = styled.p`
  margin: 0;
  font-weight: ${({ theme }) => theme.typography.fontWeightBold};
  color: ${({ theme }) => theme.colors.danger};
`;

function ArticleRow({ block, item }: { block: ArticleBlock; item: CompanyArticleListItem }) {
  const statuses = useMasterList('seminar_statuses');
  const seminar = block.kind === 'seminar';
  const unread = !seminar && !item.is_read;
  const status = item.seminar_status && statuses.find((entry) => entry.code === item.seminar_status)?.name;
  return (
    <li>
      <When>
        {seminar && item.seminar_held_at ? (
          <time dateTime={item.seminar_held_at}>開催 {formatJapaneseDateTime(item.seminar_held_at)}</time>
        ) : (
          <time dateTime={item.article_publish_start}>{formatJapaneseDate(item.article_publish_start)}</time>
        )}
      </When>
      <TitleLink to={`${block.to}/detail/${item.article_id}`} $unread={unread}>
        {unread && <UnreadMark>未読</UnreadMark>}
        {item.article_title}
      </TitleLink>
      {seminar && (item.seminar_place || status) && (
        <When>{[item.seminar_place, status].filter(Boolean).join('・')}</When>
      )}
    </li>
  );
}

/** The unread news count beside 新着ニュース, for the users the menu's badge is for, bold for owners. */
function UnreadNewsBadge() {
  const { unreadNews } = useBadgeCounts();
  const user = useCurrentUser();
  const owner = user !== null && (OWNER_USER_TYPES as readonly string[]).includes(user.user_type);
  return <CountBadge count={unreadNews} label="未読" emphasised={owner} />;
}

/** One block: its five items, or why there are none; a failure of its own says so in the block. */
function RecentArticlesCard({ block }: { block: ArticleBlock }) {
  // The news domain's own call (features do not import each other; both use the contract).
  const recent = useCallQuery(companyArticleCalls[block.kind].recent, {});
  const { isError, isPending } = recent;
  const data = recent.data?.list;
  return (
    <DashboardCard
      title={block.label}
      wide={block.kind === 'news'}
      badge={block.kind === 'news' ? <UnreadNewsBadge /> : undefined}
      more={{ to: block.to, label: block.more }}
    >
      {isPending && <Quiet role="status">読み込み中</Quiet>}
      {isError && <Failure role="alert">{NEWS_FETCH_FAILED_MESSAGE}</Failure>}
      {data && data.length === 0 && <Quiet>{block.empty}</Quiet>}
      {data && data.length > 0 && (
        <Rows>
          {data.map((item) => (
            <ArticleRow key={item.article_id} block={block} item={item} />
          ))}
        </Rows>
      )}
    </DashboardCard>
  );
}

/**
 * The company dashboard's news, next seminars and latest columns, each shown only when the route
 * rules let the user open its list (company_news_read, company_seminar_read, company_column_read).
 */
export function CompanyArticleBlocks() {
  const offered = useOfferedShortcuts(ARTICLE_BLOCKS);
  return (
    <>
      {ARTICLE_BLOCKS.filter((block) => offered.some((shortcut) => shortcut.to === block.to)).map((block) => (
        <RecentArticlesCard key={block.kind} block={block} />
      ))}
    </>
  );
}
