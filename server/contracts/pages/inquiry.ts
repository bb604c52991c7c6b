import { definePages } from './page-list.ts';

/** The public inquiry form and its thank-you page (client/src/features/inquiry). */
export const inquiryPages = definePages('plain', { form: '/inquiry', completed: '/inquiry/completed' });
