import { useQueryClient } from '@tanstack/react-query';
import { Link } from '#client/lib/router/index.ts';
import styled from 'styled-components';
import {
  FAVORITE_MESSAGES,
  FAVORITES_PER_USER_MAX,
  listFavoriteNeedsCall,
  type PublishedNeed,
  removeFavoriteNeedCall,
} from '#server/contracts/matching.ts';
import { Button } from '#client/components/button/button.tsx';
import { TablePager } from '#client/components/table/table-pager.tsx';
import { PageLead, ResultsSection } from '#client/components/page/page-text.ts';
import { useListPage } from '#client/lib/list-search.ts';
import { useCommand } from '#client/components/command/use-command.ts';
import { useApiClient } from '#client/lib/request/api-client-context.ts';
import { saveCall } from '#client/lib/request/call-client.ts';
import { LoadFailedNotice, LoadingNotice } from '#client/components/page/page-states.tsx';
import { NEED_SEARCH_PATH } from '../matching-paths.ts';
import { NeedResultList } from '../search/need-result-list.tsx';

const Empty = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.spacing.sm};
  padding: ${({ theme }) => theme.spacing.lg};
  color: ${({ theme }) => theme.colors.textMuted};
  text-align: center;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};

  p {
    margin: 0;
  }
`;

/**
 * /mypage/matching/favca (お気に入りニーズ): the needs the user made favourites on their pages, the
 * latest first, 25 a page, as the search shows needs; those no longer published are left out by the
 * server. Each card can be taken off the list.
 */
export function FavoriteNeedListPage() {
  const { turnPage, rows } = useListPage(listFavoriteNeedsCall);
  const { data, isError, isPending, isPlaceholderData } = rows;
  if (isPending) return <LoadingNotice />;
  if (isError) return <LoadFailedNotice />;
  return (
    <>
      <PageLead>
        ニーズの詳細ページで「お気に入り」に登録したニーズです（{FAVORITES_PER_USER_MAX}
        件まで）。公開が終わったニーズは表示されません。
      </PageLead>
      <ResultsSection
        aria-labelledby="favorite-needs-heading"
        aria-busy={isPlaceholderData || undefined}
        $busy={isPlaceholderData}
      >
        <h2 id="favorite-needs-heading">お気に入り（{data.paging_data.total_rows}件）</h2>
        {data.list.length === 0 ? (
          <Empty>
            <p>お気に入りに登録したニーズはありません。</p>
            <p>
              <Link to={NEED_SEARCH_PATH}>ニーズを探す</Link>
            </p>
          </Empty>
        ) : (
          <NeedResultList
            needs={data.list}
            label="お気に入りのニーズ"
            actionOf={(need) => <RemoveFavoriteButton need={need} />}
          />
        )}
        <TablePager paging={data.paging_data} onChange={turnPage} rowsChoice={false} />
      </ResultsSection>
    </>
  );
}

/** お気に入りから外す: the list loads again without the need. */
function RemoveFavoriteButton({ need }: { need: PublishedNeed }) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const { run, sending } = useCommand();
  const remove = () =>
    run(() => saveCall(api, removeFavoriteNeedCall, { params: { ca_unique_code: need.ca_unique_code } }), {
      done: FAVORITE_MESSAGES.removed,
      after: () => queryClient.invalidateQueries({ queryKey: [removeFavoriteNeedCall.domain] }),
    });
  return (
    <Button
      type="button"
      disabled={sending}
      aria-label={`「${need.need_title}」をお気に入りから外す`}
      onClick={() => void remove()}
    >
      お気に入りから外す
    </Button>
  );
}
