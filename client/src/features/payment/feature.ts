import { defineClientDomain } from '#client/lib/client-domain.ts';
import { companyPaymentRoutes } from './pages.tsx';

/** The company's payment card: registration and its completion page. */
export const paymentDomain = defineClientDomain({ name: 'payment', routes: companyPaymentRoutes });
