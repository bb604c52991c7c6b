import { isAdmin } from '#server/contracts/account-types.ts';
import { useCurrentUser } from '#client/lib/current-user.ts';
import { HttpError } from '#client/lib/request/http-error.ts';
import { CompanyCreateForm } from './create/company-create-form.tsx';

/**
 * /admin/company/create: one company and its owner (issue 15). System and bank admins only, as the
 * route rule company_admin_desk says; anyone else gets the 403 page, as the API would refuse the save.
 */
export function CompanyCreatePage() {
  const user = useCurrentUser();
  if (!isAdmin(user?.user_type)) throw new HttpError(403);
  return <CompanyCreateForm />;
}
