-- As for the other bank tables (0002): the policy applies to the table owner too.
ALTER TABLE "employee_invitations" FORCE ROW LEVEL SECURITY;
