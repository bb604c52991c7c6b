import { isAdmin } from '#server/contracts/account-types.ts';
import { useCurrentUser } from '#client/lib/current-user.ts';
import { HttpError } from '#client/lib/request/http-error.ts';
import { BulkCreatePanel } from './bulk-create/bulk-create-panel.tsx';

/**
 * /admin/company/bulk-create: many companies and their owners from one file (issue 15). The spec's
 * custom check lets system and bank admins in; anyone else gets the 404 page (This page could not
 * be found), as the route rule company_bulk_create and the API both answer.
 */
export function CompanyBulkCreatePage() {
  const user = useCurrentUser();
  if (!isAdmin(user?.user_type)) throw new HttpError(404);
  return <BulkCreatePanel />;
}
