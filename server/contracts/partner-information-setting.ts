// zod/mini: the partner-information setting pages and the staff's review bundle these (see theme-tokens.ts).
import * as z from 'zod/mini';
import { defineCall } from './call.ts';
import { japanDayNumber } from './japan-day.ts';
import { MESSAGES } from './messages.ts';
import {
  ARTICLE_BODY_MAX_LENGTH,
  ARTICLE_TITLE_MAX_LENGTH,
  articleIdParamsSchema,
  PARTNER_INFORMATION_STATUSES,
  type PartnerInformationStatus,
  PUBLISH_END_BEFORE_START_MESSAGE,
} from './news.ts';
import { listQuery, pagedAnswer } from './paging.ts';
import { isEmptyValue, parseDateValue, VALIDATION_MESSAGES, validationRules } from './validation.ts';

/**
 * Partner information a partner company writes itself (issue 16 item 4, decision 0091), the news
 * domain's partner information (server/contracts/news.ts) with a company as its author:
 *
 * - at /mypage/setting/information (and edit/{id}, edit/new for a new one) the users of a partner
 *   company who hold company_setting_partner_information_write (the page rule
 *   partner_information_settings) list the company's own items, write new ones, edit them and
 *   withdraw them (CANCELLED). Every save puts the item (back) into the bank's review (REVIEWING),
 *   a published one included: it leaves the companies' pages until the bank approves it again;
 * - the bank reviews them on its /admin/xba/pi pages: system and bank admins approve a reviewing
 *   item (BEFORE_PUBLISHING until its first day, PUBLISHING from it) or disapprove it with a reason
 *   the company reads on its list (DISAPPROVAL); the writer gets a mail either way;
 * - a scheduled job moves approved items on with the calendar (BEFORE_PUBLISHING → PUBLISHING on the
 *   first day, → AFTER_PUBLISHING after the last), and the companies of the bank read a PUBLISHING
 *   item on /mypage/pi within its days, as they read one the bank's staff wrote.
 *
 * A company's item is named by its article id; an id of another company's item, of an item the
 * bank's staff wrote, or of another bank answers 404.
 */

// ---------------------------------------------------------------------------------------------
// Limits, codes and messages

/** The articles table's pi_review_note. */
export const PARTNER_INFORMATION_REVIEW_NOTE_MAX_LENGTH = 500;

/** Statuses whose item the company may still edit: an ended or withdrawn item is closed. */
export const PARTNER_EDITABLE_STATUSES = [
  'REVIEWING',
  'BEFORE_PUBLISHING',
  'PUBLISHING',
  'DISAPPROVAL',
] as const satisfies readonly PartnerInformationStatus[];

/** Whether the company may edit, or withdraw, an item of this status (the same statuses). */
export function partnerMayChange(status: PartnerInformationStatus): boolean {
  return (PARTNER_EDITABLE_STATUSES as readonly PartnerInformationStatus[]).includes(status);
}

/**
 * Where an approved item stands on `today` (YYYY-MM-DD in Japan): before its first day
 * BEFORE_PUBLISHING, after its last day AFTER_PUBLISHING, else PUBLISHING. The approval and the
 * scheduled job both use it, so they never disagree.
 */
export function approvedStatusOn(
  item: { article_publish_start: string; article_publish_end: string | null },
  today: string,
): 'BEFORE_PUBLISHING' | 'PUBLISHING' | 'AFTER_PUBLISHING' {
  if (today < item.article_publish_start) return 'BEFORE_PUBLISHING';
  if (item.article_publish_end !== null && today > item.article_publish_end) return 'AFTER_PUBLISHING';
  return 'PUBLISHING';
}

/** Not in the spec's tables: the portal's words for what only these pages say. */
export const PARTNER_INFORMATION_SETTING_MESSAGES = {
  saved: MESSAGES.saved,
  /** What the company's list says of its own items' journey. */
  reviewNotice: '保存したパートナー情報は銀行の審査を経て、承認後に公開期間の間掲載されます。',
  cancelled: 'パートナー情報の掲載を取り下げました',
  cancelFailed: 'パートナー情報の取り下げに失敗しました',
  /** An ended or withdrawn item (AFTER_PUBLISHING, CANCELLED): closed to edits and withdrawals. */
  closed: '公開が終了した、または取り下げたパートナー情報は変更できません。',
  approved: 'パートナー情報を承認しました',
  approveFailed: 'パートナー情報の承認に失敗しました',
  disapproved: 'パートナー情報を否認しました',
  disapproveFailed: 'パートナー情報の否認に失敗しました',
  /** The item is no longer under review (decided, withdrawn, or never a partner's). */
  notReviewing:
    'このパートナー情報は審査中ではないため、承認・否認できません。一覧を更新して状態をご確認ください。',
  /** The company saved the item again after the staff member opened it. */
  changedSinceRead:
    'このパートナー情報は表示した後に企業が変更しました。内容を確認してから、もう一度操作してください。',
  /** The staff's edit form on a partner's item: its text is the partner's. */
  partnerWrittenLocked: 'パートナー企業が作成した情報は編集できません。審査（承認・否認）のみ行えます。',
} as const;

