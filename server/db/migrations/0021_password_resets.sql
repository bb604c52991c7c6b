CREATE TABLE "password_resets" (
	"bank_code" char(4) DEFAULT current_setting('app.bank_code')::bpchar NOT NULL,
	"reset_token_hash" varchar(64) NOT NULL,
	"user_id" integer NOT NULL,
	"reset_expires_at" timestamp with time zone NOT NULL,
	"reset_used_at" timestamp with time zone,
	"reset_created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "password_resets_bank_code_reset_token_hash_pk" PRIMARY KEY("bank_code","reset_token_hash")
);
--> statement-breakpoint
ALTER TABLE "password_resets" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "user_password_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "password_resets" ADD CONSTRAINT "password_resets_bank_code_user_id_users_bank_code_user_id_fk" FOREIGN KEY ("bank_code","user_id") REFERENCES "public"."users"("bank_code","user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "password_resets_bank_code_user_id_index" ON "password_resets" USING btree ("bank_code","user_id");--> statement-breakpoint
CREATE POLICY "bank_isolation" ON "password_resets" AS PERMISSIVE FOR ALL TO public USING ("password_resets"."bank_code" = nullif(current_setting('app.bank_code', true), '')::bpchar) WITH CHECK ("password_resets"."bank_code" = nullif(current_setting('app.bank_code', true), '')::bpchar);