-- As for the other bank tables (0002): the policy applies to the table owner too, so a session
-- that forgets to set app.bank_code sees no audit row rather than every bank's.
ALTER TABLE "audit_events" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
-- The audit trail is append-only for the application (docs/decisions/0066): portal_app keeps the
-- SELECT and INSERT of 0000's default privileges and loses the rest. TRUNCATE is not among those
-- defaults; it is revoked by name all the same, so the rule reads whole here.
REVOKE UPDATE, DELETE, TRUNCATE ON "audit_events" FROM portal_app;
