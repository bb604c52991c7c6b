import type { PublicAppConfig } from '#server/contracts/app-config.ts';

/**
 * A paragraph (項) of an article; with `items`, the paragraph introduces a numbered list (号)
 * such as the prohibited acts.
 */
export type Clause = string | { text: string; items: readonly string[] };

export interface DocumentSection {
  heading: string;
  clauses: readonly Clause[];
  /** The bank's contact desk (name, telephone, e-mail) follows the clauses. */
  showsContact?: boolean;
}

/**
 * A static page's content as data: rendered by one component (StaticDocumentView), never as HTML.
 * Terms number their sections as articles (第1条 …), a policy as numbered headings (1．…), and both
 * carry the dates they took effect; a notice (the maintenance page) has plain sections. The title is
 * the route's (static-pages/pages.tsx), so the layout knows it before the content loads.
 */
export interface StaticDocument {
  /** A longer name under the heading (e.g. what "R&C" stands for). */
  subtitle?: string;
  /** 前文: paragraphs before the first section. */
  preamble: readonly string[];
  sections: readonly DocumentSection[];
  numbering: 'articles' | 'sections' | 'none';
  /** ISO dates (YYYY-MM-DD). Terms have both; a notice may have neither. */
  enactedOn?: string;
  revisedOn?: string;
}

/** What a document says about the bank whose portal shows it, taken from the bank's app config. */
export interface DocumentBank {
  bankName: string;
  serviceName: string;
  websiteUrl: string;
  /** Whether the bank's pages load Google Analytics or Google Tag Manager. */
  usesAnalytics: boolean;
}

/** A document written once for every bank, with each bank's names filled in (the view adds its contact). */
export type StaticDocumentSource = (bank: DocumentBank) => StaticDocument;

export function documentBankOf(config: PublicAppConfig): DocumentBank {
  return {
    bankName: config.bank.name,
    serviceName: config.system_name,
    websiteUrl: config.url,
    // The gateway writes the analytics tags only when the bank has ids and its customize block allows them.
    usesAnalytics:
      config.customize['enable_analytics_tag'] !== false && (config.ga_id !== null || config.gtm_id !== null),
  };
}

/** `2025-04-01` → `2025年4月1日`, the way Japanese terms print their dates. */
export function japaneseDate(isoDate: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  if (!match) throw new Error(`not an ISO date: ${isoDate}`);
  const [, year, month, day] = match;
  return `${year}年${Number(month)}月${Number(day)}日`;
}

/** The heading a section shows: 第1条（目的） for terms, 1．Cookieとは for a policy, as is for a notice. */
export function sectionHeading(document: StaticDocument, index: number): string {
  const heading = document.sections[index]?.heading;
  if (heading === undefined) throw new Error(`the document has no section ${index}`);
  switch (document.numbering) {
    case 'articles':
      return `第${index + 1}条（${heading}）`;
    case 'sections':
      return `${index + 1}．${heading}`;
    case 'none':
      return heading;
  }
}
