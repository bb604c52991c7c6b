-- As for the other bank tables (0002): the policy applies to the table owner too.
ALTER TABLE "registration_drafts" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "company_registrations" FORCE ROW LEVEL SECURITY;
