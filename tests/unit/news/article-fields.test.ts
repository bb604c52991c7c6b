import * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { type ArticleKind, categoriesOfKind, NEWS_ONLY_CATEGORY_CODES } from '#server/contracts/news.ts';
import { articleFieldsSchema, articleSaveRequestSchema } from '#server/contracts/news-form.ts';
import { publicationEndWarning } from '#server/contracts/validation.ts';
import { specErrorMap } from '#server/contracts/zod-error-map.ts';

/** 2025-06-10 12:00 in Japan: the fixed day every date below is judged on. */
const NOW = new Date('2025-06-10T03:00:00Z');
const clock = () => NOW;

const NEWS_FIELDS = {
  article_title: '夏季休業日のお知らせ',
  article_body: '<p>8月13日から15日まで窓口を休業します。</p>',
  category_code: 'notice',
  article_visibility: 1,
  article_publish_start: '2025-06-10',
  article_publish_end: '2025-12-31',
  article_target: 'all',
};
const SEMINAR_FIELDS = {
  ...NEWS_FIELDS,
  category_code: '',
  seminar_held_at: '2025-07-15T14:00',
  seminar_place: '本店 5階 大会議室',
  seminar_capacity: '30',
  seminar_apply_deadline: '2025-07-10',
};

/** The messages per field for `value`, parsed as the server parses a request (the spec's error map). */
function fieldErrors(kind: ArticleKind, value: object, stored?: Parameters<typeof articleFieldsSchema>[2]) {
  const result = z.safeParse(articleFieldsSchema(kind, clock, stored), value, { error: specErrorMap });
  if (result.success) return {};
  const errors: Record<string, string[]> = {};
  for (const issue of result.error.issues) (errors[issue.path.join('.')] ??= []).push(issue.message);
  return errors;
}

describe("the staff's item form (articleFieldsSchema)", () => {
  it('accepts a complete news item and a complete seminar', () => {
    expect(fieldErrors('news', NEWS_FIELDS)).toEqual({});
    expect(fieldErrors('seminar', SEMINAR_FIELDS)).toEqual({});
  });

  it('answers 必須入力項目です for each required field left empty', () => {
    const empty = {
      article_title: '',
      article_body: ' ',
      category_code: '',
      article_visibility: '',
      article_publish_start: '',
      article_target: '',
      seminar_held_at: '',
      seminar_place: '',
      seminar_capacity: '',
      seminar_apply_deadline: '',
    };
    expect(fieldErrors('news', empty)).toEqual({
      article_title: ['必須入力項目です'],
      article_body: ['必須入力項目です'],
      category_code: ['必須入力項目です'],
      article_visibility: ['必須入力項目です'],
      article_publish_start: ['必須入力項目です'],
      article_target: ['必須入力項目です'],
    });
    expect(fieldErrors('seminar', empty)).toMatchObject({
      seminar_held_at: ['必須入力項目です'],
      seminar_place: ['必須入力項目です'],
      seminar_capacity: ['必須入力項目です'],
      seminar_apply_deadline: ['必須入力項目です'],
    });
    expect(
      fieldErrors('partner_information', { ...NEWS_FIELDS, category_code: '', article_provider_name: '' }),
    ).toEqual({
      article_provider_name: ['必須入力項目です'],
      pi_status: ['必須入力項目です'],
    });
  });

  it('leaves the category optional for columns, seminars and partner information', () => {
    expect(fieldErrors('column', { ...NEWS_FIELDS, category_code: '' })).toEqual({});
  });

  it('refuses the news-only categories for columns, seminars and partner information', () => {
    for (const code of NEWS_ONLY_CATEGORY_CODES) {
      expect(fieldErrors('news', { ...NEWS_FIELDS, category_code: code })).toEqual({});
      expect(fieldErrors('column', { ...NEWS_FIELDS, category_code: code })).toEqual({
        category_code: ['選択肢の中から選んでください'],
      });
      expect(fieldErrors('seminar', { ...SEMINAR_FIELDS, category_code: code })).toEqual({
        category_code: ['選択肢の中から選んでください'],
      });
    }
    expect(fieldErrors('column', { ...NEWS_FIELDS, category_code: 'subsidy' })).toEqual({});
  });

  it('offers each kind only its categories', () => {
    const master = [{ code: 'notice' }, { code: 'maintenance' }, { code: 'seminar' }, { code: 'subsidy' }];
    expect(categoriesOfKind('news', master)).toEqual(master);
    for (const kind of ['column', 'seminar', 'partner_information'] as const)
      expect(categoriesOfKind(kind, master).map((category) => category.code)).toEqual(['seminar', 'subsidy']);
  });

  it('answers n文字以内で入力してください past each maximum length', () => {
    expect(
      fieldErrors('seminar', {
        ...SEMINAR_FIELDS,
        article_title: 'あ'.repeat(101),
        article_body: 'a'.repeat(20001),
        article_provider_name: 'い'.repeat(101),
        seminar_place: 'う'.repeat(201),
      }),
    ).toEqual({
      article_title: ['100文字以内で入力してください'],
      article_body: ['20000文字以内で入力してください'],
      article_provider_name: ['100文字以内で入力してください'],
      seminar_place: ['200文字以内で入力してください'],
    });
    expect(fieldErrors('news', { ...NEWS_FIELDS, article_title: 'あ'.repeat(100) })).toEqual({});
  });

  it('answers 入力が過去日です for a publication end, seminar date or deadline in the past', () => {
    expect(
      fieldErrors('seminar', {
        ...SEMINAR_FIELDS,
        article_publish_start: '2025-06-01',
        article_publish_end: '2025-06-09',
        seminar_held_at: '2025-06-10T11:59',
        seminar_apply_deadline: '2025-06-09',
      }),
    ).toEqual({
      article_publish_end: ['入力が過去日です'],
      seminar_held_at: ['入力が過去日です'],
      seminar_apply_deadline: ['入力が過去日です'],
    });
  });

  it('accepts today as a publication end and deadline, and a seminar later today', () => {
    expect(
      fieldErrors('seminar', {
        ...SEMINAR_FIELDS,
        article_publish_end: '2025-06-10',
        seminar_held_at: '2025-06-10T18:00',
        seminar_apply_deadline: '2025-06-10',
      }),
    ).toEqual({});
  });

  it('accepts a publication start in the past (an item already running)', () => {
    expect(fieldErrors('news', { ...NEWS_FIELDS, article_publish_start: '2024-04-01' })).toEqual({});
  });

  it('refuses a publication end before its start', () => {
    expect(
      fieldErrors('news', {
        ...NEWS_FIELDS,
        article_publish_start: '2025-08-01',
        article_publish_end: '2025-07-31',
      }),
    ).toEqual({ article_publish_end: ['公開終了日は公開開始日以降の日付を入力してください'] });
  });

  it("refuses a seminar's application deadline after the seminar's date", () => {
    expect(
      fieldErrors('seminar', {
        ...SEMINAR_FIELDS,
        seminar_held_at: '2025-07-15T14:00',
        seminar_apply_deadline: '2025-07-16',
      }),
    ).toEqual({ seminar_apply_deadline: ['申込期限は開催日以前の日付を入力してください'] });
  });

  it('refuses a capacity that is not a positive integer, and one above the maximum', () => {
    for (const capacity of ['0', '-3', '2.5', '三十', 0])
      expect(fieldErrors('seminar', { ...SEMINAR_FIELDS, seminar_capacity: capacity })).toEqual({
        seminar_capacity: ['1以上の整数を半角で入力してください'],
      });
    expect(fieldErrors('seminar', { ...SEMINAR_FIELDS, seminar_capacity: '100001' })).toEqual({
      seminar_capacity: ['100000以下の数を入力してください'],
    });
  });

  it('refuses a date that cannot be read, and a choice outside the list', () => {
    expect(
      fieldErrors('news', {
        ...NEWS_FIELDS,
        article_publish_start: '2025-02-30',
        article_publish_end: 'いつか',
        article_target: 'everyone',
        article_visibility: 2,
      }),
    ).toEqual({
      article_publish_start: ['入力形式が正しくありません'],
      article_publish_end: ['入力形式が正しくありません'],
      article_target: ['選択肢の中から選んでください'],
      article_visibility: ['選択肢の中から選んでください'],
    });
  });

  it("reads visibility from a radio's text as the number stored", () => {
    const result = z.parse(articleFieldsSchema('news', clock), { ...NEWS_FIELDS, article_visibility: '0' });
    expect(result.article_visibility).toBe(0);
  });
});

