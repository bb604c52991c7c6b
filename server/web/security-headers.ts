import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';

/** Helmet's settings for every answer of the gateway; pages add their bank's Content-Security-Policy. */
export function securityHeaderOptions(env: 'development' | 'test' | 'production') {
  return {
    // JSON and asset answers: nothing may run or frame them.
    contentSecurityPolicy: { directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
    // Development hosts are plain http; only production pins HTTPS.
    strictTransportSecurity: env === 'production',
  };
}

/**
 * The headers helmet sets for `options`, computed once so a cached page can send them without
 * running helmet per request (it rebuilds and re-parses its policy on every call). Helmet only calls
 * setHeader/removeHeader on the response, which the recorder below captures.
 */
export function computeSecurityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}
