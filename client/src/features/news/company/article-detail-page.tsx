import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useParams } from '#client/lib/router/index.ts';
import { callKeyPrefix } from '#server/contracts/call.ts';
import { type ArticleKind, type CompanyArticleDetail, companyArticleCalls } from '#server/contracts/news.ts';
import { dashboardPages } from '#server/contracts/pages/dashboard.ts';
import { badgeCountsQuery } from '#client/components/navigation/badge-polling.ts';
import { useApiClient } from '#client/lib/request/api-client-context.ts';
import { HttpError } from '#client/lib/request/http-error.ts';
import { useCallQuery } from '#client/lib/request/call-client.ts';
import { ARTICLE_PAGE_TITLES, articleIdOf, COMPANY_ARTICLE_LIST_PAGES } from './article-pages.ts';
import { ArticleView } from './components/article-view.tsx';
import { Loading, NewsLoadFailure } from './components/page-notices.tsx';
import { SeminarApplication } from './components/seminar-application.tsx';
import { SeminarFacts } from './components/seminar-facts.tsx';
import { useSeminarStatusLabel } from './components/use-seminar-status-label.ts';

/** Where the page's back link goes: the kind's list, or the dashboard for partner information. */
function backLinkOf(kind: ArticleKind) {
  if (kind === 'partner_information')
    return { to: dashboardPages.company.path, label: 'ダッシュボードへ戻る' };
  return { to: COMPANY_ARTICLE_LIST_PAGES[kind].path, label: `${ARTICLE_PAGE_TITLES[kind].list}一覧へ戻る` };
}

/**
 * The server marks an item read when it is opened. Once an unread item has loaded, the unread news
 * badge is asked for again at once (not at the next 6-second poll), and the lists of its kind load
 * again when next shown, without the 未読 label.
 */
function useReadingRefreshes(kind: ArticleKind, article: CompanyArticleDetail | undefined) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const openedUnread = article !== undefined && !article.is_read;
  useEffect(() => {
    if (!openedUnread) return;
    if (kind === 'news') void queryClient.invalidateQueries({ queryKey: badgeCountsQuery(api).queryKey });
    void queryClient.invalidateQueries({ queryKey: callKeyPrefix(companyArticleCalls[kind].search) });
  }, [api, queryClient, kind, openedUnread]);
}

/** A seminar's date, place, capacity, deadline and status, and the user's application. */
function SeminarPart({ seminar }: { seminar: CompanyArticleDetail }) {
  const statusLabel = useSeminarStatusLabel();
  return (
    <>
      <SeminarFacts seminar={seminar} statusLabel={statusLabel} detailed />
      <SeminarApplication seminar={seminar} />
    </>
  );
}

/**
 * /mypage/news/{id} and /mypage/news/detail/{id}, /mypage/column/detail/{id},
 * /mypage/seminar/detail/{id} and /mypage/pi/detail/{id}: one item, which opening marks read. An id
 * the user may not see (another bank's, another company type's, private, unpublished) is the 404
 * page; any other failure says ニュースの取得に失敗しました。
 */
export function ArticleDetailPage({ kind }: { kind: ArticleKind }) {
  const articleId = articleIdOf(useParams().id);
  if (articleId === undefined) throw new HttpError(404);
  return <LoadedArticle kind={kind} articleId={articleId} />;
}

function LoadedArticle({ kind, articleId }: { kind: ArticleKind; articleId: number }) {
  const { data, isError, isPending } = useCallQuery(
    companyArticleCalls[kind].detail,
    { params: { id: articleId } },
    // A 404 goes to the route's error page; any other failure stays with the page.
    { onNotFound: 'error-page', throwOnError: (error) => error instanceof HttpError && error.status === 404 },
  );
  useReadingRefreshes(kind, data);
  if (isPending) return <Loading />;
  if (isError) return <NewsLoadFailure />;
  return (
    <ArticleView article={data} titleLevel={2} back={backLinkOf(kind)}>
      {kind === 'seminar' && <SeminarPart seminar={data} />}
    </ArticleView>
  );
}
