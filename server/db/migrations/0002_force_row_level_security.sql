-- The table owner (the user that runs migrations) would bypass the policies; FORCE makes them
-- apply to it too, so a maintenance session that forgets to set app.bank_code sees nothing rather
-- than every bank. (The application role is not the owner and is limited either way.)
ALTER TABLE "bank_branches" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "companies" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "users" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "user_branches" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "login_id_managements" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "user_type_permissions" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
-- National master lists are maintained by syncMasterData as the migrating user; the application
-- only reads them.
REVOKE INSERT, UPDATE, DELETE, TRUNCATE ON
  "prefectures", "industry_major_classes", "industry_middle_classes", "user_types", "company_types",
  "permissions", "charge_statuses", "chat_room_types", "analyse_actions", "subsidy_classes",
  "unsubscribe_reasons", "seminar_statuses", "interesting_features", "news_categories",
  "company_register_statuses", "company_register_reasons", "activity_types", "document_categories",
  "company_statuses", "cso_categories", "cso_statuses", "cso_publish_statuses",
  "company_innovation_history_statuses", "cmh_statuses", "cmh_request_types",
  "partner_information_statuses", "event_codes"
FROM portal_app;
