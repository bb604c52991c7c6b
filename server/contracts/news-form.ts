// zod/mini: the staff's edit form validates with these in the browser (see theme-tokens.ts).
import * as z from 'zod/mini';
import {
  isEmptyValue,
  isPastDate,
  parseDateValue,
  VALIDATION_MESSAGES,
  validationRules,
} from './validation.ts';
import { defineCall } from './call.ts';
import {
  ARTICLE_API_SEGMENTS,
  ARTICLE_BODY_MAX_LENGTH,
  ARTICLE_KIND_LABELS,
  articleIdParamsSchema,
  categoryFitsKind,
  ARTICLE_PROVIDER_NAME_MAX_LENGTH,
  ARTICLE_TARGETS,
  ARTICLE_TITLE_MAX_LENGTH,
  type ArticleKind,
  ATTACHMENTS_PER_ARTICLE_MAX,
  byKind,
  DEADLINE_AFTER_SEMINAR_MESSAGE,
  PARTNER_INFORMATION_STATUSES,
  PUBLISH_END_BEFORE_START_MESSAGE,
  SEMINAR_CAPACITY_MAX,
  SEMINAR_PLACE_MAX_LENGTH,
  TOO_MANY_ATTACHMENTS_MESSAGE,
  type Visibility,
} from './news.ts';
import { articleSaveResultSchema } from './news-staff.ts';

/**
 * The staff's form of the news domain (server/contracts/news.ts): its fields' rules, shared by the
 * edit form in the browser and the create and edit calls. Apart from the rest of the contract so
 * the company and public pages, which only read items, do not load the validation rules.
 */

// ---------------------------------------------------------------------------------------------
// The staff's form (create and edit): POST /api/v1/admin/{segment}, PUT /api/v1/admin/{segment}/{id}

/** A value outside a field's choices (or a category the news_categories master does not hold). */
export const INVALID_CHOICE_MESSAGE = '選択肢の中から選んでください';

/**
 * On an edit, the dates the item already holds. "Must not lie in the past" judges what the staff
 * enter: a date left as it was stored is not judged again, so an item whose publication has ended
 * or whose seminar was held can still be corrected (a typo in its title) without moving its dates,
 * while a date that is changed must still lie ahead. The staff's edit form and PUT share this rule.
 */
export interface StoredArticleDates {
  article_publish_end: string | null;
  seminar_held_at: string | null;
  seminar_apply_deadline: string | null;
}

/** A clock at the earliest instant a Date holds: for it no date lies in the past. */
export const clockBeforeAnyDate = () => new Date(-8.64e15);
const datesAsEntered = validationRules({ now: clockBeforeAnyDate });

/** The same moment (a day compares as its midnight in Japan), or both unreadable. */
function sameDateValue(entered: string, stored: string): boolean {
  return parseDateValue(entered)?.getTime() === parseDateValue(stored)?.getTime();
}

/**
 * The past-date rule `strict`, or, when the item holds a value for the field, the same rule without
 * the past-date check (`asEntered`) plus that check for a value that differs from the stored one.
 */
function unlessStored<T extends z.ZodMiniType<string | null | undefined>>(
  strict: T,
  asEntered: T,
  storedValue: string | null | undefined,
  isPast: (value: string) => boolean,
): T {
  if (storedValue === null || storedValue === undefined) return strict;
  return asEntered.check(
    z.refine(
      (value) =>
        typeof value !== 'string' ||
        isEmptyValue(value) ||
        sameDateValue(value, storedValue) ||
        !isPast(value),
      { message: VALIDATION_MESSAGES.pastDate },
    ),
  );
}

function choice<const T extends readonly [string, ...string[]]>(values: T) {
  return z.enum(values, {
    error: (issue) => (isEmptyValue(issue.input) ? VALIDATION_MESSAGES.required : INVALID_CHOICE_MESSAGE),
  });
}

