CREATE TABLE "bank_branches" (
	"bank_code" char(4) DEFAULT current_setting('app.bank_code')::bpchar NOT NULL,
	"bb_id" integer GENERATED ALWAYS AS IDENTITY (sequence name "bank_branches_bb_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"bb_code" char(3) NOT NULL,
	"bb_unique_code" varchar(32) NOT NULL,
	"bb_name" varchar(60) NOT NULL,
	"bb_name_kana" varchar(120) NOT NULL,
	"bb_prefecture_code" char(2),
	"bb_address" varchar(200),
	"bb_tel" varchar(20),
	"bb_sort_order" smallint DEFAULT 0 NOT NULL,
	"bb_is_closed" boolean DEFAULT false NOT NULL,
	"bb_created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"bb_updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bank_branches_bank_code_bb_id_pk" PRIMARY KEY("bank_code","bb_id")
);
--> statement-breakpoint
ALTER TABLE "bank_branches" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "companies" (
	"bank_code" char(4) DEFAULT current_setting('app.bank_code')::bpchar NOT NULL,
	"company_id" integer GENERATED ALWAYS AS IDENTITY (sequence name "companies_company_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_unique_code" varchar(32) NOT NULL,
	"company_corporate_number" char(13),
	"company_name" varchar(100) NOT NULL,
	"company_name_kana" varchar(200) NOT NULL,
	"company_type" varchar(40) NOT NULL,
	"company_enable_ba" boolean DEFAULT false NOT NULL,
	"company_enable_baportal" boolean DEFAULT false NOT NULL,
	"company_is_disabled" boolean DEFAULT false NOT NULL,
	"company_is_unsubscribed" boolean DEFAULT false NOT NULL,
	"company_unsubscribe_requested_at" timestamp with time zone,
	"company_logo_file_unique_code" varchar(64),
	"company_tel" varchar(20),
	"company_post_code" char(8),
	"company_prefecture_code" char(2),
	"company_address1" varchar(100),
	"company_address2" varchar(100),
	"company_address3" varchar(100),
	"bb_id" integer,
	"company_industry_major_code" char(1),
	"company_industry_middle_code" char(2),
	"company_representative_name" varchar(60),
	"company_established_on" date,
	"company_account_closing_month" smallint,
	"company_employee_count" integer,
	"company_website_url" varchar(2048),
	"company_created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"company_updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "companies_bank_code_company_id_pk" PRIMARY KEY("bank_code","company_id")
);
--> statement-breakpoint
ALTER TABLE "companies" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "activity_types" (
	"code" varchar(40) PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"sort_order" smallint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analyse_actions" (
	"code" varchar(40) PRIMARY KEY NOT NULL,
	"category" varchar(40) NOT NULL,
	"name" varchar(60) NOT NULL,
	"sort_order" smallint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "charge_statuses" (
	"code" varchar(40) PRIMARY KEY NOT NULL,
	"name" varchar(40) NOT NULL,
	"color" char(7) NOT NULL,
	"is_closed" boolean NOT NULL,
	"sort_order" smallint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_room_types" (
	"code" varchar(40) PRIMARY KEY NOT NULL,
	"name" varchar(40) NOT NULL,
	"is_hidden" boolean NOT NULL,
	"requires_approval" boolean NOT NULL,
	"is_builtin" boolean NOT NULL,
	"sort_order" smallint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "company_register_reasons" (
	"code" varchar(40) PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"sort_order" smallint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "company_register_statuses" (
	"code" varchar(40) PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"sort_order" smallint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "company_statuses" (
	"code" varchar(40) PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"sort_order" smallint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "company_types" (
	"code" varchar(40) PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"sort_order" smallint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cso_categories" (
	"code" varchar(40) PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"sort_order" smallint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cso_publish_statuses" (
	"code" varchar(40) PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"sort_order" smallint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cso_statuses" (
	"code" varchar(40) PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"sort_order" smallint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cmh_request_types" (
	"code" varchar(40) PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"sort_order" smallint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cmh_statuses" (
	"code" varchar(40) PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"sort_order" smallint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "document_categories" (
	"code" varchar(40) PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"sort_order" smallint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "event_codes" (
	"code" varchar(40) PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"sort_order" smallint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "industry_major_classes" (
	"code" char(1) PRIMARY KEY NOT NULL,
	"name" varchar(60) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "industry_middle_classes" (
	"code" char(2) PRIMARY KEY NOT NULL,
	"major_code" char(1) NOT NULL,
	"name" varchar(60) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "company_innovation_history_statuses" (
	"code" varchar(40) PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"sort_order" smallint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "interesting_features" (
	"code" varchar(40) PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"sort_order" smallint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "news_categories" (
	"code" varchar(40) PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"sort_order" smallint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "partner_information_statuses" (
	"code" varchar(40) PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"sort_order" smallint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "permissions" (
	"code" varchar(60) PRIMARY KEY NOT NULL,
	"name" varchar(60) NOT NULL,
	"user_group" varchar(10) NOT NULL,
	"sort_order" smallint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "prefectures" (
	"code" char(2) PRIMARY KEY NOT NULL,
	"name" varchar(10) NOT NULL,
	"name_kana" varchar(20) NOT NULL,
	"region" varchar(10) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "seminar_statuses" (
	"code" varchar(40) PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"sort_order" smallint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subsidy_classes" (
	"code" varchar(40) PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"sort_order" smallint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "unsubscribe_reasons" (
	"code" varchar(40) PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"sort_order" smallint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_types" (
	"code" varchar(40) PRIMARY KEY NOT NULL,
	"name" varchar(40) NOT NULL,
	"user_group" varchar(10) NOT NULL,
	"sort_order" smallint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "login_id_managements" (
	"bank_code" char(4) DEFAULT current_setting('app.bank_code')::bpchar NOT NULL,
	"lim_id" integer GENERATED ALWAYS AS IDENTITY (sequence name "login_id_managements_lim_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"managed_user_id" integer NOT NULL,
	"lim_created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "login_id_managements_bank_code_lim_id_pk" PRIMARY KEY("bank_code","lim_id"),
	CONSTRAINT "login_id_managements_not_self" CHECK ("login_id_managements"."user_id" <> "login_id_managements"."managed_user_id")
);
--> statement-breakpoint
ALTER TABLE "login_id_managements" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "user_branches" (
	"bank_code" char(4) DEFAULT current_setting('app.bank_code')::bpchar NOT NULL,
	"user_id" integer NOT NULL,
	"bb_id" integer NOT NULL,
	CONSTRAINT "user_branches_bank_code_user_id_bb_id_pk" PRIMARY KEY("bank_code","user_id","bb_id")
);
--> statement-breakpoint
ALTER TABLE "user_branches" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "user_type_permissions" (
	"bank_code" char(4) DEFAULT current_setting('app.bank_code')::bpchar NOT NULL,
	"user_type" varchar(40) NOT NULL,
	"permission" varchar(60) NOT NULL,
	CONSTRAINT "user_type_permissions_bank_code_user_type_permission_pk" PRIMARY KEY("bank_code","user_type","permission")
);
--> statement-breakpoint
ALTER TABLE "user_type_permissions" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "users" (
	"bank_code" char(4) DEFAULT current_setting('app.bank_code')::bpchar NOT NULL,
	"user_id" integer GENERATED ALWAYS AS IDENTITY (sequence name "users_user_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer,
	"user_unique_code" varchar(32) NOT NULL,
	"user_login_id" varchar(64) NOT NULL,
	"user_last_name" varchar(30) NOT NULL,
	"user_first_name" varchar(30) NOT NULL,
	"user_last_name_kana" varchar(60) NOT NULL,
	"user_first_name_kana" varchar(60) NOT NULL,
	"user_email" varchar(254) NOT NULL,
	"user_alternate_email" varchar(254),
	"user_tel" varchar(20),
	"user_role" varchar(40),
	"user_type" varchar(40) NOT NULL,
	"user_is_super_user" boolean DEFAULT false NOT NULL,
	"user_is_disabled" boolean DEFAULT false NOT NULL,
	"user_profile_picture_file_unique_code" varchar(64),
	"user_provider" varchar(40) DEFAULT 'bamidp' NOT NULL,
	"user_restricts_companies_under_my_branch" boolean DEFAULT false NOT NULL,
	"user_password_hash" text,
	"user_created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"user_updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_bank_code_user_id_pk" PRIMARY KEY("bank_code","user_id"),
	CONSTRAINT "users_company_matches_user_type" CHECK (("users"."user_type" in ('system_admin', 'bank_admin', 'branch_admin', 'branch_user')) = ("users"."company_id" is null))
);
--> statement-breakpoint
ALTER TABLE "users" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "bank_branches" ADD CONSTRAINT "bank_branches_bb_prefecture_code_prefectures_code_fk" FOREIGN KEY ("bb_prefecture_code") REFERENCES "public"."prefectures"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_company_type_company_types_code_fk" FOREIGN KEY ("company_type") REFERENCES "public"."company_types"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_company_prefecture_code_prefectures_code_fk" FOREIGN KEY ("company_prefecture_code") REFERENCES "public"."prefectures"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_company_industry_major_code_industry_major_classes_code_fk" FOREIGN KEY ("company_industry_major_code") REFERENCES "public"."industry_major_classes"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_company_industry_middle_code_industry_middle_classes_code_fk" FOREIGN KEY ("company_industry_middle_code") REFERENCES "public"."industry_middle_classes"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_bank_code_bb_id_bank_branches_bank_code_bb_id_fk" FOREIGN KEY ("bank_code","bb_id") REFERENCES "public"."bank_branches"("bank_code","bb_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "industry_middle_classes" ADD CONSTRAINT "industry_middle_classes_major_code_industry_major_classes_code_fk" FOREIGN KEY ("major_code") REFERENCES "public"."industry_major_classes"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "login_id_managements" ADD CONSTRAINT "login_id_managements_bank_code_user_id_users_bank_code_user_id_fk" FOREIGN KEY ("bank_code","user_id") REFERENCES "public"."users"("bank_code","user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "login_id_managements" ADD CONSTRAINT "login_id_managements_bank_code_managed_user_id_users_bank_code_user_id_fk" FOREIGN KEY ("bank_code","managed_user_id") REFERENCES "public"."users"("bank_code","user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_branches" ADD CONSTRAINT "user_branches_bank_code_user_id_users_bank_code_user_id_fk" FOREIGN KEY ("bank_code","user_id") REFERENCES "public"."users"("bank_code","user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_branches" ADD CONSTRAINT "user_branches_bank_code_bb_id_bank_branches_bank_code_bb_id_fk" FOREIGN KEY ("bank_code","bb_id") REFERENCES "public"."bank_branches"("bank_code","bb_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_type_permissions" ADD CONSTRAINT "user_type_permissions_user_type_user_types_code_fk" FOREIGN KEY ("user_type") REFERENCES "public"."user_types"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_type_permissions" ADD CONSTRAINT "user_type_permissions_permission_permissions_code_fk" FOREIGN KEY ("permission") REFERENCES "public"."permissions"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_user_type_user_types_code_fk" FOREIGN KEY ("user_type") REFERENCES "public"."user_types"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_bank_code_company_id_companies_bank_code_company_id_fk" FOREIGN KEY ("bank_code","company_id") REFERENCES "public"."companies"("bank_code","company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bank_branches_bank_code_bb_code_index" ON "bank_branches" USING btree ("bank_code","bb_code");--> statement-breakpoint
CREATE UNIQUE INDEX "bank_branches_bank_code_bb_unique_code_index" ON "bank_branches" USING btree ("bank_code","bb_unique_code");--> statement-breakpoint
CREATE UNIQUE INDEX "companies_bank_code_company_unique_code_index" ON "companies" USING btree ("bank_code","company_unique_code");--> statement-breakpoint
CREATE INDEX "companies_bank_code_bb_id_index" ON "companies" USING btree ("bank_code","bb_id");--> statement-breakpoint
CREATE INDEX "companies_bank_code_company_type_index" ON "companies" USING btree ("bank_code","company_type");--> statement-breakpoint
CREATE INDEX "companies_bank_code_company_corporate_number_index" ON "companies" USING btree ("bank_code","company_corporate_number");--> statement-breakpoint
CREATE INDEX "analyse_actions_category_sort_order_index" ON "analyse_actions" USING btree ("category","sort_order");--> statement-breakpoint
CREATE INDEX "industry_middle_classes_major_code_index" ON "industry_middle_classes" USING btree ("major_code");--> statement-breakpoint
CREATE UNIQUE INDEX "login_id_managements_bank_code_user_id_managed_user_id_index" ON "login_id_managements" USING btree ("bank_code","user_id","managed_user_id");--> statement-breakpoint
CREATE INDEX "login_id_managements_bank_code_managed_user_id_index" ON "login_id_managements" USING btree ("bank_code","managed_user_id");--> statement-breakpoint
CREATE INDEX "user_branches_bank_code_bb_id_index" ON "user_branches" USING btree ("bank_code","bb_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_bank_code_user_login_id_index" ON "users" USING btree ("bank_code","user_login_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_bank_code_user_unique_code_index" ON "users" USING btree ("bank_code","user_unique_code");--> statement-breakpoint
CREATE INDEX "users_bank_code_company_id_index" ON "users" USING btree ("bank_code","company_id");--> statement-breakpoint
CREATE POLICY "bank_isolation" ON "bank_branches" AS PERMISSIVE FOR ALL TO public USING ("bank_branches"."bank_code" = current_setting('app.bank_code', true)::bpchar) WITH CHECK ("bank_branches"."bank_code" = current_setting('app.bank_code', true)::bpchar);--> statement-breakpoint
CREATE POLICY "bank_isolation" ON "companies" AS PERMISSIVE FOR ALL TO public USING ("companies"."bank_code" = current_setting('app.bank_code', true)::bpchar) WITH CHECK ("companies"."bank_code" = current_setting('app.bank_code', true)::bpchar);--> statement-breakpoint
CREATE POLICY "bank_isolation" ON "login_id_managements" AS PERMISSIVE FOR ALL TO public USING ("login_id_managements"."bank_code" = current_setting('app.bank_code', true)::bpchar) WITH CHECK ("login_id_managements"."bank_code" = current_setting('app.bank_code', true)::bpchar);--> statement-breakpoint
CREATE POLICY "bank_isolation" ON "user_branches" AS PERMISSIVE FOR ALL TO public USING ("user_branches"."bank_code" = current_setting('app.bank_code', true)::bpchar) WITH CHECK ("user_branches"."bank_code" = current_setting('app.bank_code', true)::bpchar);--> statement-breakpoint
CREATE POLICY "bank_isolation" ON "user_type_permissions" AS PERMISSIVE FOR ALL TO public USING ("user_type_permissions"."bank_code" = current_setting('app.bank_code', true)::bpchar) WITH CHECK ("user_type_permissions"."bank_code" = current_setting('app.bank_code', true)::bpchar);--> statement-breakpoint
CREATE POLICY "bank_isolation" ON "users" AS PERMISSIVE FOR ALL TO public USING ("users"."bank_code" = current_setting('app.bank_code', true)::bpchar) WITH CHECK ("users"."bank_code" = current_setting('app.bank_code', true)::bpchar);