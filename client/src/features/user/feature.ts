import { defineClientDomain } from '#client/lib/client-domain.ts';
import { userSwitchRoutes } from './routes.tsx';

/** Switching into another user (staff). */
export const userDomain = defineClientDomain({
  name: 'user',
  pages: { admin: userSwitchRoutes },
});
