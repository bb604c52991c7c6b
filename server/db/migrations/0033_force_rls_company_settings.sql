-- As for the other bank tables (0002): the policy applies to the table owner too.
ALTER TABLE "chat_remark_templates" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "company_websites" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "need_notice_settings" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "service_offers" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "user_identity_links" FORCE ROW LEVEL SECURITY;
