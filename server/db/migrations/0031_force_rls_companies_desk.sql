-- As for the other bank tables (0002): the policy applies to the table owner too.
ALTER TABLE "company_charges" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "company_unsubscriptions" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "company_business_profiles" FORCE ROW LEVEL SECURITY;
