import type { RouteObject } from 'react-router';
import type { PageHandle } from '#client/components/page-header/page-handle.ts';

/** The public inquiry form and its thank-you page (spec section 2); neither needs a login. */
export const inquiryRoutes: RouteObject[] = [
  {
    path: '/inquiry',
    handle: { title: 'お問い合わせ' } satisfies PageHandle,
    lazy: async () => ({ Component: (await import('./inquiry-page.tsx')).InquiryPage }),
  },
  {
    path: '/inquiry/completed',
    handle: { title: 'お問い合わせ完了' } satisfies PageHandle,
    lazy: async () => ({ Component: (await import('./inquiry-completed-page.tsx')).InquiryCompletedPage }),
  },
];
