import { defineServerDomain } from '../kit/server-domain.ts';
import { passwordSettingRoutes } from './password-change-routes.ts';
import { profileSettingRoutes } from './user-profile-routes.ts';

/**
 * A company user's own settings under /mypage/setting (issue 16): their profile and their password
 * so far; the company's accounts, templates, website, notices, coupons and leaving follow.
 */
export const settingsDomain = defineServerDomain({
  name: 'settings',
  routes: async (app, services) => {
    await profileSettingRoutes(app, services);
    await passwordSettingRoutes(app, services);
  },
});
