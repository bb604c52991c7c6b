import { defineServerDomain } from '../kit/server-domain.ts';
import { accountSettingRoutes } from './account-setting-routes.ts';
import { chatRemarkTemplateRoutes } from './chat-remark-template-routes.ts';
import { identityLinkRoutes } from './identity-link-routes.ts';
import { passwordSettingRoutes } from './password-change-routes.ts';
import { unsubscribeSettingRoutes } from './unsubscribe-setting-routes.ts';
import { usageStatementRoutes } from './usage-statement-routes.ts';
import { seedSettings } from './settings-seed.ts';
import { profileSettingRoutes } from './user-profile-routes.ts';

/**
 * A company's own settings under /mypage/setting (issue 16): the user's profile and password, the
 * company's accounts, chat templates, usage statements and leaving, and the unlinking of an
 * identity-broker account (/disconnect/broker). The website and the coupons are domains of their own
 * (websites, coupons); partner information is the news domain's, and the need-notice setting is the
 * matching domain's (it chooses what matching's digest mails).
 */
export const settingsDomain = defineServerDomain({
  name: 'settings',
  routes: async (app, services) => {
    await profileSettingRoutes(app, services);
    await passwordSettingRoutes(app, services);
    await accountSettingRoutes(app, services);
    await chatRemarkTemplateRoutes(app, services);
    await usageStatementRoutes(app, services);
    await unsubscribeSettingRoutes(app, services);
    await identityLinkRoutes(app, services);
  },
  seed: seedSettings,
});
