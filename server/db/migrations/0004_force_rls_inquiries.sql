-- As for the other bank tables (0002): the policies apply to the table owner too, so a session
-- that forgets to set app.bank_code sees no inquiry rather than every bank's.
ALTER TABLE "inquiries" FORCE ROW LEVEL SECURITY;
