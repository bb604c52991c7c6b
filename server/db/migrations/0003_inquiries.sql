CREATE TABLE "inquiries" (
	"bank_code" char(4) DEFAULT current_setting('app.bank_code')::bpchar NOT NULL,
	"inquiry_id" integer GENERATED ALWAYS AS IDENTITY (sequence name "inquiries_inquiry_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"inquiry_unique_code" varchar(32) NOT NULL,
	"inquiry_category" varchar(40) NOT NULL,
	"inquiry_company_name" varchar(100) NOT NULL,
	"inquiry_name" varchar(60) NOT NULL,
	"inquiry_name_kana" varchar(120) NOT NULL,
	"inquiry_email" varchar(254) NOT NULL,
	"inquiry_tel" varchar(20),
	"inquiry_body" text NOT NULL,
	"inquiry_status" varchar(20) DEFAULT 'CREATED' NOT NULL,
	"inquiry_created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"inquiry_updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inquiries_bank_code_inquiry_id_pk" PRIMARY KEY("bank_code","inquiry_id"),
	CONSTRAINT "inquiries_status_known" CHECK ("inquiries"."inquiry_status" in ('CREATED', 'PROGRESS', 'CLOSED')),
	CONSTRAINT "inquiries_category_known" CHECK ("inquiries"."inquiry_category" in ('portal_service', 'registration', 'login', 'business_matching', 'consultation', 'other')),
	CONSTRAINT "inquiries_body_length" CHECK (char_length("inquiries"."inquiry_body") <= 2000)
);
--> statement-breakpoint
ALTER TABLE "inquiries" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE UNIQUE INDEX "inquiries_bank_code_inquiry_unique_code_index" ON "inquiries" USING btree ("bank_code","inquiry_unique_code");--> statement-breakpoint
CREATE INDEX "inquiries_bank_code_inquiry_status_inquiry_created_at_index" ON "inquiries" USING btree ("bank_code","inquiry_status","inquiry_created_at");--> statement-breakpoint
CREATE POLICY "bank_isolation" ON "inquiries" AS PERMISSIVE FOR ALL TO public USING ("inquiries"."bank_code" = current_setting('app.bank_code', true)::bpchar) WITH CHECK ("inquiries"."bank_code" = current_setting('app.bank_code', true)::bpchar);