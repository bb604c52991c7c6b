import { randomUUID } from 'node:crypto';
import type { InquiryRequest } from '#server/contracts/inquiry.ts';
import { isEmptyValue } from '#server/contracts/validation.ts';
import type { DbTransaction } from '#server/db/database.ts';
import { inquiries } from '#server/db/schema/inquiries.ts';

/**
 * Stores an inquiry for the transaction's bank (bank_code comes from withBank) as not yet handled
 * (CREATED). Answers the code the bank's staff and the sender refer to it by.
 */
export async function insertInquiry(tx: DbTransaction, inquiry: InquiryRequest): Promise<string> {
  const [stored] = await tx
    .insert(inquiries)
    .values({
      inquiry_unique_code: randomUUID().replaceAll('-', ''),
      inquiry_category: inquiry.inquiry_category,
      inquiry_company_name: inquiry.inquiry_company_name,
      inquiry_name: inquiry.inquiry_name,
      inquiry_name_kana: inquiry.inquiry_name_kana,
      inquiry_email: inquiry.inquiry_email,
      // The phone number is optional: the form sends an empty string when none was given.
      inquiry_tel: isEmptyValue(inquiry.inquiry_tel) ? null : inquiry.inquiry_tel,
      inquiry_body: inquiry.inquiry_body,
    })
    .returning({ code: inquiries.inquiry_unique_code });
  if (!stored) throw new Error('INSERT ... RETURNING answered no row for the new inquiry');
  return stored.code;
}
