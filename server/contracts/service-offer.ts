// zod/mini: the coupon pages bundle these schemas (see theme-tokens.ts).
import * as z from 'zod/mini';
import { type CallUpload, callPath, defineCall, defineFileCall } from './call.ts';
import { japanDateString } from './japan-day.ts';
import { MESSAGES } from './messages.ts';
import {
  FILE_MISSING_MESSAGE,
  FILE_TYPE_REFUSED_MESSAGE,
  IMAGE_CONTENT_TYPES,
  PUBLISH_END_BEFORE_START_MESSAGE,
} from './news.ts';
import { listQuery, pagedAnswer } from './paging.ts';
import { parseDateValue, validationRules } from './validation.ts';

/**
 * Service offers (cso, 'coupons': issue 16 item 8). A company offers the bank's other companies and
 * their employees something (a discount, a first session free) for a period:
 *
 * - its users with company_setting_coupon_write write the offers at /mypage/setting/service/offer
 *   (and edit/{id}); every save puts the offer (back) into the bank's review (REVIEWING), and the
 *   company may withdraw it (CANCELLED) or delete it;
 * - the bank reviews them at /admin/xba/cso: system and bank admins approve (APPROVED) or disapprove
 *   (DISAPPROVAL) with a note the company reads; branch staff read the offers of their branches'
 *   companies only;
 * - an approved offer is published from its first day to its last, in Japan's calendar (the
 *   publish status BEFORE_PUBLISHING / PUBLISHING / AFTER_PUBLISHING is worked out from the days,
 *   never stored), and GET /api/v1/cso/search lists the published offers of the bank's other
 *   companies to company users with company_coupon_read.
 *
 * The image's upload is a call with a file (uploadServiceOfferImageCall), its bytes a file read
 * (serviceOfferImageFileCall, at serviceOfferImageUrl).
 */

// ---------------------------------------------------------------------------------------------
// Limits, codes and messages

/** The service_offers table's lengths. */
export const SERVICE_OFFER_TITLE_MAX_LENGTH = 100;
/** Plain text (shown with its line breaks), a few paragraphs. */
export const SERVICE_OFFER_BODY_MAX_LENGTH = 2000;
export const SERVICE_OFFER_BENEFIT_MAX_LENGTH = 100;
export const SERVICE_OFFER_TARGET_MAX_LENGTH = 100;
export const SERVICE_OFFER_REVIEW_NOTE_MAX_LENGTH = 500;
/** A cso_categories code. */
export const SERVICE_OFFER_CATEGORY_MAX_LENGTH = 40;

/**
 * How many offers one company keeps, whatever their status (decision 0088): enough for every
 * service of a small company's catalogue, few enough that the bank's review desk stays readable.
 * A company at the limit deletes an offer it no longer needs before it writes another.
 */
export const SERVICE_OFFERS_PER_COMPANY_MAX = 50;

/** Spec section 9's 2 MB upload constant, as for a company's logo. */
export const SERVICE_OFFER_IMAGE_MAX_BYTES = 2097152;
/** Told by the file's content, never by its name or the browser's word (SVG is refused: it can run script). */
export const SERVICE_OFFER_IMAGE_CONTENT_TYPES = IMAGE_CONTENT_TYPES;
/** The multipart field the image is sent in. */
export const SERVICE_OFFER_IMAGE_FILE_FIELD = 'file';

/** The cso_statuses master's codes: the bank's review. */
export const SERVICE_OFFER_STATUSES = ['REVIEWING', 'APPROVED', 'DISAPPROVAL', 'CANCELLED'] as const;
export type ServiceOfferStatus = (typeof SERVICE_OFFER_STATUSES)[number];
/** The cso_publish_statuses master's codes: where an approved offer's days stand. */
export const SERVICE_OFFER_PUBLISH_STATUSES = [
  'BEFORE_PUBLISHING',
  'PUBLISHING',
  'AFTER_PUBLISHING',
] as const;
export type ServiceOfferPublishStatus = (typeof SERVICE_OFFER_PUBLISH_STATUSES)[number];

