CREATE TABLE "employee_invitations" (
	"bank_code" char(4) DEFAULT current_setting('app.bank_code')::bpchar NOT NULL,
	"invitation_id" integer GENERATED ALWAYS AS IDENTITY (sequence name "employee_invitations_invitation_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"invitation_unique_code" varchar(32) NOT NULL,
	"invitation_token_hash" varchar(64) NOT NULL,
	"company_id" integer NOT NULL,
	"invited_by_user_id" integer NOT NULL,
	"invitation_email" varchar(254) NOT NULL,
	"invitation_name" varchar(60),
	"invitation_created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"invitation_expires_at" timestamp with time zone NOT NULL,
	"invitation_used_at" timestamp with time zone,
	"used_by_user_id" integer,
	"invitation_revoked_at" timestamp with time zone,
	CONSTRAINT "employee_invitations_bank_code_invitation_id_pk" PRIMARY KEY("bank_code","invitation_id"),
	CONSTRAINT "employee_invitations_used_with_user" CHECK (("employee_invitations"."invitation_used_at" is null) = ("employee_invitations"."used_by_user_id" is null))
);
--> statement-breakpoint
ALTER TABLE "employee_invitations" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "employee_invitations" ADD CONSTRAINT "employee_invitations_company_fk" FOREIGN KEY ("bank_code","company_id") REFERENCES "public"."companies"("bank_code","company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employee_invitations" ADD CONSTRAINT "employee_invitations_invited_by_fk" FOREIGN KEY ("bank_code","invited_by_user_id") REFERENCES "public"."users"("bank_code","user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employee_invitations" ADD CONSTRAINT "employee_invitations_used_by_fk" FOREIGN KEY ("bank_code","used_by_user_id") REFERENCES "public"."users"("bank_code","user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "employee_invitations_bank_code_invitation_unique_code_index" ON "employee_invitations" USING btree ("bank_code","invitation_unique_code");--> statement-breakpoint
CREATE UNIQUE INDEX "employee_invitations_bank_code_invitation_token_hash_index" ON "employee_invitations" USING btree ("bank_code","invitation_token_hash");--> statement-breakpoint
CREATE INDEX "employee_invitations_bank_code_company_id_invitation_created_at_index" ON "employee_invitations" USING btree ("bank_code","company_id","invitation_created_at");--> statement-breakpoint
CREATE POLICY "bank_isolation" ON "employee_invitations" AS PERMISSIVE FOR ALL TO public USING ("employee_invitations"."bank_code" = nullif(current_setting('app.bank_code', true), '')::bpchar) WITH CHECK ("employee_invitations"."bank_code" = nullif(current_setting('app.bank_code', true), '')::bpchar);