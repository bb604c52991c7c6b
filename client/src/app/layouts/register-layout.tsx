import { Outlet, useLocation } from '#client/lib/router/index.ts';
import { useDocumentTitle } from '#client/components/page-header/document-title.ts';
import { SiteFooter } from '#client/components/site-footer/site-footer.tsx';
import { MAIN_CONTENT_ID, SkipLink } from '#client/components/skip-link.tsx';
import { LayoutFeedback } from './layout-feedback.tsx';
import { Main, Page } from './layout-frame.ts';
import { RegisterContent, RegisterHeader } from './register-header.tsx';

/** Spec section 2: the register layout hides the footer on /register/portal paths. */
export function showsRegisterFooter(pathname: string): boolean {
  return !(pathname === '/register/portal' || pathname.startsWith('/register/portal/'));
}

/** The registration pages (spec section 2): the bank's header, the form, the site footer. */
export function RegisterLayout() {
  const { pathname } = useLocation();
  useDocumentTitle();
  return (
    <Page>
      <SkipLink />
      <RegisterHeader caption="新規登録" />
      <Main id={MAIN_CONTENT_ID} tabIndex={-1}>
        <RegisterContent>
          <Outlet />
        </RegisterContent>
      </Main>
      {showsRegisterFooter(pathname) && <SiteFooter />}
      <LayoutFeedback />
    </Page>
  );
}