/** What the bank may still decide: approve a reviewing offer, disapprove a reviewing or approved one. */
export const APPROVABLE_STATUSES = ['REVIEWING'] as const satisfies readonly ServiceOfferStatus[];
export const DISAPPROVABLE_STATUSES = [
  'REVIEWING',
  'APPROVED',
] as const satisfies readonly ServiceOfferStatus[];

export const SERVICE_OFFER_MESSAGES = {
  /** Spec section 8: a coupon fetch failure. */
  searchFailed: 'クーポンの取得に失敗しました。',
  /** Not in the spec's tables: the portal's words for what only these pages say. */
  invalidChoice: '選択肢の中から選んでください',
  publishEndBeforeStart: PUBLISH_END_BEFORE_START_MESSAGE,
  limitReached: `クーポンは1社につき${SERVICE_OFFERS_PER_COMPANY_MAX}件まで登録できます。不要なクーポンを削除してから登録してください。`,
  saved: MESSAGES.saved,
  cancelled: 'クーポンの掲載を取り消しました',
  cancelFailed: 'クーポンの掲載取消に失敗しました',
  alreadyCancelled: 'このクーポンはすでに取り消されています。',
  deleted: 'クーポンを削除しました',
  deleteFailed: 'クーポンの削除に失敗しました',
  approved: 'クーポンを承認しました',
  approveFailed: 'クーポンの承認に失敗しました',
  disapproved: 'クーポンを否認しました',
  disapproveFailed: 'クーポンの否認に失敗しました',
  /** The offer is no longer where the decision needs it (decided, cancelled or saved again meanwhile). */
  notDecidable: 'このクーポンは現在の状態では審査できません。一覧を更新して状態をご確認ください。',
  changedSinceRead:
    'このクーポンは表示した後に企業が変更しました。内容を確認してから、もう一度操作してください。',
  /** The news domain's upload messages, the same words on every upload of the portal. */
  imageMissing: FILE_MISSING_MESSAGE,
  imageTypeRefused: FILE_TYPE_REFUSED_MESSAGE,
  imageTooLarge: `ファイルサイズは${SERVICE_OFFER_IMAGE_MAX_BYTES / 1048576}MB以内にしてください`,
} as const;

/**
 * Where an offer's days stand on `today` (YYYY-MM-DD in Japan): an approved offer is published from
 * its first day to its last (no last day: until it is withdrawn); any other offer has no publish status.
 */
export function publishStatusOf(
  offer: { cso_status: string; cso_publish_start: string; cso_publish_end: string | null },
  today: string,
): ServiceOfferPublishStatus | null {
  if (offer.cso_status !== 'APPROVED') return null;
  if (today < offer.cso_publish_start) return 'BEFORE_PUBLISHING';
  if (offer.cso_publish_end !== null && today > offer.cso_publish_end) return 'AFTER_PUBLISHING';
  return 'PUBLISHING';
}

// ---------------------------------------------------------------------------------------------
// The offer's and its image's paths

const CODE_PATTERN = /^[0-9a-f]{1,32}$/;

/** An offer's code in a path: hex digits (32 random ones; the demo data's are shorter). */
export const serviceOfferParamsSchema = z.object({
  cso_unique_code: z.string().check(z.regex(CODE_PATTERN)),
});

/** Where an offer's image is read: the image's own code in the path, so a new image is a new address. */
export function serviceOfferImageUrl(csoUniqueCode: string, fileUniqueCode: string): string {
  return callPath(serviceOfferImageFileCall, {
    cso_unique_code: csoUniqueCode,
    file_unique_code: fileUniqueCode,
  });
}

export const serviceOfferImageParamsSchema = z.object({
  cso_unique_code: z.string().check(z.regex(CODE_PATTERN)),
  file_unique_code: z.string().check(z.regex(CODE_PATTERN)),
});

export const serviceOfferImageSchema = z.object({
  /** 32 random hex digits: what the offer's cso_image_file_unique_code names. */
  file_unique_code: z.string(),
  /** Where the image is read (serviceOfferImageUrl). */
  file_url: z.string(),
});
export type ServiceOfferImage = z.infer<typeof serviceOfferImageSchema>;

