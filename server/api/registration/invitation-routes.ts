import fastifyRateLimit, { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import { hasAllPermissions } from '#server/contracts/account-types.ts';
import {
  checkInvitationCall,
  INVITATION_MESSAGES,
  INVITATION_PERMISSION,
  inviteEmployeeCall,
  listInvitationsCall,
  registerEmployeeCall,
  revokeInvitationCall,
} from '#server/contracts/employee-invitation.ts';
import type { DbTransaction } from '#server/db/database.ts';
import { hashPassword } from '#server/db/password-hash.ts';
import { forbidden, notFound, unprocessable } from '#server/errors.ts';
import { mailBankOfRequest, renderBankMail } from '#server/mail/bank-mail.ts';
import { queueMail } from '#server/mail/outbox.ts';
import { bankRateLimitOptions, type PublicFormLimit } from '#server/plugins/rate-limit.ts';
import { bankScopedKey } from '#server/tenancy/bank-key.ts';
import type { CompanyViewer } from '#server/plugins/request-context.ts';
import { serveCall } from '../kit/serve-call.ts';
import { createCompanyUser, newLoginId } from '../accounts/company-users.ts';
import { employeeRegisteredMail, invitationMail } from './invitation-mail.ts';
import {
  createInvitation,
  invitationOfToken,
  isMemberAddress,
  listInvitations,
  markInvitationUsed,
  revokeInvitation,
} from '../accounts/invitation-queries.ts';

/** Why a link cannot be used, as the invitee's page tells it (404). */
const LINK_REFUSALS = {
  unknown: INVITATION_MESSAGES.unknown,
  expired: INVITATION_MESSAGES.expired,
  used: INVITATION_MESSAGES.used,
  revoked: INVITATION_MESSAGES.revokedLink,
} as const;

/** The invitation a link's token names, if it can be used now; else the refusal that says why not. */
async function usableInvitation(tx: DbTransaction, token: string, options: { lock?: boolean } = {}) {
  const link = await invitationOfToken(tx, token, options);
  if (link.kind !== 'usable') throw notFound(LINK_REFUSALS[link.kind]);
  return link;
}

/** The viewer's company, when the viewer may invite and revoke (the account settings permission); else 403. */
function invitingCompany(viewer: CompanyViewer): number {
  const { user, companyId } = viewer;
  const permitted = hasAllPermissions(
    { isSuperUser: user.user_is_super_user, permittedActions: user.permitted_actions },
    [INVITATION_PERMISSION],
  );
  if (companyId === null || !permitted) throw forbidden(INVITATION_MESSAGES.notPermitted);
  return companyId;
}

const mailBank = (request: FastifyRequest) => mailBankOfRequest(request);

/**
 * An owner's invitation of employees (platform spec sections 2 and 3): the company's users with the
 * account settings permission invite by mail, list and revoke; the invitee checks the link and
 * registers with it, without a login. Inviting and registering are under a budget per client
 * address and bank like the registration's posts, and each company's invitations under a budget
 * of its own: every one is a mail from the bank to an address outside the company (decision 100).
 * The link's token is only ever in the invitee's mail: no answer and no log line carries it, and
 * the logs name invitations by their public code.
 */
export async function employeeInvitationRoutes(
  app: FastifyInstance,
  options: PublicFormLimit & {
    /** Invitations one company may send per window (config EMPLOYEE_INVITATION_RATE_LIMIT_MAX a day). */
    companyRateLimit: { max: number; timeWindowMs: number };
  },
) {
  /** A budget's onRequest hook, from a scope of its own (each limiter decorates its scope once). */
  async function limiter(limitOptions: Parameters<typeof fastifyRateLimit>[1]) {
    let handler: onRequestHookHandler | undefined;
    await app.register(async (scope) => {
      await scope.register(fastifyRateLimit, limitOptions);
      handler = scope.rateLimit();
    });
    if (!handler) throw new Error('the rate limiter was not registered');
    return handler;
  }
  const limited = await limiter(
    bankRateLimitOptions({
      name: 'employee-invitation',
      ...options.rateLimit,
      message: INVITATION_MESSAGES.rateLimited,
      store: options.rateLimitStore,
    }),
  );
  const companyLimited = await limiter({
    ...bankRateLimitOptions({
      name: 'employee-invitation-company',
      ...options.companyRateLimit,
      message: INVITATION_MESSAGES.companyRateLimited,
      store: options.rateLimitStore,
    }),
    // Per company: whoever of it sends, from wherever (the guard has refused anyone else by now).
    keyGenerator: async (request) => {
      const viewer = await request.viewer();
      return bankScopedKey(
        request.tenant.code,
        'rate-limit',
        'employee-invitation-company',
        viewer.kind === 'company' && viewer.companyId !== null
          ? `company-${viewer.companyId}`
          : normalizeIP(request.ip),
      );
    },
  });
  /** The address's budget, then the company's. */
  const inviteLimited: onRequestHookHandler = async function (request, reply) {
    await limited.call(this, request, reply, () => {});
    await companyLimited.call(this, request, reply, () => {});
  };
  /** The invitation a registration used, for its audit row (none for the honeypot's). */
  const registeredInvitation = new WeakMap<FastifyRequest, string>();

  /**
   * A bank whose identity provider keeps the passwords (its tenant file's oidc.password_reset_url)
   * registers its users' logins there: a password set here would open nothing, so the portal neither
   * invites nor registers employees (as the reminder sets no password there).
   */
  function refuseWhereProviderKeepsPasswords(request: FastifyRequest) {
    if (request.tenant.config.oidc.password_reset_url)
      throw unprocessable(INVITATION_MESSAGES.externalProvider);
  }

  serveCall(
    app,
    inviteEmployeeCall,
    async ({ tx, body, viewer, request }) => {
      const companyId = invitingCompany(viewer);
      refuseWhereProviderKeepsPasswords(request);
      if (await isMemberAddress(tx, body.email)) {
        throw unprocessable(INVITATION_MESSAGES.alreadyMember, {
          email: [INVITATION_MESSAGES.alreadyMember],
        });
      }
      const name = body.name?.trim() || null;
      const { token, invitation } = await createInvitation(tx, {
        companyId,
        invitedByUserId: viewer.userId,
        email: body.email,
        name,
      });
      const bank = mailBank(request);
      const mail = invitationMail(bank, {
        to: invitation.email,
        companyName: viewer.user.company_name ?? '',
        invitedByName: invitation.invited_by_name,
        expiresAt: new Date(invitation.expires_at),
        token,
      });
      await queueMail(tx, renderBankMail(bank, mail));
      request.log.info({ invitation: invitation.invitation_unique_code }, 'employee invited');
      return invitation;
    },
    {
      message: INVITATION_MESSAGES.sent,
      onRequest: inviteLimited,
      audit: { action: 'SEND', target: (_context, result) => result.invitation_unique_code },
    },
  );

  serveCall(app, listInvitationsCall, async ({ tx, viewer }) => listInvitations(tx, invitingCompany(viewer)));

  serveCall(
    app,
    revokeInvitationCall,
    async ({ tx, body, viewer }) => {
      const outcome = await revokeInvitation(tx, invitingCompany(viewer), body.invitation_unique_code);
      if (!outcome) throw notFound();
      if (!outcome.revoked) {
        throw unprocessable(
          outcome.invitation.state === 'used'
            ? INVITATION_MESSAGES.alreadyUsed
            : INVITATION_MESSAGES.alreadyRevoked,
        );
      }
      return outcome.invitation;
    },
    {
      message: INVITATION_MESSAGES.revoked,
      audit: { action: 'CLOSE', target: ({ body }) => body.invitation_unique_code },
    },
  );

  serveCall(app, checkInvitationCall, async ({ tx, body }) => {
    const invitation = await usableInvitation(tx, body.token);
    return {
      company_name: invitation.companyName,
      email: invitation.email,
      expires_at: invitation.expiresAt.toISOString(),
    };
  });

  serveCall(
    app,
    registerEmployeeCall,
    async ({ tx, body, request }) => {
      const loginIdPrefix = request.tenant.config.system_prefix;
      if (body.homepage_url) {
        // The honeypot: only a bot fills it in. It is answered like anyone, and nothing is kept.
        request.log.info('employee registration with the honeypot filled in ignored');
        return { user_login_id: newLoginId(loginIdPrefix), company_name: '' };
      }
      refuseWhereProviderKeepsPasswords(request);
      // Hashed before the invitation is locked: the lock is held for the writes only.
      const passwordHash = await hashPassword(body.password);
      // Locked until the commit: a second registration with the token waits, then finds it used.
      const invitation = await usableInvitation(tx, body.token, { lock: true });
      registeredInvitation.set(request, invitation.code);
      // Someone of the bank may have taken the address since the invitation was sent.
      if (await isMemberAddress(tx, invitation.email)) throw unprocessable(INVITATION_MESSAGES.alreadyMember);
      const employee = await createCompanyUser(
        tx,
        {
          companyId: invitation.companyId,
          userType: 'company_employee',
          lastName: body.user_last_name,
          firstName: body.user_first_name,
          lastNameKana: body.user_last_name_kana,
          firstNameKana: body.user_first_name_kana,
          email: invitation.email,
          tel: body.user_tel || null,
          passwordHash,
        },
        loginIdPrefix,
      );
      await markInvitationUsed(tx, invitation.id, employee.userId);
      const bank = mailBank(request);
      const mail = employeeRegisteredMail(bank, {
        to: invitation.email,
        name: `${body.user_last_name} ${body.user_first_name}`,
        companyName: invitation.companyName,
        loginId: employee.loginId,
      });
      await queueMail(tx, renderBankMail(bank, mail));
      // Codes only: the names, the address and the login id stay out of the log.
      request.log.info({ invitation: invitation.code, userId: employee.userId }, 'employee registered');
      return { user_login_id: employee.loginId, company_name: invitation.companyName };
    },
    {
      message: INVITATION_MESSAGES.registered,
      onRequest: limited,
      audit: { action: 'CREATE', target: ({ request }) => registeredInvitation.get(request) ?? null },
    },
  );
}
