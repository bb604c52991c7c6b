CREATE TABLE "feature_requests" (
	"bank_code" char(4) DEFAULT current_setting('app.bank_code')::bpchar NOT NULL,
	"feature_request_id" integer GENERATED ALWAYS AS IDENTITY (sequence name "feature_requests_feature_request_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"feature_request_body" text NOT NULL,
	"feature_request_sent_by" integer NOT NULL,
	"feature_request_sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "feature_requests_bank_code_feature_request_id_pk" PRIMARY KEY("bank_code","feature_request_id")
);
--> statement-breakpoint
ALTER TABLE "feature_requests" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "manuals" (
	"bank_code" char(4) DEFAULT current_setting('app.bank_code')::bpchar NOT NULL,
	"manual_page" varchar(40) NOT NULL,
	"manual_title" varchar(100) NOT NULL,
	"manual_body" text NOT NULL,
	"manual_updated_by" integer,
	"manual_updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "manuals_bank_code_manual_page_pk" PRIMARY KEY("bank_code","manual_page")
);
--> statement-breakpoint
ALTER TABLE "manuals" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "feature_requests" ADD CONSTRAINT "feature_requests_bank_code_feature_request_sent_by_users_bank_code_user_id_fk" FOREIGN KEY ("bank_code","feature_request_sent_by") REFERENCES "public"."users"("bank_code","user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "manuals" ADD CONSTRAINT "manuals_bank_code_manual_updated_by_users_bank_code_user_id_fk" FOREIGN KEY ("bank_code","manual_updated_by") REFERENCES "public"."users"("bank_code","user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "feature_requests_bank_code_feature_request_sent_at_index" ON "feature_requests" USING btree ("bank_code","feature_request_sent_at");--> statement-breakpoint
CREATE POLICY "bank_isolation" ON "feature_requests" AS PERMISSIVE FOR ALL TO public USING ("feature_requests"."bank_code" = current_setting('app.bank_code', true)::bpchar) WITH CHECK ("feature_requests"."bank_code" = current_setting('app.bank_code', true)::bpchar);--> statement-breakpoint
CREATE POLICY "bank_isolation" ON "manuals" AS PERMISSIVE FOR ALL TO public USING ("manuals"."bank_code" = current_setting('app.bank_code', true)::bpchar) WITH CHECK ("manuals"."bank_code" = current_setting('app.bank_code', true)::bpchar);