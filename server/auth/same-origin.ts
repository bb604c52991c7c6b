import type { FastifyRequest } from 'fastify';

/** The request's origin as the browser names it: scheme and Host (with its port). */
export const requestOrigin = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

/**
 * Whether a state-changing request was sent by a page of this very origin (the cross-site request
 * forgery check of the API guard and of the logout and switch-back forms): the browser's `Origin`
 * names this origin, and `Sec-Fetch-Site`, which a page cannot set, says `same-origin` when the
 * browser sends it. Another bank's host is the same site but not the same origin: refused.
 */
export function isSameOriginRequest(request: FastifyRequest): boolean {
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin') return false;
  return request.headers.origin === requestOrigin(request);
}
