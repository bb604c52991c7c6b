import { useLocation, useParams } from '#client/lib/router/index.ts';
import styled from 'styled-components';
import * as z from 'zod/mini';
import { isBankUser } from '#server/contracts/account-types.ts';
import { type ArticleKind, mayCreateArticles } from '#server/contracts/news.ts';
import { articleWarningsSchema, staffArticleCalls } from '#server/contracts/news-staff.ts';
import { useCurrentUser } from '#client/lib/current-user.ts';
import { HttpError } from '#client/lib/request/http-error.ts';
import { useCallQuery } from '#client/lib/request/call-client.ts';
import { loadFailedMessageOf } from './load-failed-message.ts';
import { ArticleForm } from './components/article-form.tsx';
import { ArticleReadOnly } from './components/article-read-only.tsx';
import { PartnerReviewPanel } from './components/partner-review-panel.tsx';
import { SeminarApplicants } from './components/seminar-applicants.tsx';

const Notice = styled.p<{ $error?: boolean }>`
  margin: 0;
  font-weight: ${({ theme, $error }) => ($error ? theme.typography.fontWeightBold : 'normal')};
  color: ${({ theme, $error }) => ($error ? theme.colors.danger : theme.colors.textMuted)};
`;

/**
 * /admin/news/create and /admin/xba/{column,seminar,pi}/create: a new item. Staff who may not write
 * (branch users) get the 403 page, as the API would refuse their save.
 */
export function ArticleCreatePage({ kind }: { kind: ArticleKind }) {
  const user = useCurrentUser();
  if (!user || !isBankUser(user.user_type) || !mayCreateArticles(user.user_type)) throw new HttpError(403);
  return <ArticleForm key="new" kind={kind} />;
}

/** The warnings the creating save answered, handed over by the navigation that brought the staff here. */
const arrivalStateSchema = z.object({ warnings: articleWarningsSchema });

function articleIdOf(text: string | undefined): number | undefined {
  return text !== undefined && /^[1-9][0-9]{0,9}$/.test(text) ? Number(text) : undefined;
}

/**
 * /admin/news/detail/{id} and /admin/xba/{column,seminar,pi}/detail/{id}: the item's form, or, when
 * this staff member may not change it (can_edit false), its read-only view; a partner company's own
 * partner information, its read-only view and the bank's review (承認・否認). A seminar shows its
 * applicants below. An id that is not the bank's is the 404 page; another failure says so in place.
 */
export function ArticleDetailPage({ kind }: { kind: ArticleKind }) {
  const articleId = articleIdOf(useParams().articleId);
  if (articleId === undefined) throw new HttpError(404);
  return <LoadedArticle kind={kind} articleId={articleId} />;
}

function LoadedArticle({ kind, articleId }: { kind: ArticleKind; articleId: number }) {
  const arrival = arrivalStateSchema.safeParse(useLocation().state);
  const { data, isError, isPending } = useCallQuery(
    staffArticleCalls[kind].detail,
    { params: { id: articleId } },
    // A 404 is the page's answer (the error page); any other failure is told in place.
    { onNotFound: 'error-page', throwOnError: (error) => error instanceof HttpError },
  );
  if (isPending) return <Notice role="status">読み込み中</Notice>;
  if (isError)
    return (
      <Notice role="alert" $error>
        {loadFailedMessageOf(kind)}
      </Notice>
    );
  // A partner company's own item: the staff review it below its read-only view; its text is the company's.
  if (data.article_company_name !== null)
    return (
      <>
        <ArticleReadOnly article={data} />
        <PartnerReviewPanel article={data} />
      </>
    );
  return (
    <>
      {data.can_edit ? (
        <ArticleForm
          // A different item (or the same one deleted and re-created) starts a fresh form.
          key={data.article_id}
          kind={kind}
          article={data}
          initialWarnings={arrival.success ? arrival.data.warnings : undefined}
        />
      ) : (
        <ArticleReadOnly article={data} />
      )}
      {kind === 'seminar' && (
        <SeminarApplicants articleId={data.article_id} capacity={data.seminar_capacity} />
      )}
    </>
  );
}