// ---------------------------------------------------------------------------------------------
// The company's form

/** A clock at the earliest instant a Date holds: for it no date lies in the past. */
const clockBeforeAnyDate = () => new Date(-8.64e15);

/** A readable day as the date column keeps it (YYYY-MM-DD in Japan); empty as null. */
function asCalendarDay(value: string | null | undefined): string | null {
  if (value === undefined || value === null || value.trim() === '') return null;
  const date = parseDateValue(value);
  return date === undefined ? null : japanDateString(date);
}

/**
 * The offer's fields as the form holds them and the saves take them: title, body, category,
 * benefit and target required with their lengths; the first day required (any readable day, one
 * already past too: an offer may start at once); the last day optional, not already past
 * (入力が過去日です) and not before the first (公開終了日は公開開始日以降の日付を入力してください). Days are
 * Japan's calendar days, kept as YYYY-MM-DD. Whether the category is one of the cso_categories
 * master is the server's check (the form chooses from the master).
 */
export function serviceOfferFieldsSchema(now: () => Date = () => new Date()) {
  const rules = validationRules({ now });
  const anyDay = validationRules({ now: clockBeforeAnyDate });
  return z
    .object({
      cso_title: rules.text({ required: true, maxLength: SERVICE_OFFER_TITLE_MAX_LENGTH }),
      cso_body: rules.text({ required: true, maxLength: SERVICE_OFFER_BODY_MAX_LENGTH, multiline: true }),
      cso_category: rules.text({ required: true, maxLength: SERVICE_OFFER_CATEGORY_MAX_LENGTH }),
      cso_benefit: rules.text({ required: true, maxLength: SERVICE_OFFER_BENEFIT_MAX_LENGTH }),
      cso_target: rules.text({ required: true, maxLength: SERVICE_OFFER_TARGET_MAX_LENGTH }),
      cso_publish_start: z.pipe(
        anyDay.notPastDate({ required: true }),
        z.transform((value) => asCalendarDay(value) ?? value),
      ),
      cso_publish_end: z.pipe(rules.notPastDate(), z.transform(asCalendarDay)),
    })
    .check(
      z.superRefine((value, context) => {
        const end = value.cso_publish_end;
        if (end !== null && end < value.cso_publish_start)
          context.addIssue({
            code: 'custom',
            message: SERVICE_OFFER_MESSAGES.publishEndBeforeStart,
            path: ['cso_publish_end'],
            input: end,
          });
      }),
    );
}
export type ServiceOfferFields = z.output<ReturnType<typeof serviceOfferFieldsSchema>>;

// ---------------------------------------------------------------------------------------------
// What the calls answer

const serviceOfferStatusSchema = z.enum(SERVICE_OFFER_STATUSES);
const serviceOfferPublishStatusSchema = z.nullable(z.enum(SERVICE_OFFER_PUBLISH_STATUSES));

/** An offer as its company reads it (and as the bank's desk reads it, with the company's name). */
export const serviceOfferSchema = z.object({
  cso_unique_code: z.string(),
  cso_title: z.string(),
  cso_body: z.string(),
  /** A cso_categories code (the client names it from the master). */
  cso_category: z.string(),
  cso_benefit: z.string(),
  cso_target: z.string(),
  /** YYYY-MM-DD, a day in Japan. */
  cso_publish_start: z.string(),
  cso_publish_end: z.nullable(z.string()),
  cso_status: serviceOfferStatusSchema,
  /** Worked out from the days for an approved offer; null for any other. */
  cso_publish_status: serviceOfferPublishStatusSchema,
  cso_image: z.nullable(serviceOfferImageSchema),
  /** The bank's note with its decision (why it disapproved, or a word with an approval). */
  cso_review_note: z.nullable(z.string()),
  cso_reviewed_at: z.nullable(z.string()),
  cso_created_at: z.string(),
  /** The last change (the company's save or the bank's decision): the desk's decisions send it back. */
  cso_updated_at: z.string(),
});
export type ServiceOffer = z.infer<typeof serviceOfferSchema>;

