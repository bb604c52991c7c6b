import { eq } from 'drizzle-orm';
import { companyPaymentCards } from '../schema/payment-cards.ts';
import { users } from '../schema/users.ts';
import type { DomainSeed } from './seed-context.ts';

/**
 * A registered card for the partner company (mirai-tech, whose owner logs in as partner-{code}) of
 * every bank: what the card's answer and the cleared card requirement look like. The owner's own
 * company (sakura-seiko) gets none, so in the banks that ask for a card (0147, 9998) owner-{code}
 * is sent to /mypage/payment/card/create and shows the registration. Only what the gateway would
 * answer is stored: a demo token, the brand and the last four digits of the VISA test number.
 */
export const seedPaymentCards: DomainSeed = async ({ tx, userIdOf }) => {
  const partnerId = userIdOf('partner');
  const [partner] = await tx
    .select({ companyId: users.company_id })
    .from(users)
    .where(eq(users.user_id, partnerId));
  if (!partner?.companyId) throw new Error('the demo partner owner has no company');
  await tx
    .insert(companyPaymentCards)
    .values({
      company_id: partner.companyId,
      card_token: `tok_demo_${partner.companyId}`,
      card_brand: 'VISA',
      card_last4: '1111',
      card_expiry_month: 12,
      card_expiry_year: 2030,
      card_holder_name: 'TARO MIRAI',
      card_registered_by: partnerId,
    })
    .onConflictDoNothing();
};
