import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import { APPLICATION_NOT_FOUND_MESSAGE, applicationProgressCall } from '#server/contracts/registration.ts';
import {
  REGISTRATION_VARIANTS,
  type RegistrationVariantCode,
} from '#server/contracts/registration-variants.ts';
import { companyRegistrations } from '#server/db/schema.ts';
import { notFound } from '#server/errors.ts';
import { serveCall } from '../kit/serve-call.ts';

/**
 * POST /api/v1/register/progress: where an application stands, for whoever holds both its number and
 * the applicant's address (the receipt mail gives both). One answer for any mismatch, so the number
 * alone tells nothing; under the registration rate limit, so guessing is slow.
 */
export function applicationProgressRoutes(app: FastifyInstance, options: { limited: onRequestHookHandler }) {
  serveCall(
    app,
    applicationProgressCall,
    async ({ tx, body }) => {
      const [row] = await tx
        .select({
          code: companyRegistrations.cr_unique_code,
          variant: companyRegistrations.cr_variant,
          status: companyRegistrations.cr_status,
          appliedAt: companyRegistrations.cr_created_at,
          decidedAt: companyRegistrations.cr_decided_at,
        })
        .from(companyRegistrations)
        .where(
          and(
            eq(companyRegistrations.cr_unique_code, body.cr_unique_code.trim()),
            eq(sql`lower(${companyRegistrations.cr_applicant_email})`, body.email.toLowerCase()),
          ),
        );
      if (!row) throw notFound(APPLICATION_NOT_FOUND_MESSAGE);
      return {
        cr_unique_code: row.code,
        // The columns' check constraints hold them to the variant codes and the statuses.
        variant_title: REGISTRATION_VARIANTS[row.variant as RegistrationVariantCode].title,
        status: row.status as 'pending' | 'approved' | 'rejected',
        applied_at: row.appliedAt.toISOString(),
        decided_at: row.decidedAt?.toISOString() ?? null,
      };
    },
    { onRequest: options.limited },
  );
}
