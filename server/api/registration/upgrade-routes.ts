import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  UPGRADE_MESSAGES,
  type UpgradeStatus,
  upgradePortalCompanyCall,
  upgradeStatusCall,
} from '#server/contracts/registration-desk.ts';
import {
  REGISTRATION_VARIANTS,
  type RegistrationVariantCode,
} from '#server/contracts/registration-variants.ts';
import type { DbTransaction } from '#server/db/database.ts';
import { companies, companyRegistrations } from '#server/db/schema.ts';
import { notFound, unprocessable } from '#server/errors.ts';
import { mailBankOfRequest, renderBankMail } from '#server/mail/bank-mail.ts';
import { queueMail } from '#server/mail/outbox.ts';
import { serveCall } from '../kit/serve-call.ts';

/** The application's company and where it stands; undefined when the bank has no such application. */
async function upgradeTarget(tx: DbTransaction, code: string) {
  const [row] = await tx
    .select({
      companyId: companyRegistrations.company_id,
      companyCode: companies.company_unique_code,
      companyName: companies.company_name,
      companyType: companies.company_type,
      applicantName: companyRegistrations.cr_applicant_name,
      applicantEmail: companyRegistrations.cr_applicant_email,
      variant: companyRegistrations.cr_variant,
    })
    .from(companyRegistrations)
    .leftJoin(companies, eq(companies.company_id, companyRegistrations.company_id))
    .where(eq(companyRegistrations.cr_unique_code, code));
  if (!row) return undefined;
  // The column's check constraint holds it to the variant codes.
  const madePortalMember =
    REGISTRATION_VARIANTS[row.variant as RegistrationVariantCode].companyType === 'baportal';
  const status: UpgradeStatus =
    row.companyId === null || !madePortalMember
      ? 'not_applicable'
      : row.companyType === 'baportal'
        ? 'upgradable'
        : 'upgraded';
  return { ...row, status };
}

/**
 * The upgrade of a BA-portal company to a full business assist member (admin spec section 7), for
 * system and bank admins: its status, and the upgrade itself, made once (one UPDATE guarded by the
 * company still being a portal member: of two admins at once, the second is told it is done) and
 * told to the owner by mail in the same transaction.
 */
export async function registrationUpgradeRoutes(app: FastifyInstance) {
  serveCall(app, upgradeStatusCall, async ({ tx, query }) => {
    const target = await upgradeTarget(tx, query.cr_unique_code);
    if (!target) throw notFound();
    return { status: target.status, company_unique_code: target.companyCode };
  });

  serveCall(
    app,
    upgradePortalCompanyCall,
    async ({ tx, body, request }) => {
      const target = await upgradeTarget(tx, body.cr_unique_code);
      if (!target) throw notFound();
      if (target.status === 'upgraded') throw unprocessable(UPGRADE_MESSAGES.alreadyUpgraded);
      if (target.status !== 'upgradable' || target.companyId === null)
        throw unprocessable(UPGRADE_MESSAGES.notApplicable);
      const [upgraded] = await tx
        .update(companies)
        .set({ company_type: 'normal', company_enable_ba: true })
        .where(and(eq(companies.company_id, target.companyId), eq(companies.company_type, 'baportal')))
        .returning({ id: companies.company_id });
      if (!upgraded) throw unprocessable(UPGRADE_MESSAGES.alreadyUpgraded);
      const bank = mailBankOfRequest(request);
      await queueMail(
        tx,
        renderBankMail(bank, {
          kind: 'registration.upgraded',
          to: target.applicantEmail,
          subject: 'ご利用範囲変更のお知らせ',
          greeting: `${target.applicantName} 様`,
          paragraphs: [
            `${target.companyName ?? ''}さまのご利用を、${bank.bankName} ${bank.serviceName}のビジネスアシスト会員に変更しました。`,
            '次回のログインから、ビジネスアシストのすべての機能をご利用いただけます。',
          ],
        }),
      );
      return { message: UPGRADE_MESSAGES.upgraded, type: 'normal' as const };
    },
    {
      message: UPGRADE_MESSAGES.upgraded,
      audit: { action: 'UPDATE', target: ({ body }) => body.cr_unique_code },
    },
  );
}
