import { useMemo } from 'react';
import { Link, useSearchParams } from '#client/lib/router/index.ts';
import { isBankUser } from '#server/contracts/account-types.ts';
import { type ArticleKind, mayCreateArticles } from '#server/contracts/news.ts';
import { type AdminArticleConditions, staffArticleCalls } from '#server/contracts/news-staff.ts';
import { ButtonLink } from '#client/components/button/button.tsx';
import { ListPageFrame } from '#client/components/page/list-page-frame.tsx';
import { PageToolbar } from '#client/components/page/page-text.ts';
import { useCurrentUser } from '#client/lib/current-user.ts';
import { useCallQuery } from '#client/lib/request/call-client.ts';
import { loadFailedMessageOf } from './load-failed-message.ts';
import { articleCreatePath } from './article-paths.ts';
import { ArticleSearchForm } from './components/article-search-form.tsx';
import { ArticleTable } from './components/article-table.tsx';
import { type AdminArticleSearch, paramsOfSearch, searchFromParams } from './search-params.ts';

/**
 * /admin/news, /admin/xba/column, /admin/xba/seminar, /admin/xba/pi: the bank's items of a kind,
 * searched and paged. The search lives in the URL, so reload, back and forward keep it and a search
 * can be shared as a link; each change is one history entry. 新規作成 is offered to the staff who
 * may write (not branch users).
 */
export function ArticleListPage({ kind }: { kind: ArticleKind }) {
  const user = useCurrentUser();
  const [params, setParams] = useSearchParams();
  const search = useMemo(() => searchFromParams(params), [params]);
  const query = useCallQuery(staffArticleCalls[kind].search, { body: search }, { keepPrevious: true });
  const go = (next: AdminArticleSearch) => setParams(paramsOfSearch(next));
  const searchFor = (conditions: AdminArticleConditions) => go({ conditions, page: 1, rows: search.rows });
  const mayCreate = user !== null && isBankUser(user.user_type) && mayCreateArticles(user.user_type);

  return (
    <ListPageFrame
      search={
        <>
          {mayCreate && (
            <PageToolbar>
              <ButtonLink as={Link} to={articleCreatePath(kind)} $variant="main">
                新規作成
              </ButtonLink>
            </PageToolbar>
          )}
          <ArticleSearchForm kind={kind} conditions={search.conditions} onSearch={searchFor} />
        </>
      }
      query={query}
      loadFailed={loadFailedMessageOf(kind)}
      table={(items, busy) => <ArticleTable kind={kind} items={items} busy={busy} />}
      onPage={({ page, rows }) => go({ conditions: search.conditions, page, rows })}
    />
  );
}
