import type { InquiryCategoryCode, InquiryStatus } from '#server/contracts/inquiry.ts';
import type { DbTransaction } from '../database.ts';
import { inquiries } from '../schema/inquiries.ts';
import type { DemoBank } from '../demo-banks.ts';
import { demoUniqueCode, type DomainSeed } from './seed-context.ts';

interface DemoInquiry {
  key: string;
  category: InquiryCategoryCode;
  status: InquiryStatus;
  companyName: string;
  name: string;
  kana: string;
  email: string;
  tel: string | null;
  body: (bank: DemoBank) => string;
}

/** Inquiries as the public form would have stored them, one in each state the staff work through. */
const DEMO_INQUIRIES: readonly DemoInquiry[] = [
  {
    key: 'registration',
    category: 'registration',
    status: 'CREATED',
    companyName: '株式会社みなと食品',
    name: '小林 洋子',
    kana: 'コバヤシ ヨウコ',
    email: 'y.kobayashi@minato-foods.example.jp',
    tel: '03-5000-1002',
    body: (bank) => `${bank.bank_name}のビジネスポータルの利用申込みに必要な書類を教えてください。`,
  },
  {
    key: 'login',
    category: 'login',
    status: 'PROGRESS',
    companyName: '有限会社あおば設備',
    name: '山本 大輔',
    kana: 'ヤマモト ダイスケ',
    email: 'd.yamamoto@aoba-setsubi.example.jp',
    tel: null,
    body: () => 'パスワードを忘れてしまい、ログインできません。再設定の方法を教えてください。',
  },
  {
    key: 'consultation',
    category: 'consultation',
    status: 'CLOSED',
    companyName: 'ひかり物流株式会社',
    name: '中村 さおり',
    kana: 'ナカムラ サオリ',
    email: 's.nakamura@hikari-logistics.example.jp',
    tel: '06-6000-3003',
    body: () => '新しい倉庫の取得資金について、担当の方に相談したいです。',
  },
];

async function seedInquiries(tx: DbTransaction, bank: DemoBank) {
  await tx
    .insert(inquiries)
    .values(
      DEMO_INQUIRIES.map((inquiry) => ({
        inquiry_unique_code: demoUniqueCode(bank.code, 'inquiry', inquiry.key),
        inquiry_category: inquiry.category,
        inquiry_company_name: inquiry.companyName,
        inquiry_name: inquiry.name,
        inquiry_name_kana: inquiry.kana,
        inquiry_email: inquiry.email,
        inquiry_tel: inquiry.tel,
        inquiry_body: inquiry.body(bank),
        inquiry_status: inquiry.status,
      })),
    )
    // What the staff did with a demo inquiry since the last seed stays as they left it.
    .onConflictDoNothing();
}

/** Inquiries in each state the staff work through. */
export const seedInquiryDomain: DomainSeed = ({ tx, bankCode, bankName }) =>
  seedInquiries(tx, { code: bankCode, bank_name: bankName });
