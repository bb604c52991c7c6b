import { defineClientDomain } from '#client/lib/client-domain.ts';
import { userSwitchRoutes } from './pages.tsx';

/** Switching into another user (staff). */
export const userDomain = defineClientDomain({ name: 'user', routes: userSwitchRoutes });
