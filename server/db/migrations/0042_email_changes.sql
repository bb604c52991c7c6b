CREATE TABLE "email_changes" (
	"bank_code" char(4) DEFAULT current_setting('app.bank_code')::bpchar NOT NULL,
	"ec_token_hash" varchar(64) NOT NULL,
	"user_id" integer NOT NULL,
	"ec_new_email" varchar(254) NOT NULL,
	"ec_expires_at" timestamp with time zone NOT NULL,
	"ec_used_at" timestamp with time zone,
	"ec_created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_changes_bank_code_ec_token_hash_pk" PRIMARY KEY("bank_code","ec_token_hash")
);
--> statement-breakpoint
ALTER TABLE "email_changes" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "email_changes" ADD CONSTRAINT "email_changes_bank_code_user_id_users_bank_code_user_id_fk" FOREIGN KEY ("bank_code","user_id") REFERENCES "public"."users"("bank_code","user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_changes_bank_code_user_id_index" ON "email_changes" USING btree ("bank_code","user_id");--> statement-breakpoint
CREATE POLICY "bank_isolation" ON "email_changes" AS PERMISSIVE FOR ALL TO public USING ("email_changes"."bank_code" = nullif(current_setting('app.bank_code', true), '')::bpchar) WITH CHECK ("email_changes"."bank_code" = nullif(current_setting('app.bank_code', true), '')::bpchar);