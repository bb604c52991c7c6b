-- As for the other bank tables (0002): the policy applies to the table owner too.
ALTER TABLE "email_changes" FORCE ROW LEVEL SECURITY;
