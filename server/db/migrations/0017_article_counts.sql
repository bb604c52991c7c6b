CREATE TABLE "article_counts" (
	"bank_code" char(4) DEFAULT current_setting('app.bank_code')::bpchar NOT NULL,
	"user_id" integer NOT NULL,
	"list_key" varchar(100) NOT NULL,
	"day" date NOT NULL,
	"article_revision" integer NOT NULL,
	"read_revision" integer NOT NULL,
	"article_count" integer NOT NULL,
	CONSTRAINT "article_counts_bank_code_user_id_list_key_pk" PRIMARY KEY("bank_code","user_id","list_key")
);
--> statement-breakpoint
ALTER TABLE "article_counts" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "article_read_revisions" (
	"bank_code" char(4) DEFAULT current_setting('app.bank_code')::bpchar NOT NULL,
	"user_id" integer NOT NULL,
	"revision" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "article_read_revisions_bank_code_user_id_pk" PRIMARY KEY("bank_code","user_id")
);
--> statement-breakpoint
ALTER TABLE "article_read_revisions" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "article_revisions" (
	"bank_code" char(4) DEFAULT current_setting('app.bank_code')::bpchar NOT NULL,
	"revision" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "article_revisions_bank_code_pk" PRIMARY KEY("bank_code")
);
--> statement-breakpoint
ALTER TABLE "article_revisions" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "article_read_revisions" ADD CONSTRAINT "article_read_revisions_bank_code_user_id_users_bank_code_user_id_fk" FOREIGN KEY ("bank_code","user_id") REFERENCES "public"."users"("bank_code","user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE POLICY "bank_isolation" ON "article_counts" AS PERMISSIVE FOR ALL TO public USING ("article_counts"."bank_code" = nullif(current_setting('app.bank_code', true), '')::bpchar) WITH CHECK ("article_counts"."bank_code" = nullif(current_setting('app.bank_code', true), '')::bpchar);--> statement-breakpoint
CREATE POLICY "bank_isolation" ON "article_read_revisions" AS PERMISSIVE FOR ALL TO public USING ("article_read_revisions"."bank_code" = nullif(current_setting('app.bank_code', true), '')::bpchar) WITH CHECK ("article_read_revisions"."bank_code" = nullif(current_setting('app.bank_code', true), '')::bpchar);--> statement-breakpoint
CREATE POLICY "bank_isolation" ON "article_revisions" AS PERMISSIVE FOR ALL TO public USING ("article_revisions"."bank_code" = nullif(current_setting('app.bank_code', true), '')::bpchar) WITH CHECK ("article_revisions"."bank_code" = nullif(current_setting('app.bank_code', true), '')::bpchar);