import type { FastifyInstance } from 'fastify';
import { codeListHas } from '#server/db/select-code-list.ts';
import { couponCategories } from '#server/db/schema/master-lists.ts';
import { japanDateString } from '#server/contracts/japan-day.ts';
import { pagedResult } from '#server/contracts/paging.ts';
import {
  APPROVABLE_STATUSES,
  approveServiceOfferCall,
  cancelServiceOfferCall,
  createServiceOfferCall,
  deleteServiceOfferCall,
  deleteServiceOfferImageCall,
  DISAPPROVABLE_STATUSES,
  disapproveServiceOfferCall,
  getOwnServiceOfferCall,
  getServiceOfferReviewCall,
  listOwnServiceOffersCall,
  listServiceOfferReviewsCall,
  searchServiceOffersCall,
  SERVICE_OFFER_MESSAGES,
  SERVICE_OFFERS_PER_COMPANY_MAX,
  type ServiceOfferFields,
  updateServiceOfferCall,
} from '#server/contracts/service-offer.ts';
import type { DbTransaction } from '#server/db/database.ts';
import { notFound, unprocessable } from '#server/errors.ts';
import type { StaffViewer } from '#server/plugins/request-context.ts';
import { deleteStoredFiles } from '../kit/uploaded-files.ts';
import { serveCall } from '../kit/serve-call.ts';
import type { DomainServices } from '../kit/server-domain.ts';
import { couponImageFileRoutes, OFFER_OBJECT, serviceOfferImageStorageKeyOf } from './coupon-image-files.ts';
import {
  cancelOwnServiceOffer,
  countOffersOfLockedCompany,
  deleteOwnServiceOffer,
  findOwnServiceOffer,
  insertServiceOffer,
  listOwnServiceOffers,
  replaceServiceOfferImage,
  serviceOfferOf,
  updateOwnServiceOffer,
} from './coupon-queries.ts';
import {
  decideServiceOffer,
  findServiceOfferForReview,
  listServiceOffersForReview,
  type ServiceOfferDecision,
} from './coupon-review-queries.ts';
import { searchPublishedServiceOffers } from './coupon-search-queries.ts';

/** The audit target of every command on an offer: the offer, by its code. */
const offerTarget = (_: unknown, result: { cso_unique_code: string }) => result.cso_unique_code;

/** A form the saves accept, for the security walk's cross-bank tries. */
const EXAMPLE_FIELDS = {
  cso_title: '初回相談無料',
  cso_body: '初回のご相談（60分）を無料で承ります。',
  cso_category: 'business',
  cso_benefit: '初回60分無料',
  cso_target: '全従業員',
  cso_publish_start: '2025-04-01',
  cso_publish_end: '',
};

/** A category of the cso_categories master, or 422 with the field's message. */
async function requireCategory(tx: DbTransaction, fields: ServiceOfferFields): Promise<void> {
  if (!(await codeListHas(tx, couponCategories, fields.cso_category.trim())))
    throw unprocessable(SERVICE_OFFER_MESSAGES.invalidChoice, {
      cso_category: [SERVICE_OFFER_MESSAGES.invalidChoice],
    });
}

/**
 * The coupons domain's calls (server/contracts/service-offer.ts): the company's own offers, the
 * published offers of the bank's other companies, the bank's review desk, and the offers' images.
 */
