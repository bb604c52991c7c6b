import fastifyRateLimit, { normalizeIP } from '@fastify/rate-limit';
import { codeListHas } from '#server/db/select-code-list.ts';
import { chargeStatuses } from '#server/db/schema/master-lists.ts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  alreadyChargedMessage,
  CHARGE_HISTORY_MONTHS,
  CHARGE_MESSAGES,
  chargeCompanyLookupCall,
  chargeMonthStart,
  companyChargesCall,
  monthsBefore,
  saveChargeCall,
  saveCompanyChargeCall,
} from '#server/contracts/company-charges.ts';
import { japanDateString } from '#server/contracts/japan-day.ts';
import { isEmptyValue } from '#server/contracts/validation.ts';
import type { DbTransaction } from '#server/db/database.ts';
import { verifyPassword } from '#server/db/password-hash.ts';
import { notFound, unprocessable } from '#server/errors.ts';
import { bankRateLimitOptions } from '#server/plugins/rate-limit.ts';
import type { StaffViewer } from '#server/plugins/request-context.ts';
import { bankScopedKey } from '#server/tenancy/bank-key.ts';
import { type CallHandler, serveCall } from '../kit/serve-call.ts';
import type { DomainServices } from '../kit/server-domain.ts';
import {
  brokeOncePerMonth,
  type ChargeValues,
  companyChargesSince,
  findChargeCompany,
  insertCharge,
  lookupChargeCompanies,
  staffPasswordHash,
  updateCharge,
} from './charge-queries.ts';

/**
 * Refuses the save unless `password` is the staff member's own (admin spec section 5: saving a
 * charge requires the user's password). A bank whose identity provider keeps the passwords
 * (oidc.password_reset_url) leaves the portal nothing to check against (a hash kept here could be a
 * stale one), so its staff are refused as a wrong password is. The refusal is a 422 the page shows
 * in the password dialog, and it leaves nothing behind: the handler stops before any write.
 */
async function confirmStaffPassword(
  tx: DbTransaction,
  request: FastifyRequest,
  viewer: StaffViewer,
  password: string,
): Promise<void> {
  const hash = request.tenant.config.oidc.password_reset_url
    ? null
    : await staffPasswordHash(tx, viewer.userId);
  if (hash !== null && (await verifyPassword(password, hash))) return;
  request.log.warn({ userId: viewer.userId }, 'charge save refused: the password was not confirmed');
  throw unprocessable(CHARGE_MESSAGES.authenticationFailed, {
    password: [CHARGE_MESSAGES.authenticationFailed],
  });
}

/** The first month the page shows: the current month in Japan and the 11 before it. */
const firstShownMonth = () => monthsBefore(japanDateString().slice(0, 7), CHARGE_HISTORY_MONTHS - 1);

/**
 * The save (both of the spec's paths): the password first, then the company (404 when unknown or
 * another bank's), the status against its master, and the entry written, new or edited, in the
 * call's one transaction. A second entry of a kind for a month (adjustments apart) is a 422 that
 * says so, under the month.
 */
const saveCharge: CallHandler<typeof saveCompanyChargeCall> = async ({
  tx,
  body,
  viewer,
  request,
  audit,
}) => {
  // A new entry is CREATE, an edited one (charge_id sent) UPDATE.
  audit({ action: body.charge_id == null ? 'CREATE' : 'UPDATE' });
  await confirmStaffPassword(tx, request, viewer, body.password);
  const company = await findChargeCompany(tx, viewer, body.company_unique_code);
  if (!company) throw notFound();
  if (!(await codeListHas(tx, chargeStatuses, body.charge_status))) {
    throw unprocessable(undefined, { charge_status: [CHARGE_MESSAGES.invalidChoice] });
  }
  const values: ChargeValues = {
    monthStart: chargeMonthStart(body.charge_month),
    kind: body.charge_kind,
    amount: body.charge_amount,
    status: body.charge_status,
    note: isEmptyValue(body.charge_note) ? null : (body.charge_note ?? null),
  };
  try {
    const charge = body.charge_id
      ? await updateCharge(tx, company.company_id, body.charge_id, values, viewer.userId)
      : await insertCharge(tx, company.company_id, values, viewer.userId);
    if (!charge) throw notFound();
    return { charge };
  } catch (error) {
    if (!brokeOncePerMonth(error)) throw error;
    const message = alreadyChargedMessage(body.charge_kind);
    throw unprocessable(message, { charge_month: [message] });
  }
};

/**
 * /admin/company/charge's calls (system and bank admins: access 'admin'): the company lookup, a
 * company's charges, and the save at both of its paths. Saves are held to the login's budget per
 * staff member (config LOGIN_RATE_LIMIT_MAX a minute), so guessing a password here costs what it
 * costs at the login page, where each try is one scrypt hash too.
 */
export async function companyChargeRoutes(app: FastifyInstance, services: DomainServices): Promise<void> {
  // A scope of its own: the rate limit's decoration stays with these routes.
  await app.register(async (scope) => {
    await scope.register(fastifyRateLimit, {
      ...bankRateLimitOptions({
        name: 'charge-save',
        ...services.config.loginRateLimit,
        message: CHARGE_MESSAGES.rateLimited,
        store: services.rateLimitStore,
      }),
      // Per staff member rather than per address: it is their password that is being tried.
      keyGenerator: (request) =>
        bankScopedKey(
          request.tenant.code,
          'rate-limit',
          'charge-save',
          request.auth ? `user-${request.auth.user.userId}` : normalizeIP(request.ip),
        ),
    });
    const limited = scope.rateLimit();

    serveCall(scope, chargeCompanyLookupCall, async ({ tx, query, viewer }) => ({
      list: await lookupChargeCompanies(tx, viewer, query.keyword),
    }));

    serveCall(scope, companyChargesCall, async ({ tx, query, viewer }) => {
      const company = await findChargeCompany(tx, viewer, query.company_unique_code);
      if (!company) throw notFound();
      const fromMonth = firstShownMonth();
      return {
        company: {
          company_unique_code: company.company_unique_code,
          company_name: company.company_name,
          bb_name: company.bb_name,
        },
        from_month: fromMonth,
        charges: await companyChargesSince(tx, company.company_id, chargeMonthStart(fromMonth)),
      };
    });

    // The handler says whether it created or edited; the target is the company.
    for (const call of [saveCompanyChargeCall, saveChargeCall]) {
      serveCall(scope, call, saveCharge, {
        message: CHARGE_MESSAGES.saved,
        onRequest: limited,
        audit: {
          action: 'handler',
          target: ({ body }) => body.company_unique_code,
        },
      });
    }
  });
}
