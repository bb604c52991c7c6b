CREATE TABLE "matching_agent_requests" (
	"bank_code" char(4) DEFAULT current_setting('app.bank_code')::bpchar NOT NULL,
	"agent_request_id" integer GENERATED ALWAYS AS IDENTITY (sequence name "matching_agent_requests_agent_request_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"agent_request_unique_code" varchar(32) NOT NULL,
	"company_id" integer NOT NULL,
	"need_unique_code" varchar(32),
	"agent_request_body" text NOT NULL,
	"agent_request_status" varchar(20) DEFAULT 'open' NOT NULL,
	"agent_request_note" text,
	"agent_requested_by" integer NOT NULL,
	"agent_handled_by" integer,
	"agent_request_created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"agent_request_updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "matching_agent_requests_bank_code_agent_request_id_pk" PRIMARY KEY("bank_code","agent_request_id"),
	CONSTRAINT "matching_agent_requests_status_known" CHECK ("matching_agent_requests"."agent_request_status" in ('open', 'in_progress', 'done'))
);
--> statement-breakpoint
ALTER TABLE "matching_agent_requests" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "matching_agreements" (
	"bank_code" char(4) DEFAULT current_setting('app.bank_code')::bpchar NOT NULL,
	"company_id" integer NOT NULL,
	"agreement_unique_code" varchar(32) NOT NULL,
	"agreement_agreed_by" integer,
	"agreement_agreed_at" timestamp with time zone,
	"agreement_created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "matching_agreements_bank_code_company_id_pk" PRIMARY KEY("bank_code","company_id")
);
--> statement-breakpoint
ALTER TABLE "matching_agreements" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "matching_campaigns" (
	"bank_code" char(4) DEFAULT current_setting('app.bank_code')::bpchar NOT NULL,
	"campaign_id" integer GENERATED ALWAYS AS IDENTITY (sequence name "matching_campaigns_campaign_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"campaign_unique_code" varchar(32) NOT NULL,
	"campaign_title" varchar(100) NOT NULL,
	"campaign_body" text NOT NULL,
	"campaign_start" date NOT NULL,
	"campaign_end" date NOT NULL,
	"campaign_need_codes" varchar(32)[] DEFAULT '{}' NOT NULL,
	"campaign_updated_by" integer NOT NULL,
	"campaign_created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"campaign_updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "matching_campaigns_bank_code_campaign_id_pk" PRIMARY KEY("bank_code","campaign_id"),
	CONSTRAINT "matching_campaigns_period_ordered" CHECK ("matching_campaigns"."campaign_end" >= "matching_campaigns"."campaign_start")
);
--> statement-breakpoint
ALTER TABLE "matching_campaigns" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "matching_deal_messages" (
	"bank_code" char(4) NOT NULL,
	"cmh_id" integer NOT NULL,
	"receiver_bank_code" char(4) NOT NULL,
	"message_id" integer GENERATED ALWAYS AS IDENTITY (sequence name "matching_deal_messages_message_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"message_side" varchar(10) NOT NULL,
	"message_kind" varchar(10) NOT NULL,
	"message_body" text NOT NULL,
	"message_user_id" integer NOT NULL,
	"message_created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"message_notified_at" timestamp with time zone,
	CONSTRAINT "matching_deal_messages_bank_code_cmh_id_message_id_pk" PRIMARY KEY("bank_code","cmh_id","message_id"),
	CONSTRAINT "matching_deal_messages_side_known" CHECK ("matching_deal_messages"."message_side" in ('sender', 'receiver')),
	CONSTRAINT "matching_deal_messages_kind_known" CHECK ("matching_deal_messages"."message_kind" in ('request', 'reply', 'accept', 'decline', 'withdraw'))
);
--> statement-breakpoint
ALTER TABLE "matching_deal_messages" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "matching_deals" (
	"bank_code" char(4) DEFAULT current_setting('app.bank_code')::bpchar NOT NULL,
	"cmh_id" integer GENERATED ALWAYS AS IDENTITY (sequence name "matching_deals_cmh_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cmh_unique_code" varchar(32) NOT NULL,
	"sender_company_id" integer NOT NULL,
	"sender_user_id" integer NOT NULL,
	"sender_company_unique_code" varchar(32) NOT NULL,
	"sender_company_name" varchar(100) NOT NULL,
	"receiver_bank_code" char(4) NOT NULL,
	"receiver_company_id" integer NOT NULL,
	"receiver_company_unique_code" varchar(32) NOT NULL,
	"receiver_company_name" varchar(100) NOT NULL,
	"need_id" integer NOT NULL,
	"need_unique_code" varchar(32) NOT NULL,
	"need_title" varchar(100) NOT NULL,
	"need_category" varchar(20) NOT NULL,
	"cmh_request_type" varchar(40) NOT NULL,
	"cmh_status" varchar(40) DEFAULT 'requested' NOT NULL,
	"cmh_sender_unreplied" integer DEFAULT 0 NOT NULL,
	"cmh_receiver_unreplied" integer DEFAULT 1 NOT NULL,
	"cmh_created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cmh_updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "matching_deals_bank_code_cmh_id_pk" PRIMARY KEY("bank_code","cmh_id"),
	CONSTRAINT "matching_deals_unreplied_counts" CHECK ("matching_deals"."cmh_sender_unreplied" >= 0 and "matching_deals"."cmh_receiver_unreplied" >= 0)
);
--> statement-breakpoint
ALTER TABLE "matching_deals" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "need_favorites" (
	"bank_code" char(4) DEFAULT current_setting('app.bank_code')::bpchar NOT NULL,
	"user_id" integer NOT NULL,
	"need_unique_code" varchar(32) NOT NULL,
	"favorite_created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "need_favorites_bank_code_user_id_need_unique_code_pk" PRIMARY KEY("bank_code","user_id","need_unique_code")
);
--> statement-breakpoint
ALTER TABLE "need_favorites" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "need_notice_digests" (
	"bank_code" char(4) DEFAULT current_setting('app.bank_code')::bpchar NOT NULL,
	"company_id" integer NOT NULL,
	"digest_day" date NOT NULL,
	"digest_need_count" integer NOT NULL,
	"digest_sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "need_notice_digests_bank_code_company_id_digest_day_pk" PRIMARY KEY("bank_code","company_id","digest_day")
);
--> statement-breakpoint
ALTER TABLE "need_notice_digests" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "needs" (
	"bank_code" char(4) DEFAULT current_setting('app.bank_code')::bpchar NOT NULL,
	"need_id" integer GENERATED ALWAYS AS IDENTITY (sequence name "needs_need_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"need_unique_code" varchar(32) NOT NULL,
	"company_id" integer NOT NULL,
	"need_title" varchar(100) NOT NULL,
	"need_category" varchar(20) NOT NULL,
	"need_industry_codes" char(2)[] DEFAULT '{}' NOT NULL,
	"need_area_codes" char(2)[] DEFAULT '{}' NOT NULL,
	"need_body" text NOT NULL,
	"need_image_file_codes" varchar(64)[] DEFAULT '{}' NOT NULL,
	"need_period_start" date NOT NULL,
	"need_period_end" date,
	"need_visibility" smallint DEFAULT 1 NOT NULL,
	"need_reach" varchar(20) DEFAULT 'bank' NOT NULL,
	"need_offer_status" varchar(20),
	"need_offered_by" integer,
	"need_offered_at" timestamp with time zone,
	"need_created_by" integer NOT NULL,
	"need_updated_by" integer NOT NULL,
	"need_created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"need_updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "needs_bank_code_need_id_pk" PRIMARY KEY("bank_code","need_id"),
	CONSTRAINT "needs_visibility_known" CHECK ("needs"."need_visibility" in (0, 1)),
	CONSTRAINT "needs_reach_known" CHECK ("needs"."need_reach" in ('bank', 'nationwide')),
	CONSTRAINT "needs_category_known" CHECK ("needs"."need_category" in ('sell', 'buy', 'rent', 'lease', 'build')),
	CONSTRAINT "needs_offer_status_known" CHECK ("needs"."need_offer_status" is null or "needs"."need_offer_status" in ('drafted', 'offered', 'accepted', 'declined')),
	CONSTRAINT "needs_period_ordered" CHECK ("needs"."need_period_end" is null or "needs"."need_period_end" >= "needs"."need_period_start")
);
--> statement-breakpoint
ALTER TABLE "needs" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "network_needs" (
	"bank_code" char(4) NOT NULL,
	"need_id" integer NOT NULL,
	"need_unique_code" varchar(32) NOT NULL,
	"company_id" integer NOT NULL,
	"company_unique_code" varchar(32) NOT NULL,
	"company_name" varchar(100) NOT NULL,
	"company_prefecture_code" char(2),
	"need_title" varchar(100) NOT NULL,
	"need_category" varchar(20) NOT NULL,
	"need_industry_codes" char(2)[] NOT NULL,
	"need_area_codes" char(2)[] NOT NULL,
	"need_body" text NOT NULL,
	"need_image_file_codes" varchar(64)[] NOT NULL,
	"need_period_start" date NOT NULL,
	"need_period_end" date,
	"need_is_nationwide" boolean NOT NULL,
	"need_created_at" timestamp with time zone NOT NULL,
	"need_updated_at" timestamp with time zone NOT NULL,
	"nn_title_text" text NOT NULL,
	"nn_body_text" text NOT NULL,
	"nn_terms" text[] NOT NULL,
	CONSTRAINT "network_needs_bank_code_need_id_pk" PRIMARY KEY("bank_code","need_id")
);
--> statement-breakpoint
ALTER TABLE "network_needs" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "matching_agent_requests" ADD CONSTRAINT "matching_agent_requests_bank_code_company_id_companies_bank_code_company_id_fk" FOREIGN KEY ("bank_code","company_id") REFERENCES "public"."companies"("bank_code","company_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matching_agent_requests" ADD CONSTRAINT "matching_agent_requests_bank_code_agent_requested_by_users_bank_code_user_id_fk" FOREIGN KEY ("bank_code","agent_requested_by") REFERENCES "public"."users"("bank_code","user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matching_agent_requests" ADD CONSTRAINT "matching_agent_requests_bank_code_agent_handled_by_users_bank_code_user_id_fk" FOREIGN KEY ("bank_code","agent_handled_by") REFERENCES "public"."users"("bank_code","user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matching_agreements" ADD CONSTRAINT "matching_agreements_bank_code_company_id_companies_bank_code_company_id_fk" FOREIGN KEY ("bank_code","company_id") REFERENCES "public"."companies"("bank_code","company_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matching_agreements" ADD CONSTRAINT "matching_agreements_bank_code_agreement_agreed_by_users_bank_code_user_id_fk" FOREIGN KEY ("bank_code","agreement_agreed_by") REFERENCES "public"."users"("bank_code","user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matching_campaigns" ADD CONSTRAINT "matching_campaigns_bank_code_campaign_updated_by_users_bank_code_user_id_fk" FOREIGN KEY ("bank_code","campaign_updated_by") REFERENCES "public"."users"("bank_code","user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matching_deal_messages" ADD CONSTRAINT "matching_deal_messages_bank_code_cmh_id_matching_deals_bank_code_cmh_id_fk" FOREIGN KEY ("bank_code","cmh_id") REFERENCES "public"."matching_deals"("bank_code","cmh_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matching_deals" ADD CONSTRAINT "matching_deals_cmh_request_type_cmh_request_types_code_fk" FOREIGN KEY ("cmh_request_type") REFERENCES "public"."cmh_request_types"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matching_deals" ADD CONSTRAINT "matching_deals_cmh_status_cmh_statuses_code_fk" FOREIGN KEY ("cmh_status") REFERENCES "public"."cmh_statuses"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matching_deals" ADD CONSTRAINT "matching_deals_bank_code_sender_company_id_companies_bank_code_company_id_fk" FOREIGN KEY ("bank_code","sender_company_id") REFERENCES "public"."companies"("bank_code","company_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matching_deals" ADD CONSTRAINT "matching_deals_bank_code_sender_user_id_users_bank_code_user_id_fk" FOREIGN KEY ("bank_code","sender_user_id") REFERENCES "public"."users"("bank_code","user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matching_deals" ADD CONSTRAINT "matching_deals_receiver_bank_code_receiver_company_id_companies_bank_code_company_id_fk" FOREIGN KEY ("receiver_bank_code","receiver_company_id") REFERENCES "public"."companies"("bank_code","company_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "need_favorites" ADD CONSTRAINT "need_favorites_bank_code_user_id_users_bank_code_user_id_fk" FOREIGN KEY ("bank_code","user_id") REFERENCES "public"."users"("bank_code","user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "need_notice_digests" ADD CONSTRAINT "need_notice_digests_bank_code_company_id_companies_bank_code_company_id_fk" FOREIGN KEY ("bank_code","company_id") REFERENCES "public"."companies"("bank_code","company_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "needs" ADD CONSTRAINT "needs_bank_code_company_id_companies_bank_code_company_id_fk" FOREIGN KEY ("bank_code","company_id") REFERENCES "public"."companies"("bank_code","company_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "needs" ADD CONSTRAINT "needs_bank_code_need_created_by_users_bank_code_user_id_fk" FOREIGN KEY ("bank_code","need_created_by") REFERENCES "public"."users"("bank_code","user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "needs" ADD CONSTRAINT "needs_bank_code_need_updated_by_users_bank_code_user_id_fk" FOREIGN KEY ("bank_code","need_updated_by") REFERENCES "public"."users"("bank_code","user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "needs" ADD CONSTRAINT "needs_bank_code_need_offered_by_users_bank_code_user_id_fk" FOREIGN KEY ("bank_code","need_offered_by") REFERENCES "public"."users"("bank_code","user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "matching_agent_requests_bank_code_agent_request_unique_code_index" ON "matching_agent_requests" USING btree ("bank_code","agent_request_unique_code");--> statement-breakpoint
CREATE INDEX "matching_agent_requests_bank_code_company_id_agent_request_created_at_index" ON "matching_agent_requests" USING btree ("bank_code","company_id","agent_request_created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "matching_agent_requests_bank_code_agent_request_status_agent_request_created_at_index" ON "matching_agent_requests" USING btree ("bank_code","agent_request_status","agent_request_created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "matching_agreements_bank_code_agreement_unique_code_index" ON "matching_agreements" USING btree ("bank_code","agreement_unique_code");--> statement-breakpoint
CREATE UNIQUE INDEX "matching_campaigns_bank_code_campaign_unique_code_index" ON "matching_campaigns" USING btree ("bank_code","campaign_unique_code");--> statement-breakpoint
CREATE INDEX "matching_campaigns_bank_code_campaign_start_campaign_end_index" ON "matching_campaigns" USING btree ("bank_code","campaign_start","campaign_end");--> statement-breakpoint
CREATE INDEX "matching_deal_messages_unnotified" ON "matching_deal_messages" USING btree ("bank_code","message_created_at") WHERE "matching_deal_messages"."message_notified_at" is null;--> statement-breakpoint
CREATE INDEX "matching_deal_messages_unnotified_receiver" ON "matching_deal_messages" USING btree ("receiver_bank_code","message_created_at") WHERE "matching_deal_messages"."message_notified_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "matching_deals_cmh_unique_code_index" ON "matching_deals" USING btree ("cmh_unique_code");--> statement-breakpoint
CREATE INDEX "matching_deals_bank_code_sender_company_id_cmh_updated_at_index" ON "matching_deals" USING btree ("bank_code","sender_company_id","cmh_updated_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "matching_deals_receiver_bank_code_receiver_company_id_cmh_updated_at_index" ON "matching_deals" USING btree ("receiver_bank_code","receiver_company_id","cmh_updated_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "matching_deals_sender_unreplied" ON "matching_deals" USING btree ("bank_code","sender_company_id") WHERE "matching_deals"."cmh_sender_unreplied" > 0;--> statement-breakpoint
CREATE INDEX "matching_deals_receiver_unreplied" ON "matching_deals" USING btree ("receiver_bank_code","receiver_company_id") WHERE "matching_deals"."cmh_receiver_unreplied" > 0;--> statement-breakpoint
CREATE UNIQUE INDEX "matching_deals_one_open_per_need" ON "matching_deals" USING btree ("bank_code","sender_company_id","receiver_bank_code","need_id") WHERE "matching_deals"."cmh_status" in ('requested', 'replied', 'negotiating');--> statement-breakpoint
CREATE INDEX "need_favorites_bank_code_user_id_favorite_created_at_index" ON "need_favorites" USING btree ("bank_code","user_id","favorite_created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "needs_bank_code_need_unique_code_index" ON "needs" USING btree ("bank_code","need_unique_code");--> statement-breakpoint
CREATE INDEX "needs_bank_code_company_id_need_updated_at_index" ON "needs" USING btree ("bank_code","company_id","need_updated_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "needs_bank_code_need_created_at_index" ON "needs" USING btree ("bank_code","need_created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "network_needs_need_unique_code_index" ON "network_needs" USING btree ("need_unique_code");--> statement-breakpoint
CREATE INDEX "network_needs_bank_code_company_id_index" ON "network_needs" USING btree ("bank_code","company_id");--> statement-breakpoint
CREATE INDEX "network_needs_need_updated_at_index" ON "network_needs" USING btree ("need_updated_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "network_needs_terms_gin" ON "network_needs" USING gin ("nn_terms");--> statement-breakpoint
CREATE POLICY "bank_isolation" ON "matching_agent_requests" AS PERMISSIVE FOR ALL TO public USING ("matching_agent_requests"."bank_code" = nullif(current_setting('app.bank_code', true), '')::bpchar) WITH CHECK ("matching_agent_requests"."bank_code" = nullif(current_setting('app.bank_code', true), '')::bpchar);--> statement-breakpoint
CREATE POLICY "bank_isolation" ON "matching_agreements" AS PERMISSIVE FOR ALL TO public USING ("matching_agreements"."bank_code" = nullif(current_setting('app.bank_code', true), '')::bpchar) WITH CHECK ("matching_agreements"."bank_code" = nullif(current_setting('app.bank_code', true), '')::bpchar);--> statement-breakpoint
CREATE POLICY "bank_isolation" ON "matching_campaigns" AS PERMISSIVE FOR ALL TO public USING ("matching_campaigns"."bank_code" = nullif(current_setting('app.bank_code', true), '')::bpchar) WITH CHECK ("matching_campaigns"."bank_code" = nullif(current_setting('app.bank_code', true), '')::bpchar);--> statement-breakpoint
CREATE POLICY "deal_parties" ON "matching_deal_messages" AS PERMISSIVE FOR ALL TO public USING (bank_code = nullif(current_setting('app.bank_code', true), '')::bpchar or receiver_bank_code = nullif(current_setting('app.bank_code', true), '')::bpchar) WITH CHECK (bank_code = nullif(current_setting('app.bank_code', true), '')::bpchar or receiver_bank_code = nullif(current_setting('app.bank_code', true), '')::bpchar);--> statement-breakpoint
CREATE POLICY "deal_parties" ON "matching_deals" AS PERMISSIVE FOR ALL TO public USING (bank_code = nullif(current_setting('app.bank_code', true), '')::bpchar or receiver_bank_code = nullif(current_setting('app.bank_code', true), '')::bpchar) WITH CHECK (bank_code = nullif(current_setting('app.bank_code', true), '')::bpchar or receiver_bank_code = nullif(current_setting('app.bank_code', true), '')::bpchar);--> statement-breakpoint
CREATE POLICY "bank_isolation" ON "need_favorites" AS PERMISSIVE FOR ALL TO public USING ("need_favorites"."bank_code" = nullif(current_setting('app.bank_code', true), '')::bpchar) WITH CHECK ("need_favorites"."bank_code" = nullif(current_setting('app.bank_code', true), '')::bpchar);--> statement-breakpoint
CREATE POLICY "bank_isolation" ON "need_notice_digests" AS PERMISSIVE FOR ALL TO public USING ("need_notice_digests"."bank_code" = nullif(current_setting('app.bank_code', true), '')::bpchar) WITH CHECK ("need_notice_digests"."bank_code" = nullif(current_setting('app.bank_code', true), '')::bpchar);--> statement-breakpoint
CREATE POLICY "bank_isolation" ON "needs" AS PERMISSIVE FOR ALL TO public USING ("needs"."bank_code" = nullif(current_setting('app.bank_code', true), '')::bpchar) WITH CHECK ("needs"."bank_code" = nullif(current_setting('app.bank_code', true), '')::bpchar);--> statement-breakpoint
CREATE POLICY "bank_isolation" ON "network_needs" AS PERMISSIVE FOR ALL TO public USING ("network_needs"."bank_code" = nullif(current_setting('app.bank_code', true), '')::bpchar) WITH CHECK ("network_needs"."bank_code" = nullif(current_setting('app.bank_code', true), '')::bpchar);--> statement-breakpoint
CREATE POLICY "network_read" ON "network_needs" AS PERMISSIVE FOR SELECT TO public USING ("network_needs"."need_is_nationwide" and "network_needs"."bank_code" = any (string_to_array(nullif(current_setting('app.matching_network', true), ''), ',')::bpchar[]) and nullif(current_setting('app.bank_code', true), '')::bpchar = any (string_to_array(nullif(current_setting('app.matching_network', true), ''), ',')::bpchar[]));