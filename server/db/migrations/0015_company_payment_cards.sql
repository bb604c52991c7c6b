CREATE TABLE "company_payment_cards" (
	"bank_code" char(4) DEFAULT current_setting('app.bank_code')::bpchar NOT NULL,
	"company_id" integer NOT NULL,
	"card_token" varchar(255) NOT NULL,
	"card_brand" varchar(32) NOT NULL,
	"card_last4" char(4) NOT NULL,
	"card_expiry_month" smallint NOT NULL,
	"card_expiry_year" smallint NOT NULL,
	"card_holder_name" varchar(45) NOT NULL,
	"card_registered_by" integer NOT NULL,
	"card_registered_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_payment_cards_bank_code_company_id_pk" PRIMARY KEY("bank_code","company_id"),
	CONSTRAINT "company_payment_cards_last4_digits" CHECK ("company_payment_cards"."card_last4" ~ '^[0-9]{4}$'),
	CONSTRAINT "company_payment_cards_expiry_month" CHECK ("company_payment_cards"."card_expiry_month" between 1 and 12)
);
--> statement-breakpoint
ALTER TABLE "company_payment_cards" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "company_payment_cards" ADD CONSTRAINT "company_payment_cards_bank_code_company_id_companies_bank_code_company_id_fk" FOREIGN KEY ("bank_code","company_id") REFERENCES "public"."companies"("bank_code","company_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_payment_cards" ADD CONSTRAINT "company_payment_cards_bank_code_card_registered_by_users_bank_code_user_id_fk" FOREIGN KEY ("bank_code","card_registered_by") REFERENCES "public"."users"("bank_code","user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE POLICY "bank_isolation" ON "company_payment_cards" AS PERMISSIVE FOR ALL TO public USING ("company_payment_cards"."bank_code" = nullif(current_setting('app.bank_code', true), '')::bpchar) WITH CHECK ("company_payment_cards"."bank_code" = nullif(current_setting('app.bank_code', true), '')::bpchar);