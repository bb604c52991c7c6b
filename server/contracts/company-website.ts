// zod/mini: the website editor and the public page bundle these schemas (see theme-tokens.ts).
import * as z from 'zod/mini';
import { type CallUpload, defineCall, defineFileCall } from './call.ts';
import { FILE_MISSING_MESSAGE, FILE_TYPE_REFUSED_MESSAGE, IMAGE_CONTENT_TYPES } from './news.ts';
import { VALIDATION_MESSAGES, validationRules } from './validation.ts';

/**
 * A company's public homepage on the portal (issue 16 item 6, decision 0089): written by the
 * company's own users at /mypage/setting/website (company_setting_website_write), and served on the
 * bank's host at /hp/{company_unique_code} to anyone, logged in or not, while it is published.
 *
 * - The editor's calls (GET /api/v1/website, POST /api/v1/website/save) always work on the
 *   logged-in user's company: no call takes a company's code from the client.
 * - A photo's upload is a call with a file (uploadWebsitePhotoCall); a photo is removed by the
 *   save (website_photo_removals), so a removal is part of the save's transaction and its audit row.
 * - The public page reads GET /api/v1/hp/{company_unique_code}; its logo and photos are file reads
 *   under the same path (websitePhotoFileCall at websitePhotoUrl, websiteLogoFileCall at
 *   websiteLogoUrl), by the same rule: a published site of
 *   an active company of the host's bank, else 404. The company's own editors also see their site
 *   while it is not published (the editor's preview).
 */

// ---------------------------------------------------------------------------------------------
// Limits and messages

/** company_websites.website_title's length. */
export const WEBSITE_TITLE_MAX_LENGTH = 100;
/** Each section's HTML, as the news body (ARTICLE_BODY_MAX_LENGTH). */
export const WEBSITE_SECTION_MAX_LENGTH = 20000;
export const WEBSITE_PHOTOS_MAX = 6;
/** Spec section 9's 2 MB upload constant, as for a company's logo. */
export const WEBSITE_PHOTO_MAX_BYTES = 2097152;
/** Told by the file's content, never by its name or the browser's word (SVG is refused: it can run script). */
export const WEBSITE_PHOTO_CONTENT_TYPES = IMAGE_CONTENT_TYPES;
/** The multipart field a photo is sent in. */
export const WEBSITE_PHOTO_FILE_FIELD = 'file';

/** Not in the spec's tables: the portal's words for what only this page refuses. */
export const WEBSITE_MESSAGES = {
  aboutRequiredToPublish: '公開するには会社紹介を入力してください',
  recruitmentRequiredToPublish: '採用情報を公開するには採用情報を入力してください',
  tooManyPhotos: `写真は${WEBSITE_PHOTOS_MAX}枚まで登録できます`,
  /** The news domain's upload messages, the same words on every upload of the portal. */
  photoMissing: FILE_MISSING_MESSAGE,
  photoTypeRefused: FILE_TYPE_REFUSED_MESSAGE,
  photoTooLarge: `ファイルサイズは${WEBSITE_PHOTO_MAX_BYTES / 1048576}MB以内にしてください`,
  /** The editor's load failure. */
  loadFailed: 'ホームページの取得に失敗しました。',
  /** What the public page says when it did not load (not a 404: that is the 404 page). */
  publicLoadFailed: 'ページの取得に失敗しました。',
} as const;

/** The sections of a site, in the order the page shows them, and their names (editor and page). */
export const WEBSITE_SECTION_LABELS = {
  website_about_html: '会社紹介',
  website_products_html: '商品・サービス',
  website_recruitment_html: '採用情報',
} as const;
export type WebsiteSection = keyof typeof WEBSITE_SECTION_LABELS;

// ---------------------------------------------------------------------------------------------
// Paths

/** The public page of a company's site (plain page of the client's websites feature). */
export function websitePagePath(companyUniqueCode: string): string {
  return `/hp/${encodeURIComponent(companyUniqueCode)}`;
}

/** Where the public calls live: `${PUBLIC_WEBSITE_API_PATH}/{company_unique_code}`. */
export const PUBLIC_WEBSITE_API_PATH = '/api/v1/hp';

/** Where a site's photo is read (its code names one image for ever). */
export function websitePhotoUrl(companyUniqueCode: string, fileUniqueCode: string): string {
  return `${PUBLIC_WEBSITE_API_PATH}/${encodeURIComponent(companyUniqueCode)}/photo/${encodeURIComponent(fileUniqueCode)}`;
}

/** Where the company's logo is read on its site (the logo's own route needs a login). */
export function websiteLogoUrl(companyUniqueCode: string, fileUniqueCode: string): string {
  return `${PUBLIC_WEBSITE_API_PATH}/${encodeURIComponent(companyUniqueCode)}/logo/${encodeURIComponent(fileUniqueCode)}`;
}

/** A company's code as the portal makes them (letters, digits, - and _), at most the column's 32. */
const companyCodeSchema = z.string().check(z.regex(/^[0-9A-Za-z_-]{1,32}$/));
/** A stored image's code: 32 hex digits. */
const fileCodeSchema = z.string().check(z.regex(/^[0-9a-f]{32}$/, VALIDATION_MESSAGES.invalidFormat));

