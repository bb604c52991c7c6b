import type { FastifyInstance, FastifyRequest } from 'fastify';
import { hasAllPermissions } from '#server/contracts/account-types.ts';
import {
  businessUserLimitMessage,
  COMPANY_ACCOUNT_MESSAGES,
  companyAccountCall,
  createBusinessUserCall,
  listBusinessUsersCall,
  listCompanyAccountsCall,
  partnerCompanyUserLimitCall,
  saveCompanyAccountCall,
  setCompanyAccountDisabledCall,
} from '#server/contracts/company-accounts.ts';
import { FIRST_PASSWORD_LINK_VALID_DAYS } from '#server/contracts/reminder.ts';
import type { DbTransaction } from '#server/db/database.ts';
import { forbidden, notFound, unprocessable } from '#server/errors.ts';
import { mailBankOfRequest, renderBankMail } from '#server/mail/bank-mail.ts';
import { queueMail } from '#server/mail/outbox.ts';
import type { CompanyViewer } from '#server/plugins/request-context.ts';
import { createCompanyUser } from '../accounts/company-users.ts';
import { isMemberAddress } from '../accounts/invitation-queries.ts';
import { createResetLink } from '../accounts/password-reset-queries.ts';
import { serveCall } from '../kit/serve-call.ts';
import { askEmailChange } from './email-change-request.ts';
import type { DomainServices } from '../kit/server-domain.ts';
import {
  countEnabledBusinessUsers,
  findCompanyAccount,
  listCompanyAccounts,
  lockCompany,
  setAccountDisabled,
  updateCompanyAccount,
} from './account-setting-queries.ts';
import { businessUserCreatedMail } from './business-user-mail.ts';

const BUSINESS_USER_PERMISSION = 'company_setting_businessuser_write';

/** The viewer's company; a company-side account always has one. */
function companyOf(viewer: CompanyViewer): number {
  if (viewer.companyId === null) throw notFound();
  return viewer.companyId;
}

/** The bank's partner limit as it applies to the viewer's company: 0 for a company that is not a partner. */
function partnerLimitOf(viewer: CompanyViewer, request: FastifyRequest): number {
  return viewer.companyType === 'partner' ? request.tenant.config.partner_company_user_limit : 0;
}

/**
 * The viewer's company and its business-user limit (null: none applies), when the viewer may manage
 * business users: the permission, and either the bank's enable_business_user or, for a partner
 * company, a partner limit above 0 (the menu's business_user_setting). A partner company is held to
 * its limit either way. Else 403.
 */
function businessUserScope(viewer: CompanyViewer, request: FastifyRequest) {
  const companyId = companyOf(viewer);
  const permitted = hasAllPermissions(
    { isSuperUser: viewer.user.user_is_super_user, permittedActions: viewer.user.permitted_actions },
    [BUSINESS_USER_PERMISSION],
  );
  const limit = partnerLimitOf(viewer, request);
  const enabled = request.tenant.config.features.enable_business_user === true;
  if (!permitted || !(enabled || limit > 0))
    throw forbidden(COMPANY_ACCOUNT_MESSAGES.businessUserNotPermitted);
  return { companyId, limit: viewer.companyType === 'partner' ? limit : null };
}

/** Refuses a business user beyond the partner limit; the caller holds the company's lock. */
async function assertBusinessUserRoom(tx: DbTransaction, companyId: number, limit: number | null) {
  if (limit === null) return;
  if ((await countEnabledBusinessUsers(tx, companyId)) >= limit)
    throw unprocessable(businessUserLimitMessage(limit));
}

/**
 * The company's accounts (issue 16 item 1): the list, one user's page (edit, disable, enable) and
 * the business users. A disabled user's sessions all end once the command commits, so their open
 * page is logged out at its next call; the logged-in users' cache forgets the company at once.
 * Disabling and enabling lock the company's row first: the last-owner rule and the partner limit
 * hold however many commands run at once.
 */