/** A published offer of another company, as GET /api/v1/cso/search lists it. */
export const publishedServiceOfferSchema = z.object({
  cso_unique_code: z.string(),
  cso_title: z.string(),
  cso_body: z.string(),
  cso_category: z.string(),
  cso_benefit: z.string(),
  cso_target: z.string(),
  cso_publish_start: z.string(),
  cso_publish_end: z.nullable(z.string()),
  cso_image: z.nullable(serviceOfferImageSchema),
  company_unique_code: z.string(),
  company_name: z.string(),
});
export type PublishedServiceOffer = z.infer<typeof publishedServiceOfferSchema>;

/** An offer on the bank's desk: the offer, its company and who decided. */
export const reviewedServiceOfferSchema = z.extend(serviceOfferSchema, {
  company_unique_code: z.string(),
  company_name: z.string(),
  /** The branch that looks after the company. */
  bb_name: z.nullable(z.string()),
  /** The staff member who decided last (family and given name). */
  cso_reviewer_name: z.nullable(z.string()),
});
export type ReviewedServiceOffer = z.infer<typeof reviewedServiceOfferSchema>;

// ---------------------------------------------------------------------------------------------
// The company's own offers: /mypage/setting/service/offer (company_setting_coupon_write)

const RULE = 'coupon_settings' as const;

export const listOwnServiceOffersCall = /* @__PURE__ */ defineCall({
  domain: 'coupons',
  method: 'GET',
  path: '/api/v1/setting/cso',
  query: listQuery({}),
  result: pagedAnswer(serviceOfferSchema),
  access: 'company',
  member: true,
  rule: RULE,
  summary: '自社クーポンの一覧',
  description: `ログイン中の利用者の企業のクーポンを新しい順に返します（審査状況と、承認済みなら公開状況も）。total_rows が登録数です（1社${SERVICE_OFFERS_PER_COMPANY_MAX}件まで）。自社クーポンの登録・編集権限（company_setting_coupon_write）が必要です。`,
});

export const getOwnServiceOfferCall = /* @__PURE__ */ defineCall({
  domain: 'coupons',
  method: 'GET',
  path: '/api/v1/setting/cso/:cso_unique_code',
  params: serviceOfferParamsSchema,
  result: serviceOfferSchema,
  access: 'company',
  member: true,
  rule: RULE,
  summary: '自社クーポンの取得',
  description: '自社のクーポン1件を返します。ほかの企業のクーポンは 404 です。',
});

export const createServiceOfferCall = /* @__PURE__ */ defineCall({
  domain: 'coupons',
  method: 'POST',
  path: '/api/v1/setting/cso/save',
  body: serviceOfferFieldsSchema(),
  result: serviceOfferSchema,
  access: 'company',
  member: true,
  rule: RULE,
  summary: '自社クーポンの登録',
  description: `自社のクーポンを登録し、銀行の審査に回します（審査中）。1社${SERVICE_OFFERS_PER_COMPANY_MAX}件を超える登録は 422 です。カテゴリがマスタにないものも 422 です。`,
});

export const updateServiceOfferCall = /* @__PURE__ */ defineCall({
  domain: 'coupons',
  method: 'POST',
  path: '/api/v1/setting/cso/:cso_unique_code/save',
  params: serviceOfferParamsSchema,
  body: serviceOfferFieldsSchema(),
  result: serviceOfferSchema,
  access: 'company',
  member: true,
  rule: RULE,
  summary: '自社クーポンの保存',
  description:
    '自社のクーポンを保存し、銀行の審査に回し直します（承認済み・否認・取消のものも審査中に戻り、承認されるまで公開されません）。',
});

export const cancelServiceOfferCall = /* @__PURE__ */ defineCall({
  domain: 'coupons',
  method: 'POST',
  path: '/api/v1/setting/cso/:cso_unique_code/cancel',
  params: serviceOfferParamsSchema,
  result: serviceOfferSchema,
  access: 'company',
  member: true,
  rule: RULE,
  summary: '自社クーポンの掲載取消',
  description:
    '自社のクーポンの掲載を取り消します（取消: 公開されなくなります）。取り消したものも、保存し直せば審査に戻ります。すでに取消のものは 422 です。',
});

