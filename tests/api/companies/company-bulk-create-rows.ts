import type { BulkCompanyRowInput } from '#server/contracts/company-bulk-create.ts';
import { corporateNumberCheckDigit } from '#server/contracts/corporate-number.ts';

/** The demo banks' branch numbers (server/db/demo-banks.ts). */
const DEMO_BRANCH_CODES = ['001', '010', '020', '030', '040', '050'];

/**
 * `count` good rows as a bank's spreadsheet holds them, each with a corporate number of its own
 * (from the digit `series`, so two files of different series never clash), every tenth a partner,
 * every other one with a login id of its own (`<tag>-owner-<n>`), the others left to be generated.
 * Names and addresses carry `tag`, to find the rows again. For the 10,000-row test and the bench.
 */
export function bulkCreateRows(count: number, tag: string, series = 7): BulkCompanyRowInput[] {
  return Array.from({ length: count }, (_, index) => {
    const base = `${series}${String(index).padStart(11, '0')}`;
    return {
      company_name: `${tag}一括登録${index + 1}株式会社`,
      company_name_kana: 'イッカツトウロクカブシキガイシャ',
      company_type: index % 10 === 0 ? 'partner' : 'normal',
      company_corporate_number: `${corporateNumberCheckDigit(base)}${base}`,
      bb_code: DEMO_BRANCH_CODES[index % DEMO_BRANCH_CODES.length] ?? '',
      company_representative_name: '山田 太郎',
      company_tel: '03-1234-5678',
      user_last_name: '山田',
      user_first_name: '花子',
      user_last_name_kana: 'ヤマダ',
      user_first_name_kana: 'ハナコ',
      user_email: `owner${index + 1}@${tag}.example.jp`,
      user_login_id: index % 2 === 0 ? `${tag}-owner-${index + 1}` : '',
    };
  });
}
