import { describe, expect, it } from 'vitest';
import {
  AUDIT_ACTION_LABELS,
  AUDIT_ACTIONS,
  auditActionSpecNumber,
  auditTargetTypeSchema,
} from '#server/contracts/audit-actions.ts';

describe('audit action codes', () => {
  it("numbers the admin spec's five actions as the spec does and no other", () => {
    expect(
      Object.fromEntries(AUDIT_ACTIONS.map((action) => [action, auditActionSpecNumber(action)])),
    ).toEqual({
      CREATE: 1,
      DRAFT: 2,
      CLOSE: 3,
      DELETE: 4,
      PENDING: 5,
      UPDATE: undefined,
      SEND: undefined,
      APPROVE: undefined,
      REJECT: undefined,
      LOGIN: undefined,
      LOGOUT: undefined,
    });
  });

  it('names every code for the admin pages', () => {
    expect(Object.keys(AUDIT_ACTION_LABELS).toSorted()).toEqual([...AUDIT_ACTIONS].toSorted());
  });

  it('takes a domain name as target type and refuses free text', () => {
    expect(auditTargetTypeSchema.safeParse('news').success).toBe(true);
    expect(auditTargetTypeSchema.safeParse('company_register').success).toBe(true);
    expect(auditTargetTypeSchema.safeParse('News Item').success).toBe(false);
    expect(auditTargetTypeSchema.safeParse('').success).toBe(false);
  });
});
