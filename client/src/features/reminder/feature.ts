import { defineClientDomain } from '#client/lib/client-domain.ts';
import { portalEnableRoutes, reminderRoutes } from './pages.tsx';

/** The password reminder, and the portal member's first password (/register/portal/enable). */
export const reminderDomain = defineClientDomain({
  name: 'reminder',
  routes: [...reminderRoutes, ...portalEnableRoutes],
});
