CREATE TABLE "mail_outbox" (
	"bank_code" char(4) DEFAULT current_setting('app.bank_code')::bpchar NOT NULL,
	"mail_id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "mail_outbox_mail_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"mail_kind" varchar(60) NOT NULL,
	"mail_to" varchar(254) NOT NULL,
	"mail_subject" text NOT NULL,
	"mail_text" text NOT NULL,
	"mail_html" text NOT NULL,
	"mail_message_id" varchar(200) NOT NULL,
	"mail_status" varchar(10) DEFAULT 'pending' NOT NULL,
	"mail_attempts" integer DEFAULT 0 NOT NULL,
	"mail_next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"mail_last_error" text,
	"mail_created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"mail_sent_at" timestamp with time zone,
	CONSTRAINT "mail_outbox_bank_code_mail_id_pk" PRIMARY KEY("bank_code","mail_id"),
	CONSTRAINT "mail_outbox_status_known" CHECK ("mail_outbox"."mail_status" in ('pending', 'sent', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE INDEX "mail_outbox_due" ON "mail_outbox" USING btree ("bank_code","mail_next_attempt_at") WHERE "mail_outbox"."mail_status" = 'pending';--> statement-breakpoint
CREATE POLICY "bank_isolation" ON "mail_outbox" AS PERMISSIVE FOR ALL TO public USING ("mail_outbox"."bank_code" = nullif(current_setting('app.bank_code', true), '')::bpchar) WITH CHECK ("mail_outbox"."bank_code" = nullif(current_setting('app.bank_code', true), '')::bpchar);