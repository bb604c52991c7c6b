CREATE TABLE "user_switch_audits" (
	"bank_code" char(4) DEFAULT current_setting('app.bank_code')::bpchar NOT NULL,
	"usa_id" integer GENERATED ALWAYS AS IDENTITY (sequence name "user_switch_audits_usa_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"usa_direction" varchar(20) NOT NULL,
	"actor_user_id" integer NOT NULL,
	"actor_user_unique_code" varchar(32) NOT NULL,
	"target_user_id" integer NOT NULL,
	"target_user_unique_code" varchar(32) NOT NULL,
	"usa_client_address" varchar(45) NOT NULL,
	"usa_created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_switch_audits_bank_code_usa_id_pk" PRIMARY KEY("bank_code","usa_id"),
	CONSTRAINT "user_switch_audits_direction_known" CHECK ("user_switch_audits"."usa_direction" in ('switch', 'switch_back'))
);
--> statement-breakpoint
ALTER TABLE "user_switch_audits" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "user_failed_login_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "user_locked_until" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "user_switch_audits_bank_code_usa_created_at_index" ON "user_switch_audits" USING btree ("bank_code","usa_created_at");--> statement-breakpoint
CREATE INDEX "user_switch_audits_bank_code_actor_user_id_index" ON "user_switch_audits" USING btree ("bank_code","actor_user_id");--> statement-breakpoint
CREATE POLICY "bank_isolation" ON "user_switch_audits" AS PERMISSIVE FOR ALL TO public USING ("user_switch_audits"."bank_code" = current_setting('app.bank_code', true)::bpchar) WITH CHECK ("user_switch_audits"."bank_code" = current_setting('app.bank_code', true)::bpchar);