import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { chargeMonthOf } from '#server/api/companies/list-queries.ts';
import {
  CHARGE_STATUS_URGENCY,
  COMPANY_LIST_COLUMN_LABELS,
  COMPANY_LIST_COLUMNS,
  companyExportFileName,
  companyExportQuerySchema,
  companyExportUrl,
  companySearchRequestSchema,
  sortOfQuery,
} from '#server/contracts/companies.ts';
import { COMPANY_STATUSES } from '#server/contracts/company-detail.ts';
import { chargeStatusRows, companyStatusRows } from '#server/db/master-data/code-lists.ts';

describe('the company list’s contract', () => {
  it('has the spec’s columns, each with a heading', () => {
    expect(COMPANY_LIST_COLUMNS).toHaveLength(16);
    expect(Object.keys(COMPANY_LIST_COLUMN_LABELS)).toEqual([...COMPANY_LIST_COLUMNS]);
  });

  it('searches by the charge_statuses and company_statuses masters’ codes', () => {
    expect([...CHARGE_STATUS_URGENCY].sort()).toEqual(chargeStatusRows.map((row) => row.code).sort());
    expect([...COMPANY_STATUSES].sort()).toEqual(companyStatusRows.map((row) => row.code).sort());
    // The most urgent first: what the month shows when it has entries of several statuses.
    expect(CHARGE_STATUS_URGENCY.slice(0, 3)).toEqual(['unpaid', 'billed', 'unbilled']);
  });

  it('takes a sort of 0 ascending or 1 descending on a known column', () => {
    const parse = (sort: unknown) => z.safeParse(companySearchRequestSchema, { sort }).success;
    expect(parse({ column: 'charge_status', order: 0 })).toBe(true);
    expect(parse({ column: 'company_created_at', order: 1 })).toBe(true);
    expect(parse({ column: 'company_created_at', order: 2 })).toBe(false);
    expect(parse({ column: 'user_password_hash', order: 0 })).toBe(false);
  });

  it('reads a flat sort: the column asked in the order asked, 0 when none is', () => {
    expect(sortOfQuery({})).toBeUndefined();
    expect(sortOfQuery({ sort: 'user_count' })).toEqual({ column: 'user_count', order: 0 });
    expect(sortOfQuery({ sort: 'user_count', order: 1 })).toEqual({ column: 'user_count', order: 1 });
    expect(sortOfQuery({ order: 0 })).toEqual({ column: 'company_created_at', order: 0 });
  });

  it('refuses days that do not exist and branch ids past an integer', () => {
    const parse = (query: Record<string, string>) => z.safeParse(companyExportQuerySchema, query).success;
    expect(parse({ registered_from: '2028-02-29', bb_id: '12' })).toBe(true);
    expect(parse({ registered_from: '2026-02-29' })).toBe(false);
    expect(parse({ last_used_to: '2026/04/01' })).toBe(false);
    expect(parse({ bb_id: '2147483648' })).toBe(false);
    expect(parse({ order: '1' })).toBe(true);
    expect(parse({ order: 'desc' })).toBe(false);
  });

  it('addresses the CSV of a search, leaving out what was not asked', () => {
    expect(companyExportUrl({})).toBe('/api/v1/company/export');
    expect(
      companyExportUrl({
        keyword: 'みなと 食品',
        bb_id: 3,
        charge_status: undefined,
        sort: 'company_name',
        order: 0,
      }),
    ).toBe(
      '/api/v1/company/export?keyword=%E3%81%BF%E3%81%AA%E3%81%A8+%E9%A3%9F%E5%93%81&bb_id=3&sort=company_name&order=0',
    );
    expect(companyExportFileName('2026-04-01')).toBe('companies-20260401.csv');
  });
});

describe('the charge month', () => {
  it('is the month in Japan, as its first day', () => {
    expect(chargeMonthOf(new Date('2026-04-30T14:59:59Z'))).toBe('2026-04-01');
    // 2026-04-30 15:00 UTC is May 1st in Japan.
    expect(chargeMonthOf(new Date('2026-04-30T15:00:00Z'))).toBe('2026-05-01');
    expect(chargeMonthOf(new Date('2026-12-31T15:00:00Z'))).toBe('2027-01-01');
  });
});
