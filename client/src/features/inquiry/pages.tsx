import { inquiryPages } from '#server/contracts/pages/inquiry.ts';
import type { PageHandle } from '#client/components/page-header/page-handle.ts';
import { pageRoute } from '#client/lib/client-domain.ts';

/** The public inquiry form and its thank-you page (spec section 2); neither needs a login. */
export const inquiryRoutes = [
  pageRoute(inquiryPages.form, {
    handle: { title: 'お問い合わせ' } satisfies PageHandle,
    lazy: async () => ({ Component: (await import('./inquiry-page.tsx')).InquiryPage }),
  }),
  pageRoute(inquiryPages.completed, {
    handle: { title: 'お問い合わせ完了' } satisfies PageHandle,
    lazy: async () => ({ Component: (await import('./inquiry-completed-page.tsx')).InquiryCompletedPage }),
  }),
];
