import { manuals } from '../schema/manuals.ts';
import type { DomainSeed } from './seed-context.ts';

/** A bank-written manual for the inquiry pages, so the demo shows a bank's own next to the portal's. */
export const seedManuals: DomainSeed = async ({ tx, userIdOf }) => {
  const manual = {
    manual_title: 'お問い合わせ対応の手順',
    manual_body: [
      '<h2>お問い合わせ対応の手順</h2>',
      '<ol>',
      '<li>お問い合わせ一覧で「未対応」のものを開き、内容を確認します。</li>',
      '<li>担当者を決めたら状態を「対応中」にします。</li>',
      '<li>お客さまへの回答が済んだら「完了」にします。</li>',
      '</ol>',
      '<p>2営業日以内の初回連絡を目安にしてください。</p>',
    ].join(''),
    manual_updated_by: userIdOf('bankadmin'),
  };
  await tx
    .insert(manuals)
    .values({ manual_page: 'inquiry', ...manual })
    .onConflictDoUpdate({ target: [manuals.bank_code, manuals.manual_page], set: manual });
};
