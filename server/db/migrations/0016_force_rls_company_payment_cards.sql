-- As for the other bank tables (0002): the policy applies to the table owner too.
ALTER TABLE "company_payment_cards" FORCE ROW LEVEL SECURITY;
