import { seedManuals } from '#server/db/seeds/manual.ts';
import { defineServerDomain } from '../kit/server-domain.ts';
import { manualRoutes } from './routes.ts';

/** The manual dialog's content, per page kind and bank. */
export const manualDomain = defineServerDomain({ name: 'manual', routes: manualRoutes, seed: seedManuals });
