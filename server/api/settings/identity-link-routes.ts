import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as oidc from 'openid-client';
import { requestOrigin } from '#server/auth/same-origin.ts';
import type { LoadedSession } from '#server/auth/sessions.ts';
import {
  disconnectIdentityLinkCall,
  getIdentityLinksCall,
  IDENTITY_LINK_MESSAGES,
} from '#server/contracts/identity-link.ts';
import { LOGIN_PATH } from '#server/contracts/identity.ts';
import { unprocessable } from '#server/errors.ts';
import { serveCall } from '../kit/serve-call.ts';
import type { DomainServices } from '../kit/server-domain.ts';
import { deleteIdentityLinksOf, identityLinksOf } from './identity-link-queries.ts';

/** The session is a staff member acting as its user (impersonation). */
const impersonating = (request: FastifyRequest) => Boolean(request.auth?.session?.data.switchedFrom);

/**
 * Where the browser goes after the unlinking: the provider's logout (RP-initiated, with the portal's
 * client id and no id token: the page's script never holds a token), which ends the provider's own
 * login session and revokes the grants it holds, then /login; /login itself when the provider cannot
 * be reached (its login will still ask again: the grant was revoked and the sessions are gone).
 */
async function providerLogoutUrl(app: FastifyInstance, request: FastifyRequest): Promise<string> {
  const landing = `${requestOrigin(request)}${LOGIN_PATH}`;
  try {
    const client = await app.relyingParties.forTenant(request.tenant);
    if (!client.configuration.serverMetadata().end_session_endpoint) return LOGIN_PATH;
    return oidc.buildEndSessionUrl(client.configuration, {
      post_logout_redirect_uri: landing,
      client_id: client.clientId,
    }).href;
  } catch (error) {
    request.log.warn({ err: error }, 'no provider logout after unlinking; the browser goes to /login');
    return LOGIN_PATH;
  }
}

/**
 * Revokes the session's refresh token at the provider: RFC 7009 revocation of a refresh token
 * revokes the whole grant at oidc-provider (and at most providers), so the portal's access through
 * that login ends there too. A failure is logged: the gateway's sessions are already gone.
 */
async function revokeGrant(app: FastifyInstance, request: FastifyRequest, session: LoadedSession) {
  const refreshToken = session.data.tokens.refreshToken;
  if (!refreshToken) return;
  try {
    const client = await app.relyingParties.forTenant(request.tenant);
    await oidc.tokenRevocation(client.configuration, refreshToken);
  } catch (error) {
    request.log.warn({ err: error }, 'refresh token not revoked after unlinking');
  }
}

/**
 * /disconnect/broker: the logged-in user's identity-broker links, and their unlinking. Unlinking
 * removes the links and ends every session of the user at the bank (before the commit: if the
 * session store cannot be reached, nothing changes), then clears this browser's cookie and revokes
 * the grant its login holds at the provider. The next login links again (server/auth/session-audit.ts).
 * Refused for a user with no link (422), and while impersonating (403: the call's refusedWhileSwitched;
 * a staff member acting as the user did not log in through the user's account).
 */
export async function identityLinkRoutes(app: FastifyInstance, _services: DomainServices): Promise<void> {
  serveCall(app, getIdentityLinksCall, async ({ tx, viewer, request }) => {
    if (impersonating(request)) return { impersonating: true, links: [] };
    return {
      impersonating: false,
      links: await identityLinksOf(tx, viewer.userId, request.tenant.config.bank_name),
    };
  });

  serveCall(
    app,
    disconnectIdentityLinkCall,
    async ({ tx, viewer, request, reply, afterCommit }) => {
      const removed = await deleteIdentityLinksOf(tx, viewer.userId);
      if (removed === 0) throw unprocessable(IDENTITY_LINK_MESSAGES.notLinked);
      // Before the commit: if the sessions cannot be ended, the links stay as they were.
      await app.sessions.endAllOf(request.tenant.code, viewer.userId);
      const session = request.auth?.session ?? null;
      afterCommit(async () => {
        await app.sessions.end(reply, null);
        if (session) await revokeGrant(app, request, session);
      });
      request.log.info({ userId: viewer.userId, links: removed }, 'identity links removed by their user');
      return { redirect_to: await providerLogoutUrl(app, request) };
    },
    { audit: { action: 'DELETE', target: ({ viewer }) => viewer.user.user_unique_code } },
  );
}