// ---------------------------------------------------------------------------------------------
// The company's form: title, rich-text body, publication days

/** On an edit, the days the item already holds: a day left as it was is not judged again. */
export interface StoredPartnerInformationDays {
  article_publish_start: string;
  article_publish_end: string | null;
}

/** The same day (in Japan), both readable. */
function sameDay(entered: string, stored: string): boolean {
  const a = parseDateValue(entered);
  const b = parseDateValue(stored);
  return a !== undefined && b !== undefined && japanDayNumber(a) === japanDayNumber(b);
}

/** A clock at the earliest instant a Date holds: for it no day lies in the past. */
export const clockBeforeAnyDay = () => new Date(-8.64e15);

/**
 * The fields as the company's form holds them and the saves take them: the title and the body
 * required with the staff form's limits (the body is sanitised HTML on the server, and its limit
 * counts the sanitised markup again there); the first day required, the last optional, neither
 * in the past (入力が過去日です) and the last not before the first.
 *
 * On an edit, pass the days the item holds (`stored`): a day left unchanged is not judged against
 * today, so a published item whose first day has passed can still be corrected.
 */
export function partnerInformationFieldsSchema(
  now: () => Date = () => new Date(),
  stored?: StoredPartnerInformationDays,
) {
  const rules = validationRules({ now });
  const asEntered = validationRules({ now: clockBeforeAnyDay });
  /** For a day the item already holds: the past-day rule judges only a changed value. */
  const unlessStored = (storedDay: string) =>
    z.refine(
      (value: unknown) =>
        typeof value !== 'string' ||
        isEmptyValue(value) ||
        sameDay(value, storedDay) ||
        japanDayNumber(parseDateValue(value) ?? now()) >= japanDayNumber(now()),
      { message: VALIDATION_MESSAGES.pastDate },
    );
  const storedEnd = stored?.article_publish_end;
  return z
    .object({
      article_title: rules.text({ required: true, maxLength: ARTICLE_TITLE_MAX_LENGTH }),
      article_body: rules.text({ required: true, maxLength: ARTICLE_BODY_MAX_LENGTH, multiline: true }),
      article_publish_start: stored
        ? asEntered.notPastDate({ required: true }).check(unlessStored(stored.article_publish_start))
        : rules.notPastDate({ required: true }),
      article_publish_end: storedEnd
        ? asEntered.notPastDate().check(unlessStored(storedEnd))
        : rules.notPastDate(),
    })
    .check(
      z.superRefine((value, context) => {
        const start = parseDateValue(value.article_publish_start);
        const end = value.article_publish_end ? parseDateValue(value.article_publish_end) : undefined;
        if (start && end && japanDayNumber(end) < japanDayNumber(start))
          context.addIssue({
            code: 'custom',
            message: PUBLISH_END_BEFORE_START_MESSAGE,
            path: ['article_publish_end'],
            input: value.article_publish_end,
          });
      }),
    );
}
export type PartnerInformationFields = z.output<ReturnType<typeof partnerInformationFieldsSchema>>;

// ---------------------------------------------------------------------------------------------
// What the company reads

export const partnerInformationSettingItemSchema = z.object({
  article_id: z.int(),
  article_title: z.string(),
  /** The partner_information_statuses master's code (the page shows the master's name). */
  pi_status: z.enum(PARTNER_INFORMATION_STATUSES),
  article_publish_start: z.string(),
  article_publish_end: z.nullable(z.string()),
  /** The bank's reason when it disapproved the item (status DISAPPROVAL); null otherwise. */
  pi_review_note: z.nullable(z.string()),
  /** ISO 8601: the last change, by the company or the bank's review. */
  article_updated_at: z.string(),
});
export type PartnerInformationSettingItem = z.infer<typeof partnerInformationSettingItemSchema>;
export const partnerInformationSettingListSchema = pagedAnswer(partnerInformationSettingItemSchema);

export const partnerInformationSettingDetailSchema = z.extend(partnerInformationSettingItemSchema, {
  /** The sanitised HTML as stored. */
  article_body: z.string(),
});
export type PartnerInformationSettingDetail = z.infer<typeof partnerInformationSettingDetailSchema>;

/** What a save and a withdrawal answer: the item's id and where its review stands now. */
export const partnerInformationSavedSchema = z.object({
  article_id: z.int(),
  pi_status: z.enum(PARTNER_INFORMATION_STATUSES),
});

// ---------------------------------------------------------------------------------------------
// The company's calls: /api/v1/setting/partner_information

const PATH = '/api/v1/setting/partner_information';
const WHO =
  'パートナー企業の、パートナー情報の編集権限（company_setting_partner_information_write）を持つユーザーのみ（それ以外の企業ユーザー・行員は 403）。';

