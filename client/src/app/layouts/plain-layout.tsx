import { Outlet } from '#client/lib/router/index.ts';
import { AppBar } from '#client/components/app-bar/app-bar.tsx';
import { useDocumentTitle } from '#client/components/page-header/document-title.ts';
import { SiteFooter } from '#client/components/site-footer/site-footer.tsx';
import { MAIN_CONTENT_ID, SkipLink } from '#client/components/skip-link.tsx';
import { LayoutFeedback } from './layout-feedback.tsx';
import { Main, Page } from './layout-frame.ts';

/**
 * For the pages that need no login (the top page, static pages, inquiry): the application bar, the
 * page, the site footer. The page brings its own heading; the layout keeps the document title.
 */
export function PlainLayout() {
  useDocumentTitle();
  return (
    <Page>
      <SkipLink />
      <AppBar />
      <Main id={MAIN_CONTENT_ID} tabIndex={-1}>
        <Outlet />
      </Main>
      <SiteFooter />
      <LayoutFeedback />
    </Page>
  );
}
