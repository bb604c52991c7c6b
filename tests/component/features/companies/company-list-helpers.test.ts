import { describe, expect, it } from 'vitest';
import { formatYen } from '#server/contracts/charge-format.ts';
import { formatListDay } from '#client/features/companies/admin/list/company-list-display.ts';
import {
  companySearchSchema,
  conditionsOfSearch,
  replacingConditions,
  sortChangeOf,
  sortingOf,
  sortOfSearch,
} from '#client/features/companies/admin/list/company-search-params.ts';
import { searchFromParams } from '#client/lib/list-search.ts';

/** The company list page's pure helpers: its URL, its order and its cells. */

describe('the list page’s URL', () => {
  const searchOf = (query: string) => searchFromParams(companySearchSchema, new URLSearchParams(query));

  it('keeps the conditions and the order, without the paging, under the export’s names', () => {
    const search = searchOf('keyword=みなと&bb_id=2&sort=owner_name&order=1&page=3&rows=50');
    expect(conditionsOfSearch(search)).toEqual({ keyword: 'みなと', bb_id: 2 });
    expect(sortOfSearch(search)).toEqual({ column: 'owner_name', order: 1 });
    expect(search).toMatchObject({ page: 3, rows: 50 });
  });

  it('is newest first when it asks no order, and drops a value the server would refuse', () => {
    const search = searchOf('sort=secret&order=7&rows=7&company_status=closed');
    expect(sortOfSearch(search)).toEqual({ column: 'company_created_at', order: 1 });
    expect(search.rows).toBe(25);
    expect(conditionsOfSearch(search)).toEqual({});
  });

  it('names every condition of a new search, so none of the previous one stays', () => {
    expect(replacingConditions({ keyword: 'さくら' })).toEqual({
      keyword: 'さくら',
      company_type: undefined,
      bb_id: undefined,
      charge_status: undefined,
      company_status: undefined,
      registered_from: undefined,
      registered_to: undefined,
      last_used_from: undefined,
      last_used_to: undefined,
    });
  });

  it('turns a header pressed into the order asked, and the order into the table’s state', () => {
    expect(sortChangeOf([{ id: 'charge_amount', desc: false }])).toEqual({ sort: 'charge_amount', order: 0 });
    expect(sortChangeOf([{ id: 'charge_amount', desc: true }])).toEqual({ sort: 'charge_amount', order: 1 });
    expect(sortChangeOf([{ id: 'not_a_column', desc: true }])).toBeUndefined();
    expect(sortChangeOf([])).toBeUndefined();
    expect(sortingOf({ column: 'user_count', order: 1 })).toEqual([{ id: 'user_count', desc: true }]);
  });
});

describe('the list’s cells', () => {
  it('show a day in Japan and yen as the bank writes them', () => {
    expect(formatListDay('2026-03-31T15:30:00.000Z')).toBe('2026/04/01');
    expect(formatListDay(null)).toBe('—');
    expect(formatYen(5500)).toBe('5,500円');
    expect(formatYen(-300)).toBe('-300円');
    expect(formatYen(null)).toBe('—');
  });
});
