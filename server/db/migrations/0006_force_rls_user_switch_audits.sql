-- As for the other bank tables (0002): the policies apply to the table owner too, so a session
-- that forgets to set app.bank_code sees no audit row rather than every bank's.
ALTER TABLE "user_switch_audits" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
-- The audit trail is append-only for the application: no UPDATE or DELETE.
REVOKE UPDATE, DELETE ON "user_switch_audits" FROM portal_app;
