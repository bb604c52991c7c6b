import { defineClientDomain } from '#client/lib/client-domain.ts';
import { applicationRoutes, upgradeApplicationRoutes } from './apply/pages.tsx';
import { deskRoutes } from './desk/pages.tsx';
import { invitationRoutes } from './invitation/pages.tsx';

/** A company's application to the bank's portal, and the bank's desk that decides it. */
export const registrationDomain = defineClientDomain({
  name: 'registration',
  routes: [
    ...applicationRoutes,
    ...invitationRoutes,
    ...upgradeApplicationRoutes('bizsol'),
    ...upgradeApplicationRoutes('ibmft'),
    ...deskRoutes,
  ],
});
