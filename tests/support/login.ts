import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { UserTypeCode } from '#server/contracts/account-types.ts';
import { type CookieJar, completeProviderLogin } from './idp.ts';

/** The demo login id of each account type (README, Demo logins): `{id}-{bank code}`. */
export const DEMO_LOGIN_OF = {
  system_admin: 'sysadmin',
  bank_admin: 'bankadmin',
  branch_admin: 'branchadmin',
  branch_user: 'branchuser',
  company_owner: 'owner',
  company_user: 'user',
  partner_company_owner: 'partner',
  company_employee: 'employee',
} as const satisfies Record<UserTypeCode, string>;

/** The gateway's port the provider's development redirect URIs name (config PORT default). */
export const GATEWAY_PORT = 3000;

/** The Host header of a bank's development host on the gateway's port, as a browser sends it. */
export const gatewayHost = (code: string) => `bank${code}.localhost:${GATEWAY_PORT}`;
export const gatewayOrigin = (code: string) => `http://${gatewayHost(code)}`;

/** The `name=value` of a response's Set-Cookie for `name` (undefined when it sets none). */
export function setCookieValue(response: LightMyRequestResponse, name: string): string | undefined {
  return response.cookies.find((cookie) => cookie.name === name)?.value;
}

export interface GatewayLogin {
  /** The Cookie header for the gateway: the session cookie. */
  cookie: string;
  /** Where /callback sent the browser. */
  landing: string;
  providerCookies: CookieJar;
  /** The /callback response. */
  callback: LightMyRequestResponse;
}

/** GET /login on a bank's host: the redirect to its provider and the login cookie. */
export async function startLogin(app: FastifyInstance, code: string, query = '') {
  const response = await app.inject({
    method: 'GET',
    url: `/login${query}`,
    headers: { host: gatewayHost(code) },
  });
  return response;
}

/**
 * A browser's whole login on a bank's host: /login, the provider's login page with the demo
 * password, /callback. Answers the session cookie and where the browser landed.
 */
export async function loginAs(
  app: FastifyInstance,
  code: string,
  loginId: string,
  options: {
    query?: string;
    password?: string;
    providerCookies?: CookieJar;
    headers?: Record<string, string>;
    /** Cookies the browser already holds for the gateway when it comes back to /callback. */
    callbackCookie?: string;
  } = {},
): Promise<GatewayLogin> {
  const start = await app.inject({
    method: 'GET',
    url: `/login${options.query ?? ''}`,
    headers: { host: gatewayHost(code), ...options.headers },
  });
  expect(start.statusCode, start.body).toBe(302);
  const transaction = setCookieValue(start, 'portal_login');
  expect(transaction).toBeDefined();
  const { callbackUrl, providerCookies } = await completeProviderLogin(
    start.headers.location as string,
    { loginId, password: options.password ?? 'demo-password' },
    options.providerCookies,
  );
  const url = new URL(callbackUrl);
  expect(url.host).toBe(gatewayHost(code));
  const callback = await app.inject({
    method: 'GET',
    url: `${url.pathname}${url.search}`,
    headers: {
      host: gatewayHost(code),
      cookie: [`portal_login=${transaction}`, options.callbackCookie].filter(Boolean).join('; '),
      ...options.headers,
    },
  });
  expect(callback.statusCode, callback.body).toBe(302);
  const session = setCookieValue(callback, 'portal_session');
  expect(session).toBeDefined();
  return {
    cookie: `portal_session=${session}`,
    landing: callback.headers.location as string,
    providerCookies,
    callback,
  };
}

/** A GET of the API as the logged-in browser. */
export function apiGet(
  app: FastifyInstance,
  code: string,
  cookie: string,
  url: string,
  headers: Record<string, string> = {},
) {
  return app.inject({ method: 'GET', url, headers: { host: gatewayHost(code), cookie, ...headers } });
}

/** A state-changing API call as the logged-in page sends it (same origin, X-Requested-With). */
export function apiPost(app: FastifyInstance, code: string, cookie: string, url: string, payload: object) {
  return app.inject({
    method: 'POST',
    url,
    headers: {
      host: gatewayHost(code),
      origin: gatewayOrigin(code),
      'x-requested-with': 'XMLHttpRequest',
      cookie,
    },
    payload,
  });
}

/**
 * The headers of a form POST from a page of the bank's own origin, as Chromium sends them (Origin
 * and Sec-Fetch-Site; the gateway's logout and switch-back pages send such a POST).
 */
export const sameOriginFormHeaders = (code: string) => ({
  origin: gatewayOrigin(code),
  'sec-fetch-site': 'same-origin',
  'content-type': 'application/x-www-form-urlencoded',
});

/**
 * A form POST without fields to the gateway as the browser holding `cookie` sends it from the
 * bank's own page; `headers` replace the same-origin ones (a cross-site form, a forged request).
 */
export function formPost(
  app: FastifyInstance,
  code: string,
  cookie: string,
  url: string,
  headers: Record<string, string> = sameOriginFormHeaders(code),
) {
  return app.inject({
    method: 'POST',
    url,
    headers: { host: gatewayHost(code), cookie, ...headers },
    payload: '',
  });
}

/**
 * What the gateway's self-submitting page (GET /logout, GET /login?switch_back=1) shows: its form's
 * action, whether it submits itself (an inline script admitted by its hash in the page's
 * Content-Security-Policy) and the button's label.
 */
export function selfSubmittingForm(response: LightMyRequestResponse) {
  const html = response.body;
  const action = /<form method="post" action="([^"]*)"/.exec(html)?.[1]?.replace(/&amp;/g, '&');
  const script = /<script>([^<]*)<\/script>/.exec(html)?.[1];
  const button = /<button type="submit">([^<]*)<\/button>/.exec(html)?.[1];
  return { action, script, button };
}

/** GET /api/v1/user/me as the browser holding `cookie`: the user, or null for nobody logged in. */
export async function currentUser(app: FastifyInstance, code: string, cookie: string) {
  const response = await apiGet(app, code, cookie, '/api/v1/user/me');
  expect(response.statusCode, response.body).toBe(200);
  return response.json().result as {
    user_login_id: string;
    user_type: string;
    user_unique_code: string;
  } | null;
}
