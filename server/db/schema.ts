/**
 * The whole database schema, one module per domain under ./schema/. A new domain adds its file
 * there and one line here (drizzle-kit reads ./schema/*.ts; the app's typed client reads this).
 */
export * from './schema/master-lists.ts';
export * from './schema/bank-branches.ts';
export * from './schema/companies.ts';
export * from './schema/users.ts';
export * from './schema/inquiries.ts';
export * from './schema/user-switch-audits.ts';
export * from './schema/news.ts';
export * from './schema/audit-events.ts';
export * from './schema/manuals.ts';
export * from './schema/feature-requests.ts';
export * from './schema/payment-cards.ts';
export * from './schema/mail-outbox.ts';
export * from './schema/password-resets.ts';
export * from './schema/company-registrations.ts';
export * from './schema/company-charges.ts';
export * from './schema/company-unsubscriptions.ts';
export * from './schema/company-business-profiles.ts';
export * from './schema/chat-remark-templates.ts';
export * from './schema/need-notice-settings.ts';
export * from './schema/user-identity-links.ts';
export * from './schema/service-offers.ts';
export * from './schema/company-websites.ts';
export * from './schema/matching.ts';
export * from './schema/idempotent-commands.ts';
export * from './schema/email-changes.ts';
