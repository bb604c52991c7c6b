-- As for the other bank tables (0002): the policies apply to the table owner too.
ALTER TABLE "manuals" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "feature_requests" FORCE ROW LEVEL SECURITY;
