import { lazy, Suspense, useEffect } from 'react';
import { Link } from '#client/lib/router/index.ts';
import styled from 'styled-components';
import { UNAUTHORIZED_REDIRECT_DELAY_MS } from '#server/contracts/device.ts';
import { VisuallyHidden } from '#client/components/visually-hidden.ts';
import { usePageLocation } from '#client/lib/page-location.ts';
import { ERROR_PAGE_TEXTS } from './error-page-texts.ts';

const SanitizedHtml = lazy(() => import('./sanitized-html.tsx'));

/** The texts live in their own module, which start-up's error page uses without this chunk. */
export { ERROR_PAGE_TEXTS };

/** Spec section 4: where the 401 page sends the visitor, after UNAUTHORIZED_REDIRECT_DELAY_MS. */
export const UNAUTHORIZED_REDIRECT_URL = '/logout?to=login';

const Page = styled.main`
  display: grid;
  place-content: center;
  justify-items: center;
  gap: ${({ theme }) => theme.spacing.md};
  min-height: 100vh;
  padding: ${({ theme }) => theme.spacing.lg};
  text-align: center;
`;

const Heading = styled.h1`
  margin: 0;
  font-size: ${({ theme }) => theme.typography.fontSizeLarge};
`;

const Detail = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const ServerMessage = styled(SanitizedHtml)`
  max-width: 40em;
  overflow-wrap: anywhere;
`;

export interface ErrorPageProps {
  /** The HTTP status; without one the page is the spec's "other" error. */
  status?: number;
  /** The server's (or the caller's) message; for 422 it is HTML, shown sanitised. */
  message?: string;
}

/** After UNAUTHORIZED_REDIRECT_DELAY_MS, leaves for the logout that ends at the login page. */
function useRedirectToLogin() {
  const location = usePageLocation();
  useEffect(() => {
    const timer = setTimeout(
      () => location.assign(UNAUTHORIZED_REDIRECT_URL),
      UNAUTHORIZED_REDIRECT_DELAY_MS,
    );
    return () => clearTimeout(timer);
  }, [location]);
}

function UnauthorizedContent({ message }: { message: string | undefined }) {
  useRedirectToLogin();
  return (
    <>
      <Heading>{ERROR_PAGE_TEXTS.unauthorized}</Heading>
      {message && <Detail>{message}</Detail>}
      <Detail>{ERROR_PAGE_TEXTS.unauthorizedRedirect}</Detail>
    </>
  );
}

function ErrorContent({ status, message }: ErrorPageProps) {
  const extra = (fixed: string) => message && message !== fixed && <Detail>{message}</Detail>;
  switch (status) {
    case 400:
      return (
        <>
          <Heading>{ERROR_PAGE_TEXTS.badRequest}</Heading>
          {extra(ERROR_PAGE_TEXTS.badRequest)}
        </>
      );
    case 401:
      return <UnauthorizedContent message={message} />;
    case 403:
      // The unsubscribe page passes its own wording (with a period) as the message.
      return <Heading>{message || ERROR_PAGE_TEXTS.forbidden}</Heading>;
    case 404:
      return (
        <>
          <Heading>{ERROR_PAGE_TEXTS.notFoundHeading}</Heading>
          <Detail>{ERROR_PAGE_TEXTS.notFound}</Detail>
        </>
      );
    case 422:
      return (
        <>
          {/* The server's message is the page; the heading is for screen readers' page outline. */}
          <VisuallyHidden as="h1">エラー</VisuallyHidden>
          {message && (
            <Suspense fallback={null}>
              <ServerMessage html={message} />
            </Suspense>
          )}
        </>
      );
    case 500:
      return (
        <>
          <Heading>{ERROR_PAGE_TEXTS.serverError}</Heading>
          {extra(ERROR_PAGE_TEXTS.serverError)}
        </>
      );
    default:
      return <Heading>{message || ERROR_PAGE_TEXTS.other}</Heading>;
  }
}

/**
 * The error page for a status (spec section 8), each with the way back to the top page: 400
 * 不正なリクエストです; 401 ログインが必要です, then the login page after 3 s; 403 権限がありません;
 * 404 Not Found; 422 the server's message as sanitised HTML; 500 System Error; anything else the
 * message or エラーが発生しました。.
 */
export function ErrorPage({ status, message }: ErrorPageProps) {
  return (
    <Page>
      <ErrorContent status={status} message={message} />
      <p>
        <Link to="/">{ERROR_PAGE_TEXTS.backToTop}</Link>
      </p>
    </Page>
  );
}
