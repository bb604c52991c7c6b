import { and, eq } from 'drizzle-orm';
import { japanDateString } from '#server/contracts/japan-day.ts';
import { companies } from '../schema/companies.ts';
import { companyBusinessProfiles } from '../schema/company-business-profiles.ts';
import { companyCharges } from '../schema/company-charges.ts';
import { companyUnsubscriptions } from '../schema/company-unsubscriptions.ts';
import { demoUniqueCode, type DomainSeed } from './seed-context.ts';

/** The first day of the month `monthsBack` months before the Japanese calendar month of `now`. */
function monthStart(now: Date, monthsBack: number): string {
  const [year, month] = japanDateString(now).split('-').map(Number) as [number, number];
  const index = year * 12 + (month - 1) - monthsBack;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}-01`;
}

/** The last day of the month that begins on `first` (YYYY-MM-01). */
function monthEnd(first: string): string {
  const [year, month] = first.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10);
}

/**
 * The company desk's demo data for one bank: three months of charges for the demo companies (this
 * month's unpaid for one of them, so the list shows the status in its colour), the owner's company's
 * business profile, and one company's leaving reserved for the end of next month.
 */
export const seedCompaniesDomain: DomainSeed = async ({ tx, bankCode, userIdOf, now }) => {
  const staff = userIdOf('bankadmin');
  const companyIdOf = async (key: string) => {
    const [row] = await tx
      .select({ id: companies.company_id })
      .from(companies)
      .where(eq(companies.company_unique_code, demoUniqueCode(bankCode, 'company', key)));
    if (!row) throw new Error(`the demo company ${key} is missing`);
    return row.id;
  };
  const charged = [
    { key: 'sakura-seiko', amount: 5500, current: 'billed' },
    { key: 'minato-foods', amount: 5500, current: 'unpaid' },
    { key: 'aoba-kensetsu', amount: 11000, current: 'unbilled' },
  ] as const;
  for (const company of charged) {
    const companyId = await companyIdOf(company.key);
    for (const monthsBack of [2, 1, 0]) {
      await tx
        .insert(companyCharges)
        .values({
          company_id: companyId,
          charge_month: monthStart(now, monthsBack),
          charge_kind: 'subscription',
          charge_amount: company.amount,
          charge_status: monthsBack === 0 ? company.current : 'paid',
          charge_created_by: staff,
          charge_updated_by: staff,
        })
        .onConflictDoNothing();
    }
  }

  const ownersCompany = await companyIdOf('sakura-seiko');
  await tx
    .insert(companyBusinessProfiles)
    .values({
      company_id: ownersCompany,
      business_description: '精密部品の切削加工と組立を行っています。試作1個から量産まで対応します。',
      business_products: 'アルミ・ステンレスの精密切削部品、治具、小型装置の組立',
      business_strengths: '公差±0.005mmの加工精度、短納期の試作対応、ISO9001認証',
      business_area_codes: ['13', '14', '11'],
      business_updated_by: userIdOf('owner'),
    })
    .onConflictDoNothing();

  const leaving = await companyIdOf('tsubame-unyu');
  const [reserved] = await tx
    .select({ id: companyUnsubscriptions.company_id })
    .from(companyUnsubscriptions)
    .where(and(eq(companyUnsubscriptions.company_id, leaving)));
  if (!reserved) {
    await tx.insert(companyUnsubscriptions).values({
      company_id: leaving,
      unsubscribe_reason: 'business_closed',
      unsubscribe_note: '事業縮小のため、来月末で退会されるとのこと（電話にて確認）。',
      leaves_on: monthEnd(monthStart(now, -1)),
      requested_by: staff,
    });
  }
};
