import { codeNameOf } from '#server/db/select-code-list.ts';
import { companies } from '#server/db/schema/companies.ts';
import { industryMajorClasses, industryMiddleClasses, prefectures } from '#server/db/schema/master-lists.ts';

/**
 * The names of a company's prefecture and JSIC classes (大分類, 中分類) from the national masters,
 * as columns of a query over companies; null where the company has none.
 */
export const companyMasterNames = {
  prefectureName: codeNameOf(prefectures, companies.company_prefecture_code),
  industryMajorName: codeNameOf(industryMajorClasses, companies.company_industry_major_code),
  industryMiddleName: codeNameOf(industryMiddleClasses, companies.company_industry_middle_code),
};
