import type { RouteObject } from '#client/lib/router/index.ts';
import type { PageHandle } from '#client/components/page-header/page-handle.ts';

/**
 * The invitee's pages of an owner's invitation (spec sections 2 and 3), in the register layout.
 * The paths are INVITATION_PAGE_PATH and EMPLOYEE_THANK_YOU_PATH of employee-invitation.ts, written
 * out: that contract's schemas belong in the pages' lazy chunks, not in the router's bundle (the
 * page-table test fails when the two differ).
 */
export const invitationRoutes: RouteObject[] = [
  {
    path: '/register/employee/invitation/:id',
    handle: { title: '従業員登録' } satisfies PageHandle,
    lazy: async () => ({
      Component: (await import('./employee-invitation-page.tsx')).EmployeeInvitationPage,
    }),
  },
  {
    path: '/register/employee/thankyou',
    handle: { title: '従業員登録完了' } satisfies PageHandle,
    lazy: async () => ({ Component: (await import('./employee-thank-you-page.tsx')).EmployeeThankYouPage }),
  },
];
