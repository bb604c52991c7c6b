CREATE TABLE "chat_remark_templates" (
	"bank_code" char(4) DEFAULT current_setting('app.bank_code')::bpchar NOT NULL,
	"template_id" integer GENERATED ALWAYS AS IDENTITY (sequence name "chat_remark_templates_template_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"template_unique_code" varchar(32) NOT NULL,
	"company_id" integer NOT NULL,
	"template_title" varchar(50) NOT NULL,
	"template_body" text NOT NULL,
	"template_sort_order" smallint DEFAULT 0 NOT NULL,
	"template_updated_by" integer NOT NULL,
	"template_created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"template_updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_remark_templates_bank_code_template_id_pk" PRIMARY KEY("bank_code","template_id")
);
--> statement-breakpoint
ALTER TABLE "chat_remark_templates" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "company_websites" (
	"bank_code" char(4) DEFAULT current_setting('app.bank_code')::bpchar NOT NULL,
	"company_id" integer NOT NULL,
	"website_title" varchar(100) DEFAULT '' NOT NULL,
	"website_about_html" text DEFAULT '' NOT NULL,
	"website_products_html" text DEFAULT '' NOT NULL,
	"website_recruitment_html" text DEFAULT '' NOT NULL,
	"website_photo_file_codes" varchar(64)[] DEFAULT '{}' NOT NULL,
	"website_is_published" boolean DEFAULT false NOT NULL,
	"website_recruitment_is_published" boolean DEFAULT false NOT NULL,
	"website_published_at" timestamp with time zone,
	"website_updated_by" integer NOT NULL,
	"website_updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_websites_bank_code_company_id_pk" PRIMARY KEY("bank_code","company_id")
);
--> statement-breakpoint
ALTER TABLE "company_websites" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "need_notice_settings" (
	"bank_code" char(4) DEFAULT current_setting('app.bank_code')::bpchar NOT NULL,
	"company_id" integer NOT NULL,
	"notice_is_enabled" boolean DEFAULT false NOT NULL,
	"notice_categories" varchar(20)[] DEFAULT '{}' NOT NULL,
	"notice_industry_codes" char(2)[] DEFAULT '{}' NOT NULL,
	"notice_area_codes" char(2)[] DEFAULT '{}' NOT NULL,
	"notice_by_mail" boolean DEFAULT true NOT NULL,
	"notice_in_portal" boolean DEFAULT true NOT NULL,
	"notice_updated_by" integer NOT NULL,
	"notice_updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "need_notice_settings_bank_code_company_id_pk" PRIMARY KEY("bank_code","company_id")
);
--> statement-breakpoint
ALTER TABLE "need_notice_settings" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "service_offers" (
	"bank_code" char(4) DEFAULT current_setting('app.bank_code')::bpchar NOT NULL,
	"cso_id" integer GENERATED ALWAYS AS IDENTITY (sequence name "service_offers_cso_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cso_unique_code" varchar(32) NOT NULL,
	"company_id" integer NOT NULL,
	"cso_title" varchar(100) NOT NULL,
	"cso_body" text NOT NULL,
	"cso_category" varchar(40) NOT NULL,
	"cso_status" varchar(40) DEFAULT 'REVIEWING' NOT NULL,
	"cso_benefit" varchar(100) NOT NULL,
	"cso_target" varchar(100) NOT NULL,
	"cso_publish_start" date NOT NULL,
	"cso_publish_end" date,
	"cso_image_file_unique_code" varchar(64),
	"cso_review_note" varchar(500),
	"cso_reviewed_by" integer,
	"cso_reviewed_at" timestamp with time zone,
	"cso_updated_by" integer NOT NULL,
	"cso_created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cso_updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "service_offers_bank_code_cso_id_pk" PRIMARY KEY("bank_code","cso_id"),
	CONSTRAINT "service_offers_period_ordered" CHECK ("service_offers"."cso_publish_end" is null or "service_offers"."cso_publish_end" >= "service_offers"."cso_publish_start")
);
--> statement-breakpoint
ALTER TABLE "service_offers" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "user_identity_links" (
	"bank_code" char(4) DEFAULT current_setting('app.bank_code')::bpchar NOT NULL,
	"user_id" integer NOT NULL,
	"link_provider" varchar(40) NOT NULL,
	"link_subject" varchar(255) NOT NULL,
	"link_created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"link_last_login_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_identity_links_bank_code_user_id_link_provider_pk" PRIMARY KEY("bank_code","user_id","link_provider")
);
--> statement-breakpoint
ALTER TABLE "user_identity_links" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "article_company_id" integer;--> statement-breakpoint
ALTER TABLE "chat_remark_templates" ADD CONSTRAINT "chat_remark_templates_bank_code_company_id_companies_bank_code_company_id_fk" FOREIGN KEY ("bank_code","company_id") REFERENCES "public"."companies"("bank_code","company_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_remark_templates" ADD CONSTRAINT "chat_remark_templates_bank_code_template_updated_by_users_bank_code_user_id_fk" FOREIGN KEY ("bank_code","template_updated_by") REFERENCES "public"."users"("bank_code","user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_websites" ADD CONSTRAINT "company_websites_bank_code_company_id_companies_bank_code_company_id_fk" FOREIGN KEY ("bank_code","company_id") REFERENCES "public"."companies"("bank_code","company_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_websites" ADD CONSTRAINT "company_websites_bank_code_website_updated_by_users_bank_code_user_id_fk" FOREIGN KEY ("bank_code","website_updated_by") REFERENCES "public"."users"("bank_code","user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "need_notice_settings" ADD CONSTRAINT "need_notice_settings_bank_code_company_id_companies_bank_code_company_id_fk" FOREIGN KEY ("bank_code","company_id") REFERENCES "public"."companies"("bank_code","company_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "need_notice_settings" ADD CONSTRAINT "need_notice_settings_bank_code_notice_updated_by_users_bank_code_user_id_fk" FOREIGN KEY ("bank_code","notice_updated_by") REFERENCES "public"."users"("bank_code","user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_offers" ADD CONSTRAINT "service_offers_cso_category_cso_categories_code_fk" FOREIGN KEY ("cso_category") REFERENCES "public"."cso_categories"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_offers" ADD CONSTRAINT "service_offers_cso_status_cso_statuses_code_fk" FOREIGN KEY ("cso_status") REFERENCES "public"."cso_statuses"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_offers" ADD CONSTRAINT "service_offers_bank_code_company_id_companies_bank_code_company_id_fk" FOREIGN KEY ("bank_code","company_id") REFERENCES "public"."companies"("bank_code","company_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_offers" ADD CONSTRAINT "service_offers_bank_code_cso_updated_by_users_bank_code_user_id_fk" FOREIGN KEY ("bank_code","cso_updated_by") REFERENCES "public"."users"("bank_code","user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_offers" ADD CONSTRAINT "service_offers_bank_code_cso_reviewed_by_users_bank_code_user_id_fk" FOREIGN KEY ("bank_code","cso_reviewed_by") REFERENCES "public"."users"("bank_code","user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_identity_links" ADD CONSTRAINT "user_identity_links_bank_code_user_id_users_bank_code_user_id_fk" FOREIGN KEY ("bank_code","user_id") REFERENCES "public"."users"("bank_code","user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "chat_remark_templates_bank_code_template_unique_code_index" ON "chat_remark_templates" USING btree ("bank_code","template_unique_code");--> statement-breakpoint
CREATE INDEX "chat_remark_templates_bank_code_company_id_template_sort_order_index" ON "chat_remark_templates" USING btree ("bank_code","company_id","template_sort_order");--> statement-breakpoint
CREATE UNIQUE INDEX "service_offers_bank_code_cso_unique_code_index" ON "service_offers" USING btree ("bank_code","cso_unique_code");--> statement-breakpoint
CREATE INDEX "service_offers_bank_code_company_id_index" ON "service_offers" USING btree ("bank_code","company_id");--> statement-breakpoint
CREATE INDEX "service_offers_bank_code_cso_status_cso_publish_start_index" ON "service_offers" USING btree ("bank_code","cso_status","cso_publish_start" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "user_identity_links_bank_code_link_provider_link_subject_index" ON "user_identity_links" USING btree ("bank_code","link_provider","link_subject");--> statement-breakpoint
ALTER TABLE "articles" ADD CONSTRAINT "articles_bank_code_article_company_id_companies_bank_code_company_id_fk" FOREIGN KEY ("bank_code","article_company_id") REFERENCES "public"."companies"("bank_code","company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "articles_company_index" ON "articles" USING btree ("bank_code","article_company_id") WHERE "articles"."article_company_id" is not null;--> statement-breakpoint
CREATE POLICY "bank_isolation" ON "chat_remark_templates" AS PERMISSIVE FOR ALL TO public USING ("chat_remark_templates"."bank_code" = nullif(current_setting('app.bank_code', true), '')::bpchar) WITH CHECK ("chat_remark_templates"."bank_code" = nullif(current_setting('app.bank_code', true), '')::bpchar);--> statement-breakpoint
CREATE POLICY "bank_isolation" ON "company_websites" AS PERMISSIVE FOR ALL TO public USING ("company_websites"."bank_code" = nullif(current_setting('app.bank_code', true), '')::bpchar) WITH CHECK ("company_websites"."bank_code" = nullif(current_setting('app.bank_code', true), '')::bpchar);--> statement-breakpoint
CREATE POLICY "bank_isolation" ON "need_notice_settings" AS PERMISSIVE FOR ALL TO public USING ("need_notice_settings"."bank_code" = nullif(current_setting('app.bank_code', true), '')::bpchar) WITH CHECK ("need_notice_settings"."bank_code" = nullif(current_setting('app.bank_code', true), '')::bpchar);--> statement-breakpoint
CREATE POLICY "bank_isolation" ON "service_offers" AS PERMISSIVE FOR ALL TO public USING ("service_offers"."bank_code" = nullif(current_setting('app.bank_code', true), '')::bpchar) WITH CHECK ("service_offers"."bank_code" = nullif(current_setting('app.bank_code', true), '')::bpchar);--> statement-breakpoint
CREATE POLICY "bank_isolation" ON "user_identity_links" AS PERMISSIVE FOR ALL TO public USING ("user_identity_links"."bank_code" = nullif(current_setting('app.bank_code', true), '')::bpchar) WITH CHECK ("user_identity_links"."bank_code" = nullif(current_setting('app.bank_code', true), '')::bpchar);