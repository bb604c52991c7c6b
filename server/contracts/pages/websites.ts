import { definePages } from './page-list.ts';

/**
 * A company's homepage (client/src/features/websites): its editor, and the public page (empty
 * layout: the company's page alone, without the portal's app bar; decision 0089).
 */
export const websitesPages = {
  ...definePages('default', { editor: { path: '/mypage/setting/website', rule: 'website_settings' } }),
  ...definePages('empty', { homepage: '/hp/{id}' }),
};
