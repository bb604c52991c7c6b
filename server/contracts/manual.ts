// zod/mini: the admin layout's manual dialog loads this contract (see theme-tokens.ts).
import * as z from 'zod/mini';
import { defineCall } from './call.ts';
import { validationRules } from './validation.ts';

/**
 * The manual (admin spec section 2: the top bar's manual button opens a dialog with a title and an
 * HTML body; "GET manual", path not shown). One manual per kind of page, written by the bank's
 * admins; a kind the bank has not written shows the bank's general manual, then the portal's.
 */

/** The kinds of page a manual is written for: the admin area's sections, and the company area. */
export const MANUAL_PAGES = [
  'dashboard',
  'activity',
  'changelog',
  'chatlog',
  'chatwork',
  'company',
  'companyregister',
  'document',
  'event',
  'file',
  'fixedphrase',
  'handout',
  'innovation',
  'inquiry',
  'label',
  'mall',
  'news',
  'newsletter',
  'partnerform',
  'pickup',
  'promotion',
  'user',
  'setting',
  'bachat',
  'crowdfunding',
  'ncba',
  'performance',
  'xba',
  'boy',
  'mypage',
] as const;
export type ManualPage = (typeof MANUAL_PAGES)[number];
/** The general manual: what a page kind without its own manual shows. */
export const GENERAL_MANUAL_PAGE: ManualPage = 'dashboard';

/** The kind of page a path is (`/admin/company/detail/3` → company; unknown sections → general). */
export function manualPageOf(pathname: string): ManualPage {
  const [area, section] = pathname.split('/').filter(Boolean);
  if (area === 'mypage') return 'mypage';
  return (MANUAL_PAGES as readonly string[]).includes(section ?? '')
    ? (section as ManualPage)
    : GENERAL_MANUAL_PAGE;
}

export const MANUAL_TITLE_MAX_LENGTH = 100;
export const MANUAL_BODY_MAX_LENGTH = 50_000;

const rules = validationRules();
const manualPageSchema = z.enum(MANUAL_PAGES);

export const manualSchema = z.object({
  page: manualPageSchema,
  title: z.string(),
  /** Sanitised HTML (the rich-text allowlist of server/contracts/rich-text.ts). */
  body: z.string(),
  /** When the bank last wrote it; null for the portal's own manual. */
  updated_at: z.nullable(z.string()),
});
export type Manual = z.infer<typeof manualSchema>;

export const manualFieldsSchema = z.object({
  page: manualPageSchema,
  title: rules.text({ required: true, maxLength: MANUAL_TITLE_MAX_LENGTH }),
  body: rules.text({ required: true, maxLength: MANUAL_BODY_MAX_LENGTH, multiline: true }),
});

export const getManual = /* @__PURE__ */ defineCall({
  domain: 'manual',
  method: 'GET',
  path: '/api/v1/manual',
  query: z.object({ page: z._default(manualPageSchema, GENERAL_MANUAL_PAGE) }),
  result: manualSchema,
  access: 'login',
  summary: 'マニュアルの取得',
  description:
    'ページの種類（page）のマニュアルの題名と本文（サニタイズ済みのHTML）です。金融機関がその種類のマニュアルを書いていなければ、全般のマニュアル、ポータル既定のマニュアルの順に返します。',
});

export const saveManual = /* @__PURE__ */ defineCall({
  domain: 'manual',
  method: 'PUT',
  path: '/api/v1/manual',
  body: manualFieldsSchema,
  result: manualSchema,
  access: 'admin',
  summary: 'マニュアルの保存',
  description:
    'ページの種類ごとのマニュアルを保存します（システム管理者・銀行管理者）。本文のHTMLは許可された要素と属性だけを残して保存します。',
});
