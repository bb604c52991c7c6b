-- As for the other bank tables (0002): the policy applies to the table owner too.
ALTER TABLE "registration_files" FORCE ROW LEVEL SECURITY;
