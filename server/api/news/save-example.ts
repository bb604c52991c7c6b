import type { ArticleKind } from '#server/contracts/news.ts';
import type { articleSaveRequestSchema } from '#server/contracts/news-form.ts';
import { japanDateString, DAY_MS } from '#server/contracts/japan-day.ts';
import type * as z from 'zod/mini';

type ArticleSaveInput = z.input<ReturnType<typeof articleSaveRequestSchema>>;

const daysAhead = (days: number, now: Date) => japanDateString(new Date(now.getTime() + days * DAY_MS));

/**
 * A save of each kind the server accepts, as a bank's staff form sends it: the route's example
 * (serveCall's `example`), with which the security walk tries the edit past its validation.
 */
export function articleSaveExample(kind: ArticleKind, now: Date = new Date()): ArticleSaveInput {
  const seminar = kind === 'seminar';
  const partner = kind === 'partner_information';
  const fields: ArticleSaveInput['fields'] = {
    article_title: '夏季休業日のお知らせ',
    article_body: '<p>8月13日から15日まで窓口を休業します。</p>',
    category_code: kind === 'news' ? 'notice' : '',
    article_visibility: 1,
    article_publish_start: daysAhead(0, now),
    article_publish_end: daysAhead(90, now),
    article_target: 'all',
    article_provider_name: partner ? '株式会社ミライテック・ソリューションズ' : undefined,
    pi_status: partner ? 'PUBLISHING' : undefined,
    seminar_held_at: seminar ? `${daysAhead(40, now)}T14:00` : undefined,
    seminar_place: seminar ? '本店 5階 大会議室' : undefined,
    seminar_capacity: seminar ? '30' : undefined,
    seminar_apply_deadline: seminar ? daysAhead(35, now) : undefined,
  };
  return { fields, attachment_file_codes: [] };
}
