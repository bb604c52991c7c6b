import type { PermissionCode } from '#server/contracts/account-types.ts';
import {
  type CompanyMemberViewer,
  type CompanyViewer,
  holdsPermissions,
} from '#server/plugins/request-context.ts';
import type { NeedReader } from './need-search-queries.ts';

/**
 * The company whose matching the logged-in user works on: always their own (no call takes a
 * company's id). The calls serve members only (`member`), so the kit has refused a user without one.
 */
export function readerOf(viewer: CompanyMemberViewer, bankCode: string): NeedReader {
  return { bankCode, companyId: viewer.companyId };
}

/** Whether the user holds the permission (a super user holds every one): what a page offers them. */
export function mayDo(viewer: CompanyViewer, permission: PermissionCode): boolean {
  return holdsPermissions(viewer, [permission]);
}
