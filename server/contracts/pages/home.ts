import { definePages } from './page-list.ts';

/** The top page (client/src/features/home). */
export const homePages = definePages('plain', { home: '/' });
