import { defineClientDomain } from '#client/lib/client-domain.ts';
import { websitePublicRoutes, websiteSettingRoutes } from './pages.tsx';

/** A company's homepage: the editor under /mypage/setting/website and the public page /hp/{code}. */
export const websitesDomain = defineClientDomain({
  name: 'websites',
  routes: [...websiteSettingRoutes, ...websitePublicRoutes],
});