export const deleteServiceOfferCall = /* @__PURE__ */ defineCall({
  domain: 'coupons',
  method: 'DELETE',
  path: '/api/v1/setting/cso/:cso_unique_code',
  params: serviceOfferParamsSchema,
  result: z.object({ cso_unique_code: z.string() }),
  access: 'company',
  member: true,
  rule: RULE,
  summary: '自社クーポンの削除',
  description: '自社のクーポンを画像ごと削除します（どの状態のものも）。',
});

/** The offer's one image file: at most SERVICE_OFFER_IMAGE_MAX_BYTES, its type told by its content. */
export const SERVICE_OFFER_IMAGE_UPLOAD: CallUpload = {
  field: SERVICE_OFFER_IMAGE_FILE_FIELD,
  missingMessage: SERVICE_OFFER_MESSAGES.imageMissing,
  limits: {
    maxBytes: SERVICE_OFFER_IMAGE_MAX_BYTES,
    contentTypes: SERVICE_OFFER_IMAGE_CONTENT_TYPES,
    messages: {
      tooLarge: SERVICE_OFFER_MESSAGES.imageTooLarge,
      typeRefused: SERVICE_OFFER_MESSAGES.imageTypeRefused,
    },
  },
};

/** The offer's new image, which puts it back into review (deleteServiceOfferImageCall takes it away). */
export const uploadServiceOfferImageCall = /* @__PURE__ */ defineCall({
  domain: 'coupons',
  method: 'POST',
  path: '/api/v1/setting/cso/:cso_unique_code/image',
  params: serviceOfferParamsSchema,
  upload: SERVICE_OFFER_IMAGE_UPLOAD,
  result: serviceOfferSchema,
  access: 'company',
  member: true,
  rule: RULE,
  summary: '自社クーポンの画像のアップロード',
  description: `自社のクーポンの画像（${SERVICE_OFFER_IMAGE_MAX_BYTES / 1048576}MBまで: PNG、JPEG、GIF、WebP）を multipart/form-data の \`file\` で受け取り、クーポンの画像にして審査に回し直します（前の画像は削除します）。形式はファイルの中身で判定します。自社クーポンの登録・編集権限（company_setting_coupon_write）が必要です。`,
});

export const deleteServiceOfferImageCall = /* @__PURE__ */ defineCall({
  domain: 'coupons',
  method: 'DELETE',
  path: '/api/v1/setting/cso/:cso_unique_code/image',
  params: serviceOfferParamsSchema,
  result: serviceOfferSchema,
  access: 'company',
  member: true,
  rule: RULE,
  summary: '自社クーポンの画像の削除',
  description: 'クーポンの画像を外して削除し、クーポンを審査に回し直します（画像がなければ何もしません）。',
});

// ---------------------------------------------------------------------------------------------
// The published offers: GET /api/v1/cso/search (company_coupon_read)

export const SERVICE_OFFER_SEARCH_PERMISSION = 'company_coupon_read';

export const searchServiceOffersCall = /* @__PURE__ */ defineCall({
  domain: 'coupons',
  method: 'GET',
  path: '/api/v1/cso/search',
  query: listQuery({
    /** A cso_categories code: that category only. */
    category: z.optional(z.string().check(z.regex(/^[A-Za-z0-9_]{1,40}$/))),
  }),
  result: pagedAnswer(publishedServiceOfferSchema),
  access: 'company',
  member: true,
  permissions: { codes: [SERVICE_OFFER_SEARCH_PERMISSION] },
  summary: '公開中のクーポンの一覧',
  description:
    'この金融機関のほかの企業の、公開中のクーポン（承認済みで、今日が公開期間内のもの）を、公開開始日の新しい順に返します。自社のクーポン、利用停止・退会した企業のクーポンは含みません。category でカテゴリを絞れます。福利厚生クーポンの閲覧権限（company_coupon_read）が必要です。',
});

/**
 * An offer's image bytes. No rule of its own: the image follows the offer's rights, its own read
 * call's rule for its company's users, the search's permission for the published offers, the
 * review's for the staff (the read asks each: which one lets the asker in depends on the offer).
 */
