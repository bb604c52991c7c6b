CREATE TABLE "article_files" (
	"bank_code" char(4) DEFAULT current_setting('app.bank_code')::bpchar NOT NULL,
	"file_id" integer GENERATED ALWAYS AS IDENTITY (sequence name "article_files_file_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"file_unique_code" varchar(32) NOT NULL,
	"article_id" integer,
	"file_kind" varchar(20) NOT NULL,
	"file_name" varchar(255) NOT NULL,
	"file_content_type" varchar(100) NOT NULL,
	"file_size" integer NOT NULL,
	"file_storage_key" varchar(200) NOT NULL,
	"file_sort_order" smallint DEFAULT 0 NOT NULL,
	"uploaded_by_user_id" integer,
	"file_created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "article_files_bank_code_file_id_pk" PRIMARY KEY("bank_code","file_id"),
	CONSTRAINT "article_files_kind_known" CHECK ("article_files"."file_kind" in ('attachment', 'image'))
);
--> statement-breakpoint
ALTER TABLE "article_files" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "article_reads" (
	"bank_code" char(4) DEFAULT current_setting('app.bank_code')::bpchar NOT NULL,
	"user_id" integer NOT NULL,
	"article_id" integer NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "article_reads_bank_code_user_id_article_id_pk" PRIMARY KEY("bank_code","user_id","article_id")
);
--> statement-breakpoint
ALTER TABLE "article_reads" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "articles" (
	"bank_code" char(4) DEFAULT current_setting('app.bank_code')::bpchar NOT NULL,
	"article_id" integer GENERATED ALWAYS AS IDENTITY (sequence name "articles_article_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"article_kind" varchar(20) NOT NULL,
	"article_title" varchar(100) NOT NULL,
	"article_body" text NOT NULL,
	"category_code" varchar(40),
	"article_visibility" smallint NOT NULL,
	"article_publish_start" date NOT NULL,
	"article_publish_end" date,
	"article_target" varchar(20) DEFAULT 'all' NOT NULL,
	"article_is_own_bank" boolean DEFAULT true NOT NULL,
	"article_provider_name" varchar(100),
	"pi_status" varchar(20),
	"seminar_held_at" timestamp with time zone,
	"seminar_place" varchar(200),
	"seminar_capacity" integer,
	"seminar_applied_count" integer DEFAULT 0 NOT NULL,
	"seminar_apply_deadline" date,
	"seminar_is_cancelled" boolean DEFAULT false NOT NULL,
	"author_user_id" integer,
	"article_created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"article_updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "articles_bank_code_article_id_pk" PRIMARY KEY("bank_code","article_id"),
	CONSTRAINT "articles_kind_known" CHECK ("articles"."article_kind" in ('news', 'column', 'seminar', 'partner_information')),
	CONSTRAINT "articles_target_known" CHECK ("articles"."article_target" in ('all', 'partner', 'non_partner')),
	CONSTRAINT "articles_visibility_known" CHECK ("articles"."article_visibility" in (0, 1)),
	CONSTRAINT "articles_pi_status_known" CHECK (("articles"."article_kind" = 'partner_information') = ("articles"."pi_status" is not null) and ("articles"."pi_status" is null or "articles"."pi_status" in ('REVIEWING', 'BEFORE_PUBLISHING', 'PUBLISHING', 'AFTER_PUBLISHING', 'DISAPPROVAL', 'CANCELLED'))),
	CONSTRAINT "articles_seminar_complete" CHECK (("articles"."article_kind" = 'seminar') = ("articles"."seminar_held_at" is not null and "articles"."seminar_place" is not null and "articles"."seminar_capacity" is not null and "articles"."seminar_apply_deadline" is not null)),
	CONSTRAINT "articles_seminar_within_capacity" CHECK ("articles"."seminar_applied_count" >= 0 and ("articles"."seminar_capacity" is null or "articles"."seminar_applied_count" <= "articles"."seminar_capacity")),
	CONSTRAINT "articles_period_ordered" CHECK ("articles"."article_publish_end" is null or "articles"."article_publish_end" >= "articles"."article_publish_start")
);
--> statement-breakpoint
ALTER TABLE "articles" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "partner_banks" (
	"bank_code" char(4) DEFAULT current_setting('app.bank_code')::bpchar NOT NULL,
	"babank_id" integer GENERATED ALWAYS AS IDENTITY (sequence name "partner_banks_babank_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"babank_code" char(4) NOT NULL,
	"babank_name" varchar(100) NOT NULL,
	"babank_description" varchar(1000),
	"babank_url" varchar(2048),
	"babank_sort_order" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "partner_banks_bank_code_babank_id_pk" PRIMARY KEY("bank_code","babank_id")
);
--> statement-breakpoint
ALTER TABLE "partner_banks" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "seminar_applications" (
	"bank_code" char(4) DEFAULT current_setting('app.bank_code')::bpchar NOT NULL,
	"article_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"applied_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "seminar_applications_bank_code_article_id_user_id_pk" PRIMARY KEY("bank_code","article_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "seminar_applications" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "article_files" ADD CONSTRAINT "article_files_bank_code_article_id_articles_bank_code_article_id_fk" FOREIGN KEY ("bank_code","article_id") REFERENCES "public"."articles"("bank_code","article_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "article_reads" ADD CONSTRAINT "article_reads_bank_code_user_id_users_bank_code_user_id_fk" FOREIGN KEY ("bank_code","user_id") REFERENCES "public"."users"("bank_code","user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "article_reads" ADD CONSTRAINT "article_reads_bank_code_article_id_articles_bank_code_article_id_fk" FOREIGN KEY ("bank_code","article_id") REFERENCES "public"."articles"("bank_code","article_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "articles" ADD CONSTRAINT "articles_category_code_news_categories_code_fk" FOREIGN KEY ("category_code") REFERENCES "public"."news_categories"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "articles" ADD CONSTRAINT "articles_bank_code_author_user_id_users_bank_code_user_id_fk" FOREIGN KEY ("bank_code","author_user_id") REFERENCES "public"."users"("bank_code","user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seminar_applications" ADD CONSTRAINT "seminar_applications_bank_code_article_id_articles_bank_code_article_id_fk" FOREIGN KEY ("bank_code","article_id") REFERENCES "public"."articles"("bank_code","article_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seminar_applications" ADD CONSTRAINT "seminar_applications_bank_code_user_id_users_bank_code_user_id_fk" FOREIGN KEY ("bank_code","user_id") REFERENCES "public"."users"("bank_code","user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seminar_applications" ADD CONSTRAINT "seminar_applications_bank_code_company_id_companies_bank_code_company_id_fk" FOREIGN KEY ("bank_code","company_id") REFERENCES "public"."companies"("bank_code","company_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "article_files_bank_code_file_unique_code_index" ON "article_files" USING btree ("bank_code","file_unique_code");--> statement-breakpoint
CREATE INDEX "article_files_bank_code_article_id_index" ON "article_files" USING btree ("bank_code","article_id");--> statement-breakpoint
CREATE INDEX "article_reads_bank_code_article_id_index" ON "article_reads" USING btree ("bank_code","article_id");--> statement-breakpoint
CREATE INDEX "articles_published_index" ON "articles" USING btree ("bank_code","article_kind","article_visibility","article_publish_start" DESC NULLS LAST,"article_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "articles_staff_list_index" ON "articles" USING btree ("bank_code","article_kind","article_updated_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "articles_seminar_index" ON "articles" USING btree ("bank_code","seminar_held_at") WHERE "articles"."article_kind" = 'seminar';--> statement-breakpoint
CREATE UNIQUE INDEX "partner_banks_bank_code_babank_code_index" ON "partner_banks" USING btree ("bank_code","babank_code");--> statement-breakpoint
CREATE INDEX "seminar_applications_bank_code_user_id_index" ON "seminar_applications" USING btree ("bank_code","user_id");--> statement-breakpoint
CREATE POLICY "bank_isolation" ON "article_files" AS PERMISSIVE FOR ALL TO public USING ("article_files"."bank_code" = current_setting('app.bank_code', true)::bpchar) WITH CHECK ("article_files"."bank_code" = current_setting('app.bank_code', true)::bpchar);--> statement-breakpoint
CREATE POLICY "bank_isolation" ON "article_reads" AS PERMISSIVE FOR ALL TO public USING ("article_reads"."bank_code" = current_setting('app.bank_code', true)::bpchar) WITH CHECK ("article_reads"."bank_code" = current_setting('app.bank_code', true)::bpchar);--> statement-breakpoint
CREATE POLICY "bank_isolation" ON "articles" AS PERMISSIVE FOR ALL TO public USING ("articles"."bank_code" = current_setting('app.bank_code', true)::bpchar) WITH CHECK ("articles"."bank_code" = current_setting('app.bank_code', true)::bpchar);--> statement-breakpoint
CREATE POLICY "bank_isolation" ON "partner_banks" AS PERMISSIVE FOR ALL TO public USING ("partner_banks"."bank_code" = current_setting('app.bank_code', true)::bpchar) WITH CHECK ("partner_banks"."bank_code" = current_setting('app.bank_code', true)::bpchar);--> statement-breakpoint
CREATE POLICY "bank_isolation" ON "seminar_applications" AS PERMISSIVE FOR ALL TO public USING ("seminar_applications"."bank_code" = current_setting('app.bank_code', true)::bpchar) WITH CHECK ("seminar_applications"."bank_code" = current_setting('app.bank_code', true)::bpchar);