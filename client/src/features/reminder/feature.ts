import { defineClientDomain } from '#client/lib/client-domain.ts';
import { reminderRoutes } from './pages.tsx';

/** The password reminder. */
export const reminderDomain = defineClientDomain({
  name: 'reminder',
  pages: { plain: reminderRoutes },
});
