import type { FieldErrors } from '#server/contracts/envelope.ts';
import {
  WEBSITE_MESSAGES,
  type WebsiteSaveRequest,
  type WebsiteSection,
} from '#server/contracts/company-website.ts';
import { hasVisibleContent, sanitizeArticleBody } from '../kit/sanitize-rich-text.ts';
import type { StoredWebsiteFields } from './website-queries.ts';

/**
 * A section as it is stored and shown: the news kit's allowlist (server/api/kit/sanitize-rich-text.ts)
 * applied to what the editor sent, and '' when what is left shows nothing (an emptied editor's
 * `<p></p>`, or a section that held only a script).
 */
export function sanitizedSection(html: string | null | undefined): string {
  if (html === null || html === undefined || html.trim() === '') return '';
  const kept = sanitizeArticleBody(html);
  return hasVisibleContent(kept) ? kept : '';
}

/** The save's fields as they are stored: the title trimmed, each section sanitised. */
export function storedFieldsOf(body: WebsiteSaveRequest): StoredWebsiteFields {
  return {
    website_title: body.website_title.trim(),
    website_about_html: sanitizedSection(body.website_about_html),
    website_products_html: sanitizedSection(body.website_products_html),
    website_recruitment_html: sanitizedSection(body.website_recruitment_html),
    website_is_published: body.website_is_published,
    website_recruitment_is_published: body.website_recruitment_is_published,
  };
}

/**
 * The publication rules again, on the sanitised sections: a section whose text was all script passes
 * the form's check but is empty once stored, and a published site must not be.
 */
export function publicationErrorsOf(fields: StoredWebsiteFields): FieldErrors | undefined {
  const errors: Partial<Record<WebsiteSection, string[]>> = {};
  if (fields.website_is_published && fields.website_about_html === '')
    errors.website_about_html = [WEBSITE_MESSAGES.aboutRequiredToPublish];
  if (fields.website_recruitment_is_published && fields.website_recruitment_html === '')
    errors.website_recruitment_html = [WEBSITE_MESSAGES.recruitmentRequiredToPublish];
  return Object.keys(errors).length > 0 ? errors : undefined;
}
