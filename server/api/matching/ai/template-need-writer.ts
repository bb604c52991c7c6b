import type { NeedWritingStyleCode } from '#server/contracts/aichat.ts';
import { needCategoryName } from '#server/contracts/need-categories.ts';
import {
  checkedNeedText,
  NEED_CATEGORY_INTENTS,
  type NeedText,
  type NeedWriter,
  type NeedWriterCompany,
  type NeedWritingTask,
} from './need-writer.ts';

/**
 * The built-in writer (the default: no model server configured): composes the need from the
 * company's data and the style's template, the same text for the same data every time, and sends
 * nothing anywhere. Staff and the company edit it as they would a model's draft.
 */

/** A profile text may be long (text columns): each is cut so the body stays within its limit. */
const FIELD_MAX = 600;
const SUBJECT_MAX = 40;

function cut(text: string, max: number): string {
  const points = [...text.trim()];
  return points.length <= max ? points.join('') : `${points.slice(0, max - 1).join('')}…`;
}

/** The first phrase of a text (up to a line break or a 。、), for a title. */
function firstPhrase(text: string): string {
  const [phrase = ''] = text
    .split(/[\n。、，,]/u)
    .map((part) => part.trim())
    .filter((part) => part !== '');
  return cut(phrase, SUBJECT_MAX);
}

/**
 * What the need is about: the staff's hint; else, for a sale, the company's products (its
 * business, its industry), and for the other categories the category's own words — a company's
 * products say nothing of what it wants to buy or have made.
 */
function subjectOf(task: NeedWritingTask): string {
  const { company } = task;
  const { subject } = NEED_CATEGORY_INTENTS[task.category];
  const candidates =
    subject === null
      ? [task.hint, company.products, company.description, company.industry ?? '']
      : [task.hint, subject];
  return candidates.map(firstPhrase).find((phrase) => phrase !== '') ?? '当社の製品・サービス';
}

interface Facts {
  company: NeedWriterCompany;
  categoryName: string;
  subject: string;
  seeking: string;
  partner: string;
  description: string;
  products: string;
  strengths: string;
  areas: string;
  hint: string;
  /** 「東京都の金属製品製造業（従業員86名）」, or '' when nothing is known. */
  profile: string;
}

function factsOf(task: NeedWritingTask): Facts {
  const { company } = task;
  const intent = NEED_CATEGORY_INTENTS[task.category];
  const place = company.prefecture ? `${company.prefecture}の` : '';
  const size = company.employeeCount === null ? '' : `（従業員${company.employeeCount}名）`;
  const kind = company.industry ?? (place === '' ? '' : '企業');
  return {
    company,
    categoryName: needCategoryName(task.category) ?? task.category,
    subject: subjectOf(task),
    seeking: intent.titleTail,
    partner: intent.partner,
    description: cut(company.description, FIELD_MAX),
    products: cut(company.products, FIELD_MAX),
    strengths: cut(company.strengths, FIELD_MAX),
    areas: company.areas.length === 0 ? '' : company.areas.join('、'),
    hint: cut(task.hint, FIELD_MAX),
    profile: kind === '' ? '' : `${place}${kind}${size}`,
  };
}

/** Paragraphs or lines, the empty ones (a fact the company has not given) left out. */
const present = (...parts: (string | false)[]) => parts.filter((part): part is string => !!part);

const TEMPLATES: Record<NeedWritingStyleCode, (facts: Facts) => string> = {
  concise: (f) =>
    present(
      `【概要】${f.subject}${f.seeking}。`,
      `【会社】${f.company.name}${f.profile && `（${f.profile}）`}`,
      f.products && `【製品・サービス】${f.products}`,
      f.strengths && `【強み】${f.strengths}`,
      `【対象地域】${f.areas || '地域は問いません'}`,
      f.hint && `【補足】${f.hint}`,
    ).join('\n'),
  polite: (f) =>
    present(
      `${f.company.name}と申します。${f.profile && `当社は${f.profile}です。`}`,
      `このたび、${f.subject}について、${f.partner}を探しております。`,
      f.description && `当社は${f.description}`,
      f.products && `主な製品・サービス：${f.products}`,
      f.strengths && `当社の強み：${f.strengths}`,
      f.areas && `対象地域：${f.areas}`,
      f.hint && `ご希望の条件：${f.hint}`,
      'ご関心をお持ちいただけましたら、お気軽にご連絡ください。どうぞよろしくお願いいたします。',
    ).join('\n\n'),
  enthusiastic: (f) =>
    present(
      `${f.subject}で、新しいつながりをつくりませんか。`,
      `${f.company.name}${f.profile && `は${f.profile}`}。${f.strengths && `${f.strengths}を強みに、`}お客さまに喜ばれる仕事を続けてきました。`,
      f.description && `私たちの仕事：${f.description}`,
      f.products && `自信を持ってお届けする製品・サービス：${f.products}`,
      `いま、${f.partner}との出会いを求めています。${f.areas && `（対象地域：${f.areas}）`}`,
      f.hint && `特に、${f.hint}`,
      '一緒に事業を広げていけるパートナーからのご連絡を、心からお待ちしています。',
    ).join('\n\n'),
  expert: (f) =>
    present(
      `■ニーズ区分：${f.categoryName}`,
      `■対象：${f.subject}`,
      `■求める相手：${f.partner}`,
      f.company.industry !== null && `■業種：${f.company.industry}`,
      f.description && `■事業内容：${f.description}`,
      f.products && `■主要製品・サービス：${f.products}`,
      f.strengths && `■技術・強み：${f.strengths}`,
      `■対応地域：${f.areas || '全国（地域を問いません）'}`,
      f.company.employeeCount !== null && `■企業規模：従業員${f.company.employeeCount}名`,
      f.hint && `■条件・補足：${f.hint}`,
    ).join('\n'),
};

export function templateNeedWriter(): NeedWriter {
  return {
    kind: 'template',
    async write(task): Promise<NeedText> {
      const facts = factsOf(task);
      return checkedNeedText({
        title: `【${facts.categoryName}】${facts.subject}${facts.seeking}`,
        body: TEMPLATES[task.style](facts),
      });
    },
  };
}
