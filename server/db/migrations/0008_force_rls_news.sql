-- As for the other bank tables (0002): the policies apply to the table owner too, so a session
-- that forgets to set app.bank_code sees no row of the news domain rather than every bank's.
ALTER TABLE "articles" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "article_reads" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "article_files" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "seminar_applications" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "partner_banks" FORCE ROW LEVEL SECURITY;