export async function couponRoutes(app: FastifyInstance, { storage }: DomainServices): Promise<void> {
  const removeImageBytes = (
    bankCode: string,
    fileCode: string,
    log: Parameters<typeof deleteStoredFiles>[2],
  ) => deleteStoredFiles(storage, [serviceOfferImageStorageKeyOf(bankCode, fileCode)], log);

  // The company's own offers (/mypage/setting/service/offer): the page's rule, coupon_settings.

  serveCall(app, listOwnServiceOffersCall, async ({ tx, viewer, query }) => {
    const { companyId } = viewer;
    const { rows, totalRows } = await listOwnServiceOffers(tx, companyId, query);
    const today = japanDateString();
    return pagedResult(
      rows.map((row) => serviceOfferOf(row, today)),
      totalRows,
      query,
    );
  });

  serveCall(
    app,
    getOwnServiceOfferCall,
    async ({ tx, viewer, params }) => {
      const row = await findOwnServiceOffer(tx, viewer.companyId, params.cso_unique_code);
      if (!row) throw notFound();
      return serviceOfferOf(row, japanDateString());
    },
    { object: OFFER_OBJECT },
  );

  serveCall(
    app,
    createServiceOfferCall,
    async ({ tx, viewer, body }) => {
      const { companyId } = viewer;
      await requireCategory(tx, body);
      if ((await countOffersOfLockedCompany(tx, companyId)) >= SERVICE_OFFERS_PER_COMPANY_MAX)
        throw unprocessable(SERVICE_OFFER_MESSAGES.limitReached);
      const row = await insertServiceOffer(tx, companyId, viewer.userId, body);
      return serviceOfferOf(row, japanDateString());
    },
    { message: SERVICE_OFFER_MESSAGES.saved, audit: { action: 'PENDING', target: offerTarget } },
  );

  serveCall(
    app,
    updateServiceOfferCall,
    async ({ tx, viewer, params, body }) => {
      const { companyId } = viewer;
      if (!(await findOwnServiceOffer(tx, companyId, params.cso_unique_code))) throw notFound();
      await requireCategory(tx, body);
      const row = await updateOwnServiceOffer(tx, companyId, params.cso_unique_code, viewer.userId, body);
      if (!row) throw notFound();
      return serviceOfferOf(row, japanDateString());
    },
    {
      message: SERVICE_OFFER_MESSAGES.saved,
      object: OFFER_OBJECT,
      example: { body: EXAMPLE_FIELDS },
      audit: { action: 'PENDING', target: offerTarget },
    },
  );

  serveCall(
    app,
    cancelServiceOfferCall,
    async ({ tx, viewer, params }) => {
      const cancelled = await cancelOwnServiceOffer(
        tx,
        viewer.companyId,
        params.cso_unique_code,
        viewer.userId,
      );
      if (!cancelled) throw notFound();
      if (cancelled.outcome === 'already') throw unprocessable(SERVICE_OFFER_MESSAGES.alreadyCancelled);
      return serviceOfferOf(cancelled.row, japanDateString());
    },
    {
      message: SERVICE_OFFER_MESSAGES.cancelled,
      object: OFFER_OBJECT,
      audit: { action: 'CLOSE', target: offerTarget },
    },
  );

  serveCall(
    app,
    deleteServiceOfferCall,
    async ({ tx, viewer, params, request, afterCommit }) => {
      const deleted = await deleteOwnServiceOffer(tx, viewer.companyId, params.cso_unique_code);
      if (!deleted) throw notFound();
      const { image } = deleted;
      if (image !== null) afterCommit(() => removeImageBytes(request.tenant.code, image, request.log));
      return { cso_unique_code: params.cso_unique_code };
    },
    {
      message: SERVICE_OFFER_MESSAGES.deleted,
      object: OFFER_OBJECT,
      audit: { action: 'DELETE', target: offerTarget },
    },
  );

  serveCall(
    app,
    deleteServiceOfferImageCall,
    async ({ tx, viewer, params, request, afterCommit }) => {
      const { companyId } = viewer;
      const code = params.cso_unique_code;
      const removed = await replaceServiceOfferImage(tx, companyId, code, viewer.userId, null);
      if (!removed) throw notFound();
      const { previous } = removed;
      if (previous !== null) afterCommit(() => removeImageBytes(request.tenant.code, previous, request.log));
      const row = await findOwnServiceOffer(tx, companyId, code);
      if (!row) throw notFound();
      return serviceOfferOf(row, japanDateString());
    },
    { object: OFFER_OBJECT, audit: { action: 'UPDATE', target: offerTarget } },
  );

  await app.register(couponImageFileRoutes, { storage });

  // The published offers of the bank's other companies (company_coupon_read).

  serveCall(app, searchServiceOffersCall, async ({ tx, viewer, query }) => {
    const { companyId } = viewer;
    const { list, totalRows } = await searchPublishedServiceOffers(tx, {
      companyId,
      category: query.category,
      today: japanDateString(),
      page: query.page,
      rows: query.rows,
    });
    return pagedResult(list, totalRows, query);
  });

  // The bank's review desk (/admin/xba/cso): every staff member reads (branch staff their branches'
  // companies), system and bank admins decide.

  serveCall(app, listServiceOfferReviewsCall, async ({ tx, viewer, query }) => {
    const { list, totalRows } = await listServiceOffersForReview(tx, viewer, query, japanDateString());
    return pagedResult(list, totalRows, query);
  });

  serveCall(
    app,
    getServiceOfferReviewCall,
    async ({ tx, viewer, params }) => {
      const offer = await findServiceOfferForReview(tx, viewer, params.cso_unique_code, japanDateString());
      if (!offer) throw notFound();
      return offer;
    },
    { object: OFFER_OBJECT },
  );

  /** Records a decision and answers the offer as it now stands; a refusal says why. */
  async function decide(
    tx: DbTransaction,
    viewer: StaffViewer,
    code: string,
    decision: Omit<ServiceOfferDecision, 'seenUpdatedAt' | 'reviewerUserId'>,
    seenUpdatedAt: string,
  ) {
    const seen = new Date(seenUpdatedAt);
    const outcome = Number.isNaN(seen.getTime())
      ? 'changed'
      : await decideServiceOffer(tx, code, {
          ...decision,
          seenUpdatedAt: seen,
          reviewerUserId: viewer.userId,
        });
    if (outcome === 'missing') throw notFound();
    if (outcome === 'changed') throw unprocessable(SERVICE_OFFER_MESSAGES.changedSinceRead);
    if (outcome === 'not_decidable') throw unprocessable(SERVICE_OFFER_MESSAGES.notDecidable);
    const offer = await findServiceOfferForReview(tx, viewer, code, japanDateString());
    if (!offer) throw notFound();
    return offer;
  }

  const noteOf = (note: string | null | undefined) =>
    note === undefined || note === null || note.trim() === '' ? null : note.trim();

  serveCall(
    app,
    approveServiceOfferCall,
    async ({ tx, viewer, params, body }) =>
      decide(
        tx,
        viewer,
        params.cso_unique_code,
        { status: 'APPROVED', from: APPROVABLE_STATUSES, note: noteOf(body.cso_review_note) },
        body.cso_updated_at,
      ),
    {
      message: SERVICE_OFFER_MESSAGES.approved,
      object: OFFER_OBJECT,
      example: { body: { cso_review_note: '', cso_updated_at: '2025-04-01T00:00:00.000Z' } },
      audit: { action: 'APPROVE', target: offerTarget },
    },
  );

  serveCall(
    app,
    disapproveServiceOfferCall,
    async ({ tx, viewer, params, body }) =>
      decide(
        tx,
        viewer,
        params.cso_unique_code,
        { status: 'DISAPPROVAL', from: DISAPPROVABLE_STATUSES, note: noteOf(body.cso_review_note) },
        body.cso_updated_at,
      ),
    {
      message: SERVICE_OFFER_MESSAGES.disapproved,
      object: OFFER_OBJECT,
      example: {
        body: {
          cso_review_note: '本文に利用条件を記載してください。',
          cso_updated_at: '2025-04-01T00:00:00.000Z',
        },
      },
      audit: { action: 'REJECT', target: offerTarget },
    },
  );
}
