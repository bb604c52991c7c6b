import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { chatRemarkTemplates, companies } from '#server/db/schema.ts';
import { demoUniqueCode, type DomainSeed } from '#server/db/seeds/seed-context.ts';

/** The demo owner's company, whose users answer chats. */
const DEMO_TEMPLATE_COMPANY = 'sakura-seiko';

const DEMO_TEMPLATES = [
  {
    title: 'お問い合わせへのお礼',
    body: 'お問い合わせいただき、ありがとうございます。内容を確認のうえ、担当者より改めてご連絡いたします。',
  },
  {
    title: '資料送付のご案内',
    body: 'ご依頼の資料をお送りいたします。ご不明な点がございましたら、お気軽にお問い合わせください。',
  },
  {
    title: '面談日程のご相談',
    body: 'ご面談の日程を調整させていただきたく存じます。ご都合のよい日時を2〜3候補お知らせいただけますでしょうか。',
  },
] as const;

/**
 * The settings domain's demo data for one bank: the demo company's chat remark templates, so
 * `npm start` shows a list at /mypage/setting/chat_remark_template (and the security walk has a
 * template to try across banks). Left alone once there (a second run changes nothing).
 */
export const seedSettings: DomainSeed = async ({ tx, bankCode, userIdOf }) => {
  const [company] = await tx
    .select({ company_id: companies.company_id })
    .from(companies)
    .where(eq(companies.company_unique_code, demoUniqueCode(bankCode, 'company', DEMO_TEMPLATE_COMPANY)));
  if (!company) throw new Error(`the demo company ${DEMO_TEMPLATE_COMPANY} is missing`);
  await tx
    .insert(chatRemarkTemplates)
    .values(
      DEMO_TEMPLATES.map((template, index) => ({
        // A template's code has the 32 hex digits of a random one (CHAT_REMARK_TEMPLATE_CODE_PATTERN).
        template_unique_code: createHash('sha256')
          .update(`demo:${bankCode}:chat-remark-template:${index + 1}`)
          .digest('hex')
          .slice(0, 32),
        company_id: company.company_id,
        template_title: template.title,
        template_body: template.body,
        template_sort_order: index + 1,
        template_updated_by: userIdOf('owner'),
      })),
    )
    .onConflictDoNothing();
};