describe('the 30-day warning: shown, never blocking', () => {
  it('warns for an end within 30 days while the form is still valid', () => {
    const soon = { ...NEWS_FIELDS, article_publish_end: '2025-07-10' };
    expect(fieldErrors('news', soon)).toEqual({});
    expect(publicationEndWarning(soon.article_publish_end, NOW)).toBe('30日以内に公開が終了します');
  });

  it('does not warn for an end 31 days away', () => {
    expect(publicationEndWarning('2025-07-11', NOW)).toBeUndefined();
  });
});

describe('an edit judges only the dates that changed (StoredArticleDates)', () => {
  const stored = {
    article_publish_end: '2025-05-31',
    seminar_held_at: '2025-06-01T05:00:00.000Z',
    seminar_apply_deadline: '2025-05-25',
  };
  const pastSeminar = {
    ...SEMINAR_FIELDS,
    article_publish_start: '2025-05-01',
    article_publish_end: '2025-05-31',
    seminar_held_at: '2025-06-01T14:00',
    seminar_apply_deadline: '2025-05-25',
  };

  it('accepts an item whose end and seminar date passed when those dates are left as stored', () => {
    expect(fieldErrors('seminar', pastSeminar)).not.toEqual({});
    expect(fieldErrors('seminar', pastSeminar, stored)).toEqual({});
  });

  it('still refuses a changed date that lies in the past', () => {
    expect(
      fieldErrors(
        'seminar',
        { ...pastSeminar, article_publish_end: '2025-06-01', seminar_held_at: '2025-06-02T10:00' },
        stored,
      ),
    ).toEqual({ article_publish_end: ['入力が過去日です'], seminar_held_at: ['入力が過去日です'] });
  });

  it('accepts a changed date that lies ahead', () => {
    expect(fieldErrors('seminar', { ...pastSeminar, article_publish_end: '2025-06-30' }, stored)).toEqual({});
  });
});

describe('the save request', () => {
  it('holds at most 10 attachments', () => {
    const codes = Array.from({ length: 11 }, (_, index) => `code${index}`);
    const result = z.safeParse(articleSaveRequestSchema('news', clock), {
      fields: NEWS_FIELDS,
      attachment_file_codes: codes,
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['attachment_file_codes', '添付ファイルは10件までです'],
    ]);
  });
});