export const serviceOfferImageFileCall = /* @__PURE__ */ defineFileCall({
  domain: 'coupons',
  method: 'GET',
  path: '/api/v1/cso/:cso_unique_code/image/:file_unique_code',
  params: serviceOfferImageParamsSchema,
  access: 'login',
  answers: 'file',
  summary: 'クーポンの画像の取得',
  description:
    'クーポンの画像を返します（そのまま表示: inline）。クーポンを出した企業の利用者で自社クーポンを開ける人（company_setting_coupon_write）、公開中のクーポンならこの金融機関の企業の利用者で福利厚生クーポンを閲覧できる人（company_coupon_read）、審査する行員（支店の行員は担当支店の企業のもの）が読めます。それ以外は、画像があるかどうかを伝えないよう、すべて 404 です。',
});

// ---------------------------------------------------------------------------------------------
// The bank's review: /admin/xba/cso

export const reviewListQuerySchema = listQuery({
  /** A cso_statuses code: that status only. */
  status: z.optional(serviceOfferStatusSchema),
});

export const listServiceOfferReviewsCall = /* @__PURE__ */ defineCall({
  domain: 'coupons',
  method: 'GET',
  path: '/api/v1/admin/cso',
  query: reviewListQuerySchema,
  result: pagedAnswer(reviewedServiceOfferSchema),
  access: 'bank',
  summary: 'クーポンの審査一覧',
  description:
    'この金融機関の企業のクーポンを、審査中のものを先に、更新の新しい順に返します。status で審査状況を絞れます。支店の行員には担当支店の企業のものだけを返します。',
});

export const getServiceOfferReviewCall = /* @__PURE__ */ defineCall({
  domain: 'coupons',
  method: 'GET',
  path: '/api/v1/admin/cso/:cso_unique_code',
  params: serviceOfferParamsSchema,
  result: reviewedServiceOfferSchema,
  access: 'bank',
  summary: 'クーポンの審査詳細',
  description:
    'クーポン1件を企業名と審査の記録とともに返します。支店の行員には担当支店の企業のものだけ（ほかは 404）。',
});

/** A decision on what the desk showed: the note, and the offer's cso_updated_at as it was read. */
function decisionSchema(noteRequired: boolean) {
  const rules = validationRules();
  return z.object({
    cso_review_note: noteRequired
      ? rules.text({ required: true, maxLength: SERVICE_OFFER_REVIEW_NOTE_MAX_LENGTH, multiline: true })
      : rules.text({ maxLength: SERVICE_OFFER_REVIEW_NOTE_MAX_LENGTH, multiline: true }),
    cso_updated_at: z.string().check(z.maxLength(40)),
  });
}
export const approvalSchema = decisionSchema(false);
export const disapprovalSchema = decisionSchema(true);

export const approveServiceOfferCall = /* @__PURE__ */ defineCall({
  domain: 'coupons',
  method: 'POST',
  path: '/api/v1/admin/cso/:cso_unique_code/approve',
  params: serviceOfferParamsSchema,
  body: approvalSchema,
  result: reviewedServiceOfferSchema,
  access: 'admin',
  summary: 'クーポンの承認',
  description:
    '審査中のクーポンを承認します（公開期間に入れば公開されます）。コメントは任意で、企業に表示されます。cso_updated_at には表示したときの値を送ります: その後に企業が変更したもの、審査中でないものは 422 です。システム管理者・銀行管理者のみ。',
});

export const disapproveServiceOfferCall = /* @__PURE__ */ defineCall({
  domain: 'coupons',
  method: 'POST',
  path: '/api/v1/admin/cso/:cso_unique_code/disapprove',
  params: serviceOfferParamsSchema,
  body: disapprovalSchema,
  result: reviewedServiceOfferSchema,
  access: 'admin',
  summary: 'クーポンの否認',
  description:
    '審査中または承認済みのクーポンを否認します（公開されなくなります）。否認の理由（必須）は企業に表示されます。cso_updated_at には表示したときの値を送ります: その後に企業が変更したもの、否認できない状態のものは 422 です。システム管理者・銀行管理者のみ。',
});
