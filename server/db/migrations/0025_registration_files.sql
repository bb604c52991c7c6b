CREATE TABLE "registration_files" (
	"bank_code" char(4) DEFAULT current_setting('app.bank_code')::bpchar NOT NULL,
	"file_unique_code" varchar(32) NOT NULL,
	"draft_token_hash" varchar(64),
	"cr_unique_code" varchar(32),
	"file_name" varchar(255) NOT NULL,
	"file_content_type" varchar(100) NOT NULL,
	"file_size" integer NOT NULL,
	"file_storage_key" varchar(200) NOT NULL,
	"file_created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "registration_files_bank_code_file_unique_code_pk" PRIMARY KEY("bank_code","file_unique_code"),
	CONSTRAINT "registration_files_of_draft_or_application" CHECK (("registration_files"."draft_token_hash" is null) <> ("registration_files"."cr_unique_code" is null))
);
--> statement-breakpoint
ALTER TABLE "registration_files" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "registration_files" ADD CONSTRAINT "registration_files_application_fk" FOREIGN KEY ("bank_code","cr_unique_code") REFERENCES "public"."company_registrations"("bank_code","cr_unique_code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "registration_files_bank_code_draft_token_hash_index" ON "registration_files" USING btree ("bank_code","draft_token_hash");--> statement-breakpoint
CREATE INDEX "registration_files_bank_code_cr_unique_code_index" ON "registration_files" USING btree ("bank_code","cr_unique_code");--> statement-breakpoint
CREATE POLICY "bank_isolation" ON "registration_files" AS PERMISSIVE FOR ALL TO public USING ("registration_files"."bank_code" = nullif(current_setting('app.bank_code', true), '')::bpchar) WITH CHECK ("registration_files"."bank_code" = nullif(current_setting('app.bank_code', true), '')::bpchar);