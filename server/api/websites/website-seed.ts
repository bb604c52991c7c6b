import { eq } from 'drizzle-orm';
import { companies, companyWebsites } from '#server/db/schema.ts';
import { demoUniqueCode, type DomainSeed } from '#server/db/seeds/seed-context.ts';

/** The demo company whose site is published: the partner owner's company, so its editor shows it too. */
const DEMO_SITE_COMPANY = 'mirai-tech';

/**
 * The websites domain's demo data for one bank: a published site, recruitment included, for one demo
 * company, so `npm start` shows /hp/{its code} and the company list counts it. Written as the
 * company's owner wrote it; left alone once there (a second run changes nothing). No photos: the
 * seed has no file storage.
 */
export const seedWebsites: DomainSeed = async ({ tx, bankCode, bankName, userIdOf, now }) => {
  const [company] = await tx
    .select({ company_id: companies.company_id, company_name: companies.company_name })
    .from(companies)
    .where(eq(companies.company_unique_code, demoUniqueCode(bankCode, 'company', DEMO_SITE_COMPANY)));
  if (!company) throw new Error(`the demo company ${DEMO_SITE_COMPANY} is missing`);
  await tx
    .insert(companyWebsites)
    .values({
      company_id: company.company_id,
      website_title: `${company.company_name}へようこそ`,
      website_about_html:
        `<p>${company.company_name}は、地域の中小企業のIT化を支援するシステム会社です。` +
        `${bankName}のパートナー企業として、業務システムの導入から運用まで伴走します。</p>` +
        '<h2>私たちの強み</h2><ul><li>業務に合わせたシステムの設計・開発</li><li>導入後の操作研修とサポート</li></ul>',
      website_products_html:
        '<h2>業務システム開発</h2><p>販売・在庫・勤怠など、御社の業務に合わせたシステムを開発します。</p>' +
        '<h2>クラウド導入支援</h2><p>既存の業務をクラウドサービスへ移行し、テレワークを支えます。</p>',
      website_recruitment_html:
        '<h2>システムエンジニア（正社員）</h2><p>経験者歓迎。勤務地は本社（リモート勤務可）。</p>' +
        '<p>ご応募は<a href="mailto:recruit@example.co.jp">recruit@example.co.jp</a>までお送りください。</p>',
      website_is_published: true,
      website_recruitment_is_published: true,
      website_published_at: now,
      website_updated_by: userIdOf('partner'),
    })
    .onConflictDoNothing();
};
