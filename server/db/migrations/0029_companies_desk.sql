CREATE TABLE "company_business_profiles" (
	"bank_code" char(4) DEFAULT current_setting('app.bank_code')::bpchar NOT NULL,
	"company_id" integer NOT NULL,
	"business_description" text DEFAULT '' NOT NULL,
	"business_products" text DEFAULT '' NOT NULL,
	"business_strengths" text DEFAULT '' NOT NULL,
	"business_area_codes" char(2)[] DEFAULT '{}' NOT NULL,
	"business_updated_by" integer NOT NULL,
	"business_updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_business_profiles_bank_code_company_id_pk" PRIMARY KEY("bank_code","company_id")
);
--> statement-breakpoint
ALTER TABLE "company_business_profiles" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "company_charges" (
	"bank_code" char(4) DEFAULT current_setting('app.bank_code')::bpchar NOT NULL,
	"charge_id" integer GENERATED ALWAYS AS IDENTITY (sequence name "company_charges_charge_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"charge_month" date NOT NULL,
	"charge_kind" varchar(20) NOT NULL,
	"charge_amount" integer NOT NULL,
	"charge_status" varchar(40) NOT NULL,
	"charge_note" varchar(200),
	"charge_created_by" integer NOT NULL,
	"charge_updated_by" integer NOT NULL,
	"charge_created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"charge_updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_charges_bank_code_charge_id_pk" PRIMARY KEY("bank_code","charge_id"),
	CONSTRAINT "company_charges_kind_known" CHECK ("company_charges"."charge_kind" in ('subscription', 'adjust', 'pay_per_use')),
	CONSTRAINT "company_charges_month_first_day" CHECK (extract(day from "company_charges"."charge_month") = 1),
	CONSTRAINT "company_charges_amount_sign" CHECK ("company_charges"."charge_amount" >= 0 or "company_charges"."charge_kind" = 'adjust')
);
--> statement-breakpoint
ALTER TABLE "company_charges" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "company_unsubscriptions" (
	"bank_code" char(4) DEFAULT current_setting('app.bank_code')::bpchar NOT NULL,
	"company_id" integer NOT NULL,
	"unsubscribe_reason" varchar(40) NOT NULL,
	"unsubscribe_note" varchar(500),
	"leaves_on" date NOT NULL,
	"requested_by" integer NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"carried_out_at" timestamp with time zone,
	CONSTRAINT "company_unsubscriptions_bank_code_company_id_pk" PRIMARY KEY("bank_code","company_id")
);
--> statement-breakpoint
ALTER TABLE "company_unsubscriptions" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "user_last_login_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "company_business_profiles" ADD CONSTRAINT "company_business_profiles_bank_code_company_id_companies_bank_code_company_id_fk" FOREIGN KEY ("bank_code","company_id") REFERENCES "public"."companies"("bank_code","company_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_charges" ADD CONSTRAINT "company_charges_charge_status_charge_statuses_code_fk" FOREIGN KEY ("charge_status") REFERENCES "public"."charge_statuses"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_charges" ADD CONSTRAINT "company_charges_bank_code_company_id_companies_bank_code_company_id_fk" FOREIGN KEY ("bank_code","company_id") REFERENCES "public"."companies"("bank_code","company_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_charges" ADD CONSTRAINT "company_charges_bank_code_charge_created_by_users_bank_code_user_id_fk" FOREIGN KEY ("bank_code","charge_created_by") REFERENCES "public"."users"("bank_code","user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_charges" ADD CONSTRAINT "company_charges_bank_code_charge_updated_by_users_bank_code_user_id_fk" FOREIGN KEY ("bank_code","charge_updated_by") REFERENCES "public"."users"("bank_code","user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_unsubscriptions" ADD CONSTRAINT "company_unsubscriptions_unsubscribe_reason_unsubscribe_reasons_code_fk" FOREIGN KEY ("unsubscribe_reason") REFERENCES "public"."unsubscribe_reasons"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_unsubscriptions" ADD CONSTRAINT "company_unsubscriptions_bank_code_company_id_companies_bank_code_company_id_fk" FOREIGN KEY ("bank_code","company_id") REFERENCES "public"."companies"("bank_code","company_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_unsubscriptions" ADD CONSTRAINT "company_unsubscriptions_bank_code_requested_by_users_bank_code_user_id_fk" FOREIGN KEY ("bank_code","requested_by") REFERENCES "public"."users"("bank_code","user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "company_charges_once_per_month_and_kind" ON "company_charges" USING btree ("bank_code","company_id","charge_month","charge_kind") WHERE "company_charges"."charge_kind" <> 'adjust';--> statement-breakpoint
CREATE INDEX "company_charges_bank_code_charge_month_company_id_index" ON "company_charges" USING btree ("bank_code","charge_month","company_id");--> statement-breakpoint
CREATE INDEX "company_charges_bank_code_company_id_charge_month_index" ON "company_charges" USING btree ("bank_code","company_id","charge_month");--> statement-breakpoint
CREATE INDEX "companies_bank_code_company_created_at_index" ON "companies" USING btree ("bank_code","company_created_at");--> statement-breakpoint
ALTER TABLE "companies" DROP COLUMN "company_unsubscribe_requested_at";--> statement-breakpoint
CREATE POLICY "bank_isolation" ON "company_business_profiles" AS PERMISSIVE FOR ALL TO public USING ("company_business_profiles"."bank_code" = nullif(current_setting('app.bank_code', true), '')::bpchar) WITH CHECK ("company_business_profiles"."bank_code" = nullif(current_setting('app.bank_code', true), '')::bpchar);--> statement-breakpoint
CREATE POLICY "bank_isolation" ON "company_charges" AS PERMISSIVE FOR ALL TO public USING ("company_charges"."bank_code" = nullif(current_setting('app.bank_code', true), '')::bpchar) WITH CHECK ("company_charges"."bank_code" = nullif(current_setting('app.bank_code', true), '')::bpchar);--> statement-breakpoint
CREATE POLICY "bank_isolation" ON "company_unsubscriptions" AS PERMISSIVE FOR ALL TO public USING ("company_unsubscriptions"."bank_code" = nullif(current_setting('app.bank_code', true), '')::bpchar) WITH CHECK ("company_unsubscriptions"."bank_code" = nullif(current_setting('app.bank_code', true), '')::bpchar);