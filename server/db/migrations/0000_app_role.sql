-- The application role. Every request runs as it (set_config('role', ...) in server/db/database.ts),
-- so row-level security applies: it owns no table, is no superuser and cannot bypass RLS.
-- Roles are cluster-wide and several databases (test runs, other environments) may share one
-- cluster, so an existing role — or one created meanwhile by a migration of another database —
-- is accepted as it is.
DO $$
BEGIN
  IF NOT EXISTS (SELECT FROM pg_catalog.pg_roles WHERE rolname = 'portal_app') THEN
    BEGIN
      CREATE ROLE portal_app NOLOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOBYPASSRLS;
    EXCEPTION WHEN duplicate_object OR unique_violation THEN
      RAISE NOTICE 'role portal_app was created concurrently';
    END;
  END IF;
END
$$;
--> statement-breakpoint
-- The connecting user becomes the application role with SET ROLE, which needs membership.
-- A superuser is a member of every role already, so nothing is granted (and no shared catalog row
-- is written) when several test databases migrate at once.
DO $$
BEGIN
  IF NOT pg_catalog.pg_has_role(current_user, 'portal_app', 'MEMBER') THEN
    EXECUTE format('GRANT portal_app TO %I', current_user);
  END IF;
END
$$;
--> statement-breakpoint
GRANT USAGE ON SCHEMA public TO portal_app;
--> statement-breakpoint
-- Tables created by later migrations (run by this same user) are usable by the application role;
-- bank-scoped tables are still limited by their policies, and national master lists get their
-- write privileges revoked in 0002.
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO portal_app;
--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT ON SEQUENCES TO portal_app;