/** 1 or 0, as JSON numbers or as a form's radio text. */
const visibilityField = z.pipe(
  z.union([z.literal(0), z.literal(1), z.literal('0'), z.literal('1')], {
    error: (issue) => (isEmptyValue(issue.input) ? VALIDATION_MESSAGES.required : INVALID_CHOICE_MESSAGE),
  }),
  z.transform((value): Visibility => (Number(value) === 1 ? 1 : 0)),
);

/**
 * The fields of an item as the staff's form holds them (flat: one control each). The clock is a
 * parameter so the date rules can be tested on a fixed day; attachments travel beside the fields.
 *
 * Rules: title and body required with their maximum lengths; publication start required; the end,
 * when given, must not lie in the past (入力が過去日です) nor before the start; a seminar's date
 * must lie ahead, its application deadline must not lie in the past nor after the date.
 * The 30-day warning (30日以内に公開が終了します) is not an error: see articleWarnings.
 *
 * On an edit, pass the dates the item holds (`stored`): the past-date rules then judge only a date
 * the staff changed (see StoredArticleDates).
 */
export function articleFieldsSchema(
  kind: ArticleKind,
  now: () => Date = () => new Date(),
  stored?: StoredArticleDates,
) {
  const rules = validationRules({ now });
  const isPastMoment = (value: string) => (parseDateValue(value)?.getTime() ?? Infinity) < now().getTime();
  const isPastDay = (value: string) => isPastDate(value, now());
  const base = {
    article_title: rules.text({ required: true, maxLength: ARTICLE_TITLE_MAX_LENGTH }),
    article_body: rules.text({ required: true, maxLength: ARTICLE_BODY_MAX_LENGTH, multiline: true }),
    // News take a category from the news_categories master; the other kinds may leave it empty.
    // The news-only categories (お知らせ…) are refused for the other kinds.
    category_code: (kind === 'news'
      ? rules.text({ required: true, maxLength: 40 })
      : rules.text({ maxLength: 40 })
    ).check(
      z.refine((value) => typeof value !== 'string' || categoryFitsKind(kind, value), {
        message: INVALID_CHOICE_MESSAGE,
        abort: true,
      }),
    ),
    article_visibility: visibilityField,
    // Any readable day, past ones included (an item already running); checked on the field itself,
    // so an unreadable start is reported together with the other fields' errors.
    article_publish_start: datesAsEntered.notPastDate({ required: true }),
    article_publish_end: unlessStored(
      rules.notPastDate(),
      datesAsEntered.notPastDate(),
      stored?.article_publish_end,
      isPastDay,
    ),
    article_target: choice(ARTICLE_TARGETS),
    // Partner information names the partner it comes from; other kinds name a provider only when provided.
    article_provider_name:
      kind === 'partner_information'
        ? rules.text({ required: true, maxLength: ARTICLE_PROVIDER_NAME_MAX_LENGTH })
        : rules.text({ maxLength: ARTICLE_PROVIDER_NAME_MAX_LENGTH }),
    pi_status: kind === 'partner_information' ? choice(PARTNER_INFORMATION_STATUSES) : z.optional(z.string()),
    seminar_held_at:
      kind === 'seminar'
        ? unlessStored(
            rules.notPastDateTime({ required: true }),
            datesAsEntered.notPastDateTime({ required: true }),
            stored?.seminar_held_at,
            isPastMoment,
          )
        : z.optional(z.string()),
    seminar_place:
      kind === 'seminar'
        ? rules.text({ required: true, maxLength: SEMINAR_PLACE_MAX_LENGTH })
        : z.optional(z.string()),
    seminar_capacity: kind === 'seminar' ? rules.positiveInteger({ required: true }) : z.optional(z.string()),
    seminar_apply_deadline:
      kind === 'seminar'
        ? unlessStored(
            rules.notPastDate({ required: true }),
            datesAsEntered.notPastDate({ required: true }),
            stored?.seminar_apply_deadline,
            isPastDay,
          )
        : z.optional(z.string()),
    seminar_is_cancelled: z.optional(z.boolean()),
  };
  return z.object(base).check(
    z.superRefine((value, context) => {
      const startDate = parseDateValue(value.article_publish_start);
      const endDate = value.article_publish_end ? parseDateValue(value.article_publish_end) : undefined;
      if (startDate && endDate && endDate.getTime() < startDate.getTime())
        context.addIssue({
          code: 'custom',
          message: PUBLISH_END_BEFORE_START_MESSAGE,
          path: ['article_publish_end'],
          input: value.article_publish_end,
        });
      if (
        kind === 'seminar' &&
        typeof value.seminar_capacity === 'number' &&
        value.seminar_capacity > SEMINAR_CAPACITY_MAX
      )
        context.addIssue({
          code: 'custom',
          message: `${SEMINAR_CAPACITY_MAX}以下の数を入力してください`,
          path: ['seminar_capacity'],
          input: value.seminar_capacity,
        });
      const heldAt =
        typeof value.seminar_held_at === 'string' ? parseDateValue(value.seminar_held_at) : undefined;
      const deadline =
        typeof value.seminar_apply_deadline === 'string'
          ? parseDateValue(value.seminar_apply_deadline)
          : undefined;
      if (kind === 'seminar' && heldAt && deadline && deadline.getTime() > heldAt.getTime())
        context.addIssue({
          code: 'custom',
          message: DEADLINE_AFTER_SEMINAR_MESSAGE,
          path: ['seminar_apply_deadline'],
          input: value.seminar_apply_deadline,
        });
    }),
  );
}
export type ArticleFields = z.output<ReturnType<typeof articleFieldsSchema>>;

