import { hasAllPermissions, type PermissionCode } from '#server/contracts/account-types.ts';
import { forbidden, notFound } from '#server/errors.ts';
import type { CompanyViewer } from '#server/plugins/request-context.ts';
import type { NeedReader } from './need-search-queries.ts';

/**
 * The company whose matching the logged-in user works on: always their own (no call takes a
 * company's id). A user without one (its row gone) has none: 404.
 */
export function readerOf(viewer: CompanyViewer, bankCode: string): NeedReader {
  if (viewer.companyId === null) throw notFound();
  return { bankCode, companyId: viewer.companyId };
}

/** Whether the user holds the permission (a super user holds every one). */
export function mayDo(viewer: CompanyViewer, permission: PermissionCode): boolean {
  const { user } = viewer;
  return hasAllPermissions(
    { isSuperUser: user.user_is_super_user, permittedActions: user.permitted_actions },
    [permission],
  );
}

/**
 * Writing a need, sending a deal request and answering one are company_matching_write's
 * (ビジネスマッチングの利用: owner, user and partner owner by default): else 403.
 */
export function requireMatchingWriter(viewer: CompanyViewer, bankCode: string): NeedReader {
  const reader = readerOf(viewer, bankCode);
  if (!mayDo(viewer, 'company_matching_write')) throw forbidden();
  return reader;
}
