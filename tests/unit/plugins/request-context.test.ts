import { describe, expect, it } from 'vitest';
import type { RouteAccess } from '#server/auth/request-auth.ts';
import type { LoggedInUser } from '#server/contracts/logged-in-user.ts';
import { admits, type Viewer } from '#server/plugins/request-context.ts';

const user = {} as LoggedInUser;
const VIEWERS: Record<string, Viewer> = {
  visitor: { kind: 'visitor' },
  company: {
    kind: 'company',
    user,
    userId: 1,
    userType: 'company_owner',
    companyId: 1,
    companyType: 'normal',
  },
  branchUser: { kind: 'staff', user, userId: 2, userType: 'branch_user', branchCodes: [] },
  bankAdmin: { kind: 'staff', user, userId: 3, userType: 'bank_admin', branchCodes: [] },
};

describe('which viewers a route access admits', () => {
  it.each<[RouteAccess, string[]]>([
    ['public', ['visitor', 'company', 'branchUser', 'bankAdmin']],
    ['login', ['company', 'branchUser', 'bankAdmin']],
    ['company', ['company']],
    ['bank', ['branchUser', 'bankAdmin']],
    ['admin', ['bankAdmin']],
  ])('%s admits %j', (access, admitted) => {
    const names = Object.entries(VIEWERS)
      .filter(([, viewer]) => admits(access, viewer))
      .map(([name]) => name);
    expect(names).toEqual(admitted);
  });
});