export async function accountSettingRoutes(app: FastifyInstance, _services: DomainServices): Promise<void> {
  const forgetCompany = (request: FastifyRequest, companyId: number) =>
    app.loggedInUsers.forgetCompany(request.tenant.code, companyId);

  serveCall(app, listCompanyAccountsCall, async ({ tx, viewer }) =>
    listCompanyAccounts(tx, companyOf(viewer), viewer.userId),
  );

  serveCall(
    app,
    companyAccountCall,
    async ({ tx, viewer, params }) => {
      const account = await findCompanyAccount(tx, companyOf(viewer), params.user_unique_code, viewer.userId);
      if (!account) throw notFound();
      return account;
    },
    { object: { param: 'user_unique_code', table: 'users', column: 'user_unique_code' } },
  );

  serveCall(
    app,
    saveCompanyAccountCall,
    async ({ tx, viewer, params, body, request, afterCommit }) => {
      const companyId = companyOf(viewer);
      const account = await findCompanyAccount(tx, companyId, params.user_unique_code, viewer.userId, {
        lock: true,
      });
      if (!account) throw notFound();
      // Another mailbox takes effect only through the link mailed to it (decision 0096).
      const email = await askEmailChange(tx, request, account.userId, {
        name: `${body.user_last_name.trim()} ${body.user_first_name.trim()}`,
        loginId: account.user_login_id,
        currentEmail: account.user_email,
        newEmail: body.user_email,
      });
      await updateCompanyAccount(tx, account.userId, { ...body, user_email: email.saveNow });
      afterCommit(async () => forgetCompany(request, companyId));
      const saved = await findCompanyAccount(tx, companyId, params.user_unique_code, viewer.userId);
      if (!saved) throw notFound();
      return { ...saved, email_confirmation_sent: email.confirmationSent };
    },
    {
      message: (saved) =>
        saved.email_confirmation_sent
          ? COMPANY_ACCOUNT_MESSAGES.savedEmailPending
          : COMPANY_ACCOUNT_MESSAGES.saved,
      example: {
        body: {
          user_last_name: '山田',
          user_first_name: '太郎',
          user_last_name_kana: 'ヤマダ',
          user_first_name_kana: 'タロウ',
          user_email: 'taro.yamada@example.jp',
        },
      },
      object: { param: 'user_unique_code', table: 'users', column: 'user_unique_code' },
      audit: { action: 'UPDATE' },
    },
  );

  serveCall(
    app,
    setCompanyAccountDisabledCall,
    async ({ tx, viewer, params, body, request, afterCommit }) => {
      const companyId = companyOf(viewer);
      const company = await lockCompany(tx, companyId);
      if (!company) throw notFound();
      const account = await findCompanyAccount(tx, companyId, params.user_unique_code, viewer.userId, {
        lock: true,
      });
      if (!account) throw notFound();
      if (body.disabled && !account.user_is_disabled) {
        if (account.disable_refusal === 'self') throw unprocessable(COMPANY_ACCOUNT_MESSAGES.selfDisable);
        if (account.disable_refusal === 'last_owner') throw unprocessable(COMPANY_ACCOUNT_MESSAGES.lastOwner);
        await setAccountDisabled(tx, account.userId, true);
        afterCommit(async () => {
          forgetCompany(request, companyId);
          await request.server.sessions.endAllOf(request.tenant.code, account.userId);
        });
      } else if (!body.disabled && account.user_is_disabled) {
        if (account.user_type === 'company_user' && company.companyType === 'partner')
          await assertBusinessUserRoom(tx, companyId, partnerLimitOf(viewer, request));
        await setAccountDisabled(tx, account.userId, false);
        afterCommit(async () => forgetCompany(request, companyId));
      }
      const result = await findCompanyAccount(tx, companyId, params.user_unique_code, viewer.userId);
      if (!result) throw notFound();
      return result;
    },
    {
      object: { param: 'user_unique_code', table: 'users', column: 'user_unique_code' },
      audit: { action: ({ body }) => (body.disabled ? 'CLOSE' : 'UPDATE') },
      example: { body: { disabled: false } },
    },
  );

  serveCall(app, partnerCompanyUserLimitCall, async ({ tx, viewer, request }) => {
    const limit = partnerLimitOf(viewer, request);
    return { limit, used: await countEnabledBusinessUsers(tx, companyOf(viewer)) };
  });

  serveCall(app, listBusinessUsersCall, async ({ tx, viewer, request }) => {
    const { companyId, limit } = businessUserScope(viewer, request);
    const businessUsers = await listCompanyAccounts(tx, companyId, viewer.userId, {
      userType: 'company_user',
    });
    return {
      users: businessUsers,
      limit,
      used: businessUsers.filter((account) => !account.user_is_disabled).length,
    };
  });

  serveCall(
    app,
    createBusinessUserCall,
    async ({ tx, viewer, body, request }) => {
      const { companyId, limit } = businessUserScope(viewer, request);
      if (request.tenant.config.oidc.password_reset_url)
        throw unprocessable(COMPANY_ACCOUNT_MESSAGES.externalProvider);
      if (!(await lockCompany(tx, companyId))) throw notFound();
      await assertBusinessUserRoom(tx, companyId, limit);
      if (await isMemberAddress(tx, body.user_email))
        throw unprocessable(COMPANY_ACCOUNT_MESSAGES.emailTaken, {
          user_email: [COMPANY_ACCOUNT_MESSAGES.emailTaken],
        });
      const tel = body.user_tel?.trim() ? body.user_tel.trim() : null;
      const created = await createCompanyUser(
        tx,
        {
          companyId,
          userType: 'company_user',
          lastName: body.user_last_name.trim(),
          firstName: body.user_first_name.trim(),
          lastNameKana: body.user_last_name_kana.trim(),
          firstNameKana: body.user_first_name_kana.trim(),
          email: body.user_email.trim(),
          tel,
        },
        request.tenant.config.system_prefix,
      );
      const token = await createResetLink(tx, created.userId, FIRST_PASSWORD_LINK_VALID_DAYS * 24 * 60);
      const bank = mailBankOfRequest(request);
      const mail = businessUserCreatedMail(
        bank,
        {
          email: body.user_email.trim(),
          name: `${body.user_last_name.trim()} ${body.user_first_name.trim()}`,
          companyName: viewer.user.company_name ?? '',
          createdByName: viewer.user.user_name,
          loginId: created.loginId,
        },
        token,
      );
      await queueMail(tx, renderBankMail(bank, mail));
      return { user_unique_code: created.userUniqueCode, user_login_id: created.loginId };
    },
    {
      message: COMPANY_ACCOUNT_MESSAGES.businessUserCreated,
      audit: { action: 'CREATE', target: (_context, result) => result.user_unique_code },
    },
  );
}