export const publicWebsiteParamsSchema = z.object({ company_unique_code: companyCodeSchema });
export const publicWebsiteFileParamsSchema = z.object({
  company_unique_code: companyCodeSchema,
  // Checked by the route (404 for anything but a code), so an odd value is a 404 like a missing one.
  file_unique_code: z.string().check(z.maxLength(64)),
});

// ---------------------------------------------------------------------------------------------
// The editor's form and the save

/**
 * Whether a section's HTML shows any text or an image: an editor left empty still sends markup
 * (`<p></p>`). A check for the form's messages, not a sanitiser: the server sanitises first and
 * checks the sanitised HTML again.
 */
export function sectionHasContent(html: string | null | undefined): boolean {
  if (typeof html !== 'string') return false;
  if (/<img\b/i.test(html)) return true;
  const text = html
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;|&#160;/g, ' ')
    .trim();
  return text !== '';
}

function fieldsShape() {
  const rules = validationRules();
  const section = () => rules.text({ maxLength: WEBSITE_SECTION_MAX_LENGTH, multiline: true });
  const flag = z.boolean({ error: VALIDATION_MESSAGES.invalidFormat });
  return {
    website_title: rules.text({ required: true, maxLength: WEBSITE_TITLE_MAX_LENGTH }),
    website_about_html: section(),
    website_products_html: section(),
    website_recruitment_html: section(),
    website_is_published: flag,
    website_recruitment_is_published: flag,
  };
}

interface PublicationFields {
  website_about_html?: string | null;
  website_recruitment_html?: string | null;
  website_is_published: boolean;
  website_recruitment_is_published: boolean;
}

/**
 * A published site says who the company is (会社紹介 written); a published recruitment section has
 * something to say. Each message under the section that is missing.
 */
function publicationCheck() {
  return z.superRefine<PublicationFields>((value, context) => {
    if (value.website_is_published && !sectionHasContent(value.website_about_html))
      context.addIssue({
        code: 'custom',
        message: WEBSITE_MESSAGES.aboutRequiredToPublish,
        path: ['website_about_html'],
        input: value.website_about_html,
      });
    if (value.website_recruitment_is_published && !sectionHasContent(value.website_recruitment_html))
      context.addIssue({
        code: 'custom',
        message: WEBSITE_MESSAGES.recruitmentRequiredToPublish,
        path: ['website_recruitment_html'],
        input: value.website_recruitment_html,
      });
  });
}

/**
 * The editor's fields as the form holds them: the title required (100 characters), each section's
 * HTML up to 20,000 characters, and the two publication ticks (see publicationCheck).
 */
export function websiteFieldsSchema() {
  return z.object(fieldsShape()).check(publicationCheck());
}
export type WebsiteFields = z.output<ReturnType<typeof websiteFieldsSchema>>;

/** The save: the form's fields and the codes of the photos to remove (photos are added by upload). */
export function websiteSaveRequestSchema() {
  return z
    .object({
      ...fieldsShape(),
      website_photo_removals: z._default(
        z.array(fileCodeSchema).check(z.maxLength(WEBSITE_PHOTOS_MAX, WEBSITE_MESSAGES.tooManyPhotos)),
        [],
      ),
    })
    .check(publicationCheck());
}
export type WebsiteSaveRequest = z.output<ReturnType<typeof websiteSaveRequestSchema>>;

export const websitePhotoSchema = z.object({
  file_unique_code: z.string(),
  /** Where the image is read (websitePhotoUrl). */
  file_url: z.string(),
});
export type WebsitePhoto = z.infer<typeof websitePhotoSchema>;

/** The site as its editor holds it; a company that has none yet gets an unpublished, empty one. */
export const companyWebsiteSchema = z.object({
  company_unique_code: z.string(),
  company_name: z.string(),
  website_title: z.string(),
  website_about_html: z.string(),
  website_products_html: z.string(),
  website_recruitment_html: z.string(),
  website_photos: z.array(websitePhotoSchema),
  website_is_published: z.boolean(),
  website_recruitment_is_published: z.boolean(),
  /** When it was last published (null: never). */
  website_published_at: z.nullable(z.string()),
  /** Null until the first save. */
  website_updated_at: z.nullable(z.string()),
});
export type CompanyWebsite = z.infer<typeof companyWebsiteSchema>;

/** What a photo's upload answers: the site's photos as they now are, the new one last. */
export const websitePhotoUploadResultSchema = z.object({
  photo: websitePhotoSchema,
  website_photos: z.array(websitePhotoSchema),
});

/** A photo's one file: an image of at most WEBSITE_PHOTO_MAX_BYTES, its type told by its content. */
export const WEBSITE_PHOTO_UPLOAD: CallUpload = {
  field: WEBSITE_PHOTO_FILE_FIELD,
  missingMessage: WEBSITE_MESSAGES.photoMissing,
  limits: {
    maxBytes: WEBSITE_PHOTO_MAX_BYTES,
    contentTypes: WEBSITE_PHOTO_CONTENT_TYPES,
    messages: { tooLarge: WEBSITE_MESSAGES.photoTooLarge, typeRefused: WEBSITE_MESSAGES.photoTypeRefused },
  },
};

