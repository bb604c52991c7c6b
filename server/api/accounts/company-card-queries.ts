import { eq, sql } from 'drizzle-orm';
import { maskedCardNumber, type PaymentCard } from '#server/contracts/payment-card.ts';
import type { DbTransaction } from '#server/db/database.ts';
import { companyPaymentCards } from '#server/db/schema/payment-cards.ts';
import type { TokenizedCard } from '#server/payment/tokenize-card.ts';

const cardColumns = {
  brand: companyPaymentCards.card_brand,
  last4: companyPaymentCards.card_last4,
  expiryMonth: companyPaymentCards.card_expiry_month,
  expiryYear: companyPaymentCards.card_expiry_year,
  holder: companyPaymentCards.card_holder_name,
  registeredAt: companyPaymentCards.card_registered_at,
};

type CardRow = {
  brand: string;
  last4: string;
  expiryMonth: number;
  expiryYear: number;
  holder: string;
  registeredAt: Date;
};

/** The answer's view of a stored card (the brand was checked against CARD_BRANDS when stored). */
const asPaymentCard = (row: CardRow): PaymentCard => ({
  brand: row.brand as PaymentCard['brand'],
  masked_number: maskedCardNumber(row.last4),
  expiry_month: row.expiryMonth,
  expiry_year: row.expiryYear,
  holder_name: row.holder,
  registered_at: row.registeredAt.toISOString(),
});

/** The company's card, or null when it has registered none (the token never leaves the database). */
export async function readCompanyCard(tx: DbTransaction, companyId: number): Promise<PaymentCard | null> {
  const [row] = await tx
    .select(cardColumns)
    .from(companyPaymentCards)
    .where(eq(companyPaymentCards.company_id, companyId));
  return row ? asPaymentCard(row) : null;
}

/** Whether the company has a card: what clears the bank's card requirement (spec section 4). */
export async function companyHasCard(tx: DbTransaction, companyId: number): Promise<boolean> {
  const [row] = await tx
    .select({ one: sql<number>`1` })
    .from(companyPaymentCards)
    .where(eq(companyPaymentCards.company_id, companyId))
    .limit(1);
  return row !== undefined;
}

/** Stores the company's card, replacing the one it had. */
export async function saveCompanyCard(
  tx: DbTransaction,
  companyId: number,
  card: TokenizedCard,
  userId: number,
): Promise<PaymentCard> {
  const values = {
    card_token: card.token,
    card_brand: card.brand,
    card_last4: card.last4,
    card_expiry_month: card.expiryMonth,
    card_expiry_year: card.expiryYear,
    card_holder_name: card.holder,
    card_registered_by: userId,
    card_registered_at: new Date(),
  };
  const [stored] = await tx
    .insert(companyPaymentCards)
    .values({ company_id: companyId, ...values })
    .onConflictDoUpdate({
      target: [companyPaymentCards.bank_code, companyPaymentCards.company_id],
      set: values,
    })
    .returning(cardColumns);
  if (!stored) throw new Error('INSERT ... RETURNING answered no row for the payment card');
  return asPaymentCard(stored);
}
