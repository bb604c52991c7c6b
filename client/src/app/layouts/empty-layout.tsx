import { Outlet } from '#client/lib/router/index.ts';
import { useDocumentTitle } from '#client/components/page-header/document-title.ts';
import { MAIN_CONTENT_ID } from '#client/components/skip-link.tsx';
import { LayoutFeedback } from './layout-feedback.tsx';
import { Main, Page } from './layout-frame.ts';

/** The page alone, without bar, navigation or footer (callback, logout, full-screen pages). */
export function EmptyLayout() {
  useDocumentTitle();
  return (
    <Page>
      <Main id={MAIN_CONTENT_ID} tabIndex={-1}>
        <Outlet />
      </Main>
      <LayoutFeedback />
    </Page>
  );
}
