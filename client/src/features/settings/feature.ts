import { defineClientDomain } from '#client/lib/client-domain.ts';
import { settingsRoutes } from './pages.tsx';

/** A company user's own settings under /mypage/setting. */
export const settingsDomain = defineClientDomain({
  name: 'settings',
  pages: { default: settingsRoutes },
});
