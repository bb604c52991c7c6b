CREATE TABLE "audit_events" (
	"bank_code" char(4) DEFAULT current_setting('app.bank_code')::bpchar NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "audit_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_user_id" integer,
	"impersonator_user_id" integer,
	"action" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" text,
	"client_address" "inet",
	"request_id" text,
	CONSTRAINT "audit_events_bank_code_id_pk" PRIMARY KEY("bank_code","id"),
	CONSTRAINT "audit_events_action_known" CHECK ("audit_events"."action" in ('CREATE', 'DRAFT', 'CLOSE', 'DELETE', 'PENDING', 'UPDATE', 'SEND', 'APPROVE', 'REJECT', 'LOGIN', 'LOGOUT')),
	CONSTRAINT "audit_events_bank_code_digits" CHECK ("audit_events"."bank_code" ~ '^[0-9]{4}$')
);
--> statement-breakpoint
ALTER TABLE "audit_events" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE INDEX "audit_events_bank_code_occurred_at_id_index" ON "audit_events" USING btree ("bank_code","occurred_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "audit_events_bank_code_target_type_target_id_index" ON "audit_events" USING btree ("bank_code","target_type","target_id");--> statement-breakpoint
CREATE POLICY "bank_isolation" ON "audit_events" AS PERMISSIVE FOR ALL TO public USING ("audit_events"."bank_code" = current_setting('app.bank_code', true)::bpchar) WITH CHECK ("audit_events"."bank_code" = current_setting('app.bank_code', true)::bpchar);