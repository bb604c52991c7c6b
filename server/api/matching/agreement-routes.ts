import type { FastifyInstance } from 'fastify';
import { OWNER_USER_TYPES } from '#server/contracts/account-types.ts';
import { pagedResult } from '#server/contracts/paging.ts';
import {
  AGREEMENT_MESSAGES,
  agreeCall,
  agreementPagePath,
  getAgreementPageCall,
  getOwnAgreementCall,
  listAgreementsCall,
  matchingTerms,
  openOwnAgreementCall,
  requestAgreementCall,
} from '#server/contracts/matching-agreement.ts';
import type { DbTransaction } from '#server/db/database.ts';
import { forbidden, notFound, unprocessable } from '#server/errors.ts';
import { type MailBank, mailBankOfRequest, renderBankMail } from '#server/mail/bank-mail.ts';
import { queueMails } from '#server/mail/outbox.ts';
import type { Tenant } from '#server/tenancy/tenant.ts';
import { companyMailRecipients } from '../kit/mail-recipients.ts';
import { serveCall } from '../kit/serve-call.ts';
import {
  agree,
  agreementListItem,
  agreementOfCode,
  agreementOfCompany,
  companyIdOfCode,
  listAgreements,
  openAgreement,
} from './agreement-queries.ts';
import { readerOf } from './matching-viewer.ts';

const AGREEMENT_OBJECT = {
  param: 'unique_code',
  table: 'matching_agreements',
  column: 'agreement_unique_code',
};
const COMPANY_OBJECT = { param: 'company_unique_code', table: 'companies', column: 'company_unique_code' };

const iso = (value: Date | null) => value?.toISOString() ?? null;

async function pageOf(tx: DbTransaction, tenant: Tenant, code: string) {
  const found = await agreementOfCode(tx, code);
  if (!found) throw notFound();
  return {
    company_name: found.companyName,
    bank_name: tenant.config.bank_name,
    terms: matchingTerms(tenant.config.bank_name),
    agreed_at: iso(found.agreement.agreement_agreed_at),
  };
}

function agreementMail(
  bank: MailBank,
  owner: { email: string; name: string },
  companyName: string,
  code: string,
) {
  return renderBankMail(bank, {
    kind: 'matching.agreement_request',
    to: owner.email,
    greeting: `${owner.name} 様`,
    subject: 'ビジネスマッチング利用規約へのご同意のお願い',
    paragraphs: [
      `${bank.bankName} ${bank.serviceName}のビジネスマッチングをご利用いただくにあたり、利用規約へのご同意をお願いいたします。`,
      '下記のページで規約をご確認のうえ、「同意する」を押してください。ご同意いただくと、商談依頼の送信と承諾ができるようになります。',
    ],
    details: [{ label: '企業名', value: companyName }],
    action: { label: '利用規約を確認する', url: `${bank.portalUrl}${agreementPagePath(code).slice(1)}` },
    notes: ['このメールにお心当たりがない場合は、お手数ですが下記の窓口までご連絡ください。'],
  });
}

/**
 * The matching agreement: its page (public, by the link's code), the owners' agreement, the
 * company's own status, and the staff's list and request mail (/admin/ncba/bm).
 */
export async function agreementRoutes(app: FastifyInstance): Promise<void> {
  serveCall(
    app,
    getAgreementPageCall,
    async ({ tx, params, request }) => pageOf(tx, request.tenant, params.unique_code),
    {
      object: AGREEMENT_OBJECT,
    },
  );

  serveCall(
    app,
    agreeCall,
    async ({ tx, viewer, params, request }) => {
      const { companyId } = readerOf(viewer, request.tenant.code);
      const found = await agreementOfCode(tx, params.unique_code);
      if (!found) throw notFound();
      if (found.agreement.company_id !== companyId) throw forbidden(AGREEMENT_MESSAGES.notTheCompany);
      if (!(OWNER_USER_TYPES as readonly string[]).includes(viewer.user.user_type))
        throw forbidden(AGREEMENT_MESSAGES.ownersOnly);
      await agree(tx, companyId, viewer.userId);
      return pageOf(tx, request.tenant, params.unique_code);
    },
    { message: AGREEMENT_MESSAGES.agreed, object: AGREEMENT_OBJECT, audit: { action: 'APPROVE' } },
  );

  serveCall(app, getOwnAgreementCall, async ({ tx, viewer, request }) => {
    const row = await agreementOfCompany(tx, readerOf(viewer, request.tenant.code).companyId);
    return { agreed: row?.agreement_agreed_at != null, unique_code: row?.agreement_unique_code ?? null };
  });

  serveCall(
    app,
    openOwnAgreementCall,
    async ({ tx, viewer, request }) => {
      const row = await openAgreement(tx, readerOf(viewer, request.tenant.code).companyId);
      return { agreed: row.agreement_agreed_at !== null, unique_code: row.agreement_unique_code };
    },
    { audit: { action: 'CREATE', target: (_, result) => result.unique_code } },
  );

  serveCall(app, listAgreementsCall, async ({ tx, viewer, query }) => {
    const { rows, totalRows } = await listAgreements(tx, viewer, query);
    return pagedResult(
      rows.map((row) => ({ ...row, requested_at: iso(row.requested_at), agreed_at: iso(row.agreed_at) })),
      totalRows,
      query,
    );
  });

  serveCall(
    app,
    requestAgreementCall,
    async ({ tx, viewer, params, request }) => {
      const item = await agreementListItem(tx, viewer, params.company_unique_code);
      const companyId = await companyIdOfCode(tx, params.company_unique_code);
      if (!item || companyId === undefined) throw notFound();
      if (item.state === 'agreed') throw unprocessable('この企業はすでに利用規約に同意しています');
      const row = await openAgreement(tx, companyId);
      const bank = mailBankOfRequest(request);
      const owners = await companyMailRecipients(tx, [companyId], OWNER_USER_TYPES);
      await queueMails(
        tx,
        owners.map((owner) => agreementMail(bank, owner, item.company_name, row.agreement_unique_code)),
      );
      const updated = await agreementListItem(tx, viewer, params.company_unique_code);
      if (!updated) throw notFound();
      return { ...updated, requested_at: iso(updated.requested_at), agreed_at: iso(updated.agreed_at) };
    },
    { message: AGREEMENT_MESSAGES.requested, object: COMPANY_OBJECT, audit: { action: 'SEND' } },
  );
}
