import { registrationPages } from '#server/contracts/pages/registration.ts';
import type { PageHandle } from '#client/components/page-header/page-handle.ts';
import { pageRoute } from '#client/lib/client-domain.ts';

/** The invitee's pages of an owner's invitation (spec sections 2 and 3), in the register layout. */
export const invitationRoutes = [
  pageRoute(registrationPages.invitation, {
    handle: { title: '従業員登録' } satisfies PageHandle,
    lazy: async () => ({
      Component: (await import('./employee-invitation-page.tsx')).EmployeeInvitationPage,
    }),
  }),
  pageRoute(registrationPages.invitationThankYou, {
    handle: { title: '従業員登録完了' } satisfies PageHandle,
    lazy: async () => ({ Component: (await import('./employee-thank-you-page.tsx')).EmployeeThankYouPage }),
  }),
];
