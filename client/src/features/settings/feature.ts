import { defineClientDomain } from '#client/lib/client-domain.ts';
import { settingsPlainRoutes, settingsRoutes } from './pages.tsx';

/** A company's own settings under /mypage/setting, /disconnect/broker and /email/confirm. */
export const settingsDomain = defineClientDomain({
  name: 'settings',
  routes: [...settingsRoutes, ...settingsPlainRoutes],
});