export const listPartnerInformationSettingsCall = /* @__PURE__ */ defineCall({
  domain: 'news',
  method: 'GET',
  path: `${PATH}/search`,
  query: listQuery({}),
  result: partnerInformationSettingListSchema,
  access: 'company',
  member: { status: 403 },
  rule: 'partner_information_settings',
  summary: '自社のパートナー情報の一覧',
  description: `自社が作成したパートナー情報を更新日時の新しい順に返します（審査状況、公開期間、否認の理由付き）。${WHO}`,
});

/*
 * The calls that name an item share no page rule: an id that is not the company's must answer 404
 * whoever asks (the security walk asks as another bank's company owner), so they find the item in
 * the company first and check the writer's right after (server/api/news/partner-information-setting-routes.ts).
 */

export const getPartnerInformationSettingCall = /* @__PURE__ */ defineCall({
  domain: 'news',
  method: 'GET',
  path: `${PATH}/:id`,
  params: articleIdParamsSchema,
  result: partnerInformationSettingDetailSchema,
  access: 'company',
  member: true,
  summary: '自社のパートナー情報の取得',
  description: `自社が作成したパートナー情報を本文付きで返します。他社・銀行が作成したもの・他行のものは 404 です。${WHO}`,
});

export const createPartnerInformationSettingCall = /* @__PURE__ */ defineCall({
  domain: 'news',
  method: 'POST',
  path: PATH,
  body: partnerInformationFieldsSchema(),
  result: partnerInformationSavedSchema,
  access: 'company',
  member: { status: 403 },
  rule: 'partner_information_settings',
  summary: 'パートナー情報の作成（審査依頼）',
  description: `パートナー情報を作成し、銀行の審査（審査中 REVIEWING）に回します。本文は保存前に無害化されます。提供元には自社名が入り、すべての企業向けに公開されます（承認後、公開期間の間）。${WHO}`,
});

export const updatePartnerInformationSettingCall = /* @__PURE__ */ defineCall({
  domain: 'news',
  method: 'PUT',
  path: `${PATH}/:id`,
  params: articleIdParamsSchema,
  body: partnerInformationFieldsSchema(clockBeforeAnyDay),
  result: partnerInformationSavedSchema,
  access: 'company',
  member: true,
  summary: 'パートナー情報の更新（再審査）',
  description: `自社のパートナー情報を更新し、ふたたび審査中（REVIEWING）にします。公開中のものも承認されるまで掲載されなくなります。公開終了・取り下げ済みのものは 422 です。過去日の判定は変更した日付だけに行います。${WHO}`,
});

export const cancelPartnerInformationSettingCall = /* @__PURE__ */ defineCall({
  domain: 'news',
  method: 'POST',
  path: `${PATH}/:id/cancel`,
  params: articleIdParamsSchema,
  result: partnerInformationSavedSchema,
  access: 'company',
  member: true,
  summary: 'パートナー情報の取り下げ',
  description: `自社のパートナー情報を取り下げ（CANCELLED）、掲載をやめます。公開終了・取り下げ済みのものは 422 です。${WHO}`,
});

// ---------------------------------------------------------------------------------------------
// The bank's review: /api/v1/admin/pi/{id}/approve and /disapprove

/**
 * A decision names the version the staff member read (its article_updated_at), so an item the
 * company saved again meanwhile is not decided unseen.
 */
export const partnerInformationApproveSchema = z.object({
  article_updated_at: z.string().check(z.maxLength(40)),
});

export function partnerInformationDisapproveSchema() {
  const rules = validationRules();
  return z.object({
    article_updated_at: z.string().check(z.maxLength(40)),
    pi_review_note: rules.text({
      required: true,
      maxLength: PARTNER_INFORMATION_REVIEW_NOTE_MAX_LENGTH,
      multiline: true,
    }),
  });
}

const REVIEWERS =
  'システム管理者・銀行管理者のみ（支店管理者・支店ユーザーは 403）。審査中でないものは 422 です。';

export const approvePartnerInformationCall = /* @__PURE__ */ defineCall({
  domain: 'news',
  method: 'POST',
  path: '/api/v1/admin/pi/:id/approve',
  params: articleIdParamsSchema,
  body: partnerInformationApproveSchema,
  result: partnerInformationSavedSchema,
  access: 'bank',
  summary: 'パートナー情報の承認',
  description: `パートナー企業が作成した審査中のパートナー情報を承認します。公開開始日が先なら公開前（BEFORE_PUBLISHING）、来ていれば公開中（PUBLISHING）になり、作成したユーザーにメールで知らせます。表示した後に企業が変更していれば 422 です。${REVIEWERS}`,
});

export const disapprovePartnerInformationCall = /* @__PURE__ */ defineCall({
  domain: 'news',
  method: 'POST',
  path: '/api/v1/admin/pi/:id/disapprove',
  params: articleIdParamsSchema,
  body: partnerInformationDisapproveSchema(),
  result: partnerInformationSavedSchema,
  access: 'bank',
  summary: 'パートナー情報の否認',
  description: `パートナー企業が作成した審査中のパートナー情報を否認（DISAPPROVAL）します。理由は企業の一覧に表示され、作成したユーザーにメールで知らせます。表示した後に企業が変更していれば 422 です。${REVIEWERS}`,
});
