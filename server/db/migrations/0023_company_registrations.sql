CREATE TABLE "company_registrations" (
	"bank_code" char(4) DEFAULT current_setting('app.bank_code')::bpchar NOT NULL,
	"cr_id" integer GENERATED ALWAYS AS IDENTITY (sequence name "company_registrations_cr_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cr_unique_code" varchar(32) NOT NULL,
	"cr_variant" varchar(20) NOT NULL,
	"cr_status" varchar(20) DEFAULT 'pending' NOT NULL,
	"cr_values" jsonb NOT NULL,
	"cr_company_name" varchar(100) NOT NULL,
	"cr_applicant_name" varchar(61) NOT NULL,
	"cr_applicant_email" varchar(254) NOT NULL,
	"bb_id" integer,
	"cr_agreed_at" timestamp with time zone NOT NULL,
	"cr_created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cr_decided_at" timestamp with time zone,
	"cr_decided_by_user_id" integer,
	"cr_reject_reason" varchar(40),
	"company_id" integer,
	CONSTRAINT "company_registrations_bank_code_cr_id_pk" PRIMARY KEY("bank_code","cr_id"),
	CONSTRAINT "company_registrations_variant_known" CHECK ("company_registrations"."cr_variant" in ('ba', 'bizsol', 'hgba', 'ibmft', 'ktba', 'payment', 'portal', 'social'))
);
--> statement-breakpoint
ALTER TABLE "company_registrations" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "registration_drafts" (
	"bank_code" char(4) DEFAULT current_setting('app.bank_code')::bpchar NOT NULL,
	"draft_token_hash" varchar(64) NOT NULL,
	"draft_variant" varchar(20) NOT NULL,
	"draft_values" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"draft_agreed_at" timestamp with time zone NOT NULL,
	"draft_expires_at" timestamp with time zone NOT NULL,
	"draft_created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"draft_updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "registration_drafts_bank_code_draft_token_hash_pk" PRIMARY KEY("bank_code","draft_token_hash"),
	CONSTRAINT "registration_drafts_variant_known" CHECK ("registration_drafts"."draft_variant" in ('ba', 'bizsol', 'hgba', 'ibmft', 'ktba', 'payment', 'portal', 'social'))
);
--> statement-breakpoint
ALTER TABLE "registration_drafts" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "company_registrations" ADD CONSTRAINT "company_registrations_cr_status_company_register_statuses_code_fk" FOREIGN KEY ("cr_status") REFERENCES "public"."company_register_statuses"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_registrations" ADD CONSTRAINT "company_registrations_cr_reject_reason_company_register_reasons_code_fk" FOREIGN KEY ("cr_reject_reason") REFERENCES "public"."company_register_reasons"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_registrations" ADD CONSTRAINT "company_registrations_bank_code_company_id_companies_bank_code_company_id_fk" FOREIGN KEY ("bank_code","company_id") REFERENCES "public"."companies"("bank_code","company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "company_registrations_bank_code_cr_unique_code_index" ON "company_registrations" USING btree ("bank_code","cr_unique_code");--> statement-breakpoint
CREATE INDEX "company_registrations_bank_code_cr_status_cr_created_at_index" ON "company_registrations" USING btree ("bank_code","cr_status","cr_created_at");--> statement-breakpoint
CREATE INDEX "registration_drafts_bank_code_draft_expires_at_index" ON "registration_drafts" USING btree ("bank_code","draft_expires_at");--> statement-breakpoint
CREATE POLICY "bank_isolation" ON "company_registrations" AS PERMISSIVE FOR ALL TO public USING ("company_registrations"."bank_code" = nullif(current_setting('app.bank_code', true), '')::bpchar) WITH CHECK ("company_registrations"."bank_code" = nullif(current_setting('app.bank_code', true), '')::bpchar);--> statement-breakpoint
CREATE POLICY "bank_isolation" ON "registration_drafts" AS PERMISSIVE FOR ALL TO public USING ("registration_drafts"."bank_code" = nullif(current_setting('app.bank_code', true), '')::bpchar) WITH CHECK ("registration_drafts"."bank_code" = nullif(current_setting('app.bank_code', true), '')::bpchar);