export const uploadWebsitePhotoCall = /* @__PURE__ */ defineCall({
  domain: 'websites',
  method: 'POST',
  path: '/api/v1/website/photos',
  upload: WEBSITE_PHOTO_UPLOAD,
  result: websitePhotoUploadResultSchema,
  access: 'company',
  member: true,
  rule: 'website_settings',
  summary: '自社ホームページの写真のアップロード',
  description: `ログイン中の利用者の企業のホームページに写真（${WEBSITE_PHOTO_MAX_BYTES / 1048576}MBまで: PNG、JPEG、GIF、WebP）を multipart/form-data の \`file\` で受け取り、最後に加えます（${WEBSITE_PHOTOS_MAX}枚まで）。形式はファイルの中身で判定します。ホームページの編集権限（company_setting_website_write）が必要です。`,
});

export const getCompanyWebsiteCall = /* @__PURE__ */ defineCall({
  domain: 'websites',
  method: 'GET',
  path: '/api/v1/website',
  result: companyWebsiteSchema,
  access: 'company',
  member: true,
  rule: 'website_settings',
  summary: '自社ホームページの取得',
  description:
    'ログイン中の利用者の企業のホームページ（タイトル、会社紹介・商品・サービス・採用情報、写真、公開設定）を返します。まだなければ、企業名をタイトルにした非公開の空のホームページを返します。ホームページの編集権限（company_setting_website_write）が必要です。',
});

export const saveCompanyWebsiteCall = /* @__PURE__ */ defineCall({
  domain: 'websites',
  method: 'POST',
  path: '/api/v1/website/save',
  body: websiteSaveRequestSchema(),
  result: companyWebsiteSchema,
  access: 'company',
  member: true,
  rule: 'website_settings',
  summary: '自社ホームページの保存',
  description:
    'ログイン中の利用者の企業のホームページを保存します。各欄の HTML は許可した要素・属性だけを残して保存します（script や on* 属性は取り除きます）。website_photo_removals に挙げた写真は削除します（写真の追加はアップロードで行います）。公開するには会社紹介が、採用情報を公開するには採用情報が必要です。ホームページの編集権限（company_setting_website_write）が必要です。',
});

// ---------------------------------------------------------------------------------------------
// The public page

export const publicWebsiteSchema = z.object({
  company_unique_code: z.string(),
  company_name: z.string(),
  /** The company's logo on its site (websiteLogoUrl); null when it has none. */
  company_logo_url: z.nullable(z.string()),
  website_title: z.string(),
  /** Sanitised HTML ('' for a section left empty). */
  website_about_html: z.string(),
  website_products_html: z.string(),
  /** Null unless the recruitment section is published. */
  website_recruitment_html: z.nullable(z.string()),
  website_photos: z.array(z.object({ file_url: z.string() })),
  /** False only in the editors' preview of a site that is not published. */
  website_is_published: z.boolean(),
  website_updated_at: z.string(),
});
export type PublicWebsite = z.infer<typeof publicWebsiteSchema>;

export const publicWebsiteCall = /* @__PURE__ */ defineCall({
  domain: 'websites',
  method: 'GET',
  path: '/api/v1/hp/:company_unique_code',
  params: publicWebsiteParamsSchema,
  result: publicWebsiteSchema,
  access: 'public',
  summary: '企業ホームページ（公開）',
  description:
    'ログインなしで見られる企業のホームページ（企業名、ロゴ、各欄、写真、採用情報は公開しているときだけ）を返します。公開中でないもの、利用停止・退会した企業のもの、他の金融機関の企業のものは 404 です（その企業のホームページ編集権限を持つ利用者には、非公開のものもプレビューとして返します）。ログインしていない閲覧者への答えは 60 秒キャッシュできます。',
});

export const websitePhotoFileCall = /* @__PURE__ */ defineFileCall({
  domain: 'websites',
  method: 'GET',
  path: `${PUBLIC_WEBSITE_API_PATH}/:company_unique_code/photo/:file_unique_code`,
  params: publicWebsiteFileParamsSchema,
  access: 'public',
  answers: 'file',
  summary: '企業ホームページの写真（公開）',
  description:
    '公開中の企業ホームページの写真を返します（そのまま表示: inline）。ログインは要りません。公開中でないもの（その企業の編集者のプレビューを除く）、そのホームページの写真でないものは 404 です。',
});

export const websiteLogoFileCall = /* @__PURE__ */ defineFileCall({
  domain: 'websites',
  method: 'GET',
  path: `${PUBLIC_WEBSITE_API_PATH}/:company_unique_code/logo/:file_unique_code`,
  params: publicWebsiteFileParamsSchema,
  access: 'public',
  answers: 'file',
  summary: '企業ホームページのロゴ（公開）',
  description:
    '公開中の企業ホームページに載せる、その企業のロゴを返します（そのまま表示: inline）。ログインは要りません。公開中でないもの（その企業の編集者のプレビューを除く）、その企業の今のロゴでないものは 404 です。',
});
