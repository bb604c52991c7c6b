import { defineClientDomain } from '#client/lib/client-domain.ts';
import { staticPageRoutes } from './pages.tsx';

/** The bank's documents (terms, privacy policy…). */
export const staticPagesDomain = defineClientDomain({ name: 'static-pages', routes: staticPageRoutes });
