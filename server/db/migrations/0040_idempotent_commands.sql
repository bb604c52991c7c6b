CREATE TABLE "idempotent_commands" (
	"bank_code" char(4) DEFAULT current_setting('app.bank_code')::bpchar NOT NULL,
	"ic_user_id" integer NOT NULL,
	"ic_call" varchar(200) NOT NULL,
	"ic_key_hash" varchar(64) NOT NULL,
	"ic_body_hash" varchar(64) NOT NULL,
	"ic_result" jsonb,
	"ic_created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotent_commands_bank_code_ic_user_id_ic_call_ic_key_hash_pk" PRIMARY KEY("bank_code","ic_user_id","ic_call","ic_key_hash")
);
--> statement-breakpoint
ALTER TABLE "idempotent_commands" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE INDEX "idempotent_commands_bank_code_ic_user_id_ic_created_at_index" ON "idempotent_commands" USING btree ("bank_code","ic_user_id","ic_created_at");--> statement-breakpoint
CREATE POLICY "bank_isolation" ON "idempotent_commands" AS PERMISSIVE FOR ALL TO public USING ("idempotent_commands"."bank_code" = nullif(current_setting('app.bank_code', true), '')::bpchar) WITH CHECK ("idempotent_commands"."bank_code" = nullif(current_setting('app.bank_code', true), '')::bpchar);