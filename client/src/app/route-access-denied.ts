import { HttpError } from '../lib/request/http-error.ts';

/**
 * A page the route rules keep from this user (403, 404 or 422 with the rule's message): an answer,
 * not a fault, so it is not reported.
 */
export class RouteAccessDeniedError extends HttpError {
  constructor(status: number, message: string) {
    super(status, message);
    this.name = 'RouteAccessDeniedError';
  }
}
