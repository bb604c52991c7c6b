import { MESSAGES } from '#server/contracts/messages.ts';

/** Spec section 8: the error page texts. */
export const ERROR_PAGE_TEXTS = {
  badRequest: MESSAGES.badRequest,
  unauthorized: MESSAGES.unauthorized,
  unauthorizedRedirect: MESSAGES.unauthorizedRedirect,
  forbidden: MESSAGES.forbidden,
  notFoundHeading: MESSAGES.notFoundHeading,
  notFound: MESSAGES.notFound,
  serverError: MESSAGES.serverError,
  other: MESSAGES.generic,
  backToTop: MESSAGES.backToTop,
} as const;