/** The save request: the form's fields and the codes of its attachments (uploaded first). */
export function articleSaveRequestSchema(
  kind: ArticleKind,
  now: () => Date = () => new Date(),
  stored?: StoredArticleDates,
) {
  return z.object({
    fields: articleFieldsSchema(kind, now, stored),
    attachment_file_codes: z._default(
      z
        .array(z.string().check(z.maxLength(64)))
        .check(z.maxLength(ATTACHMENTS_PER_ARTICLE_MAX, TOO_MANY_ATTACHMENTS_MESSAGE)),
      [],
    ),
  });
}
export type ArticleSaveRequest = z.output<ReturnType<typeof articleSaveRequestSchema>>;

/**
 * POST /api/v1/admin/{segment} (a new item) and PUT …/{id} of each kind. The edit's body leaves the
 * past-date rules to the handler, which compares with the stored item (StoredArticleDates).
 */
export const articleSaveCalls = /* @__PURE__ */ byKind((kind) => {
  const base = `/api/v1/admin/${ARTICLE_API_SEGMENTS[kind]}` as const;
  const label = ARTICLE_KIND_LABELS[kind];
  return {
    create: defineCall({
      domain: 'news',
      method: 'POST',
      path: base,
      body: articleSaveRequestSchema(kind),
      result: articleSaveResultSchema,
      access: 'bank',
      summary: `${label}の登録`,
      description:
        '本文は保存前に無害化されます。公開終了日が30日以内なら warnings に「30日以内に公開が終了します」を返します（登録は行われます）。システム管理者・銀行管理者・支店管理者のみ。',
    }),
    update: defineCall({
      domain: 'news',
      method: 'PUT',
      path: `${base}/:id`,
      params: articleIdParamsSchema,
      body: articleSaveRequestSchema(kind, clockBeforeAnyDate),
      result: articleSaveResultSchema,
      access: 'bank',
      summary: `${label}の更新`,
      description:
        '本文は保存前に無害化されます。過去日の判定は変更した日付だけに行います（公開が終了した記事もそのまま修正できます）。セミナーの定員は申込済みの人数より少なくできません。支店管理者は自分が登録したものだけ、運営提供の記事はシステム管理者だけが更新できます。',
    }),
  };
});
