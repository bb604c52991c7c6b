import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { buildPagingData, listRequestSchema, paginate } from '#server/contracts/paging.ts';

describe('paging data', () => {
  it('describes the first of several pages', () => {
    expect(buildPagingData(250, 1, 100)).toEqual({
      total_rows: 250,
      total_pages: 3,
      page: 1,
      rows: 100,
      is_first_page: true,
      prev_page: null,
      is_last_page: false,
      next_page: 2,
    });
  });

  it('describes a middle page and the last page', () => {
    expect(buildPagingData(250, 2, 100)).toMatchObject({
      prev_page: 1,
      next_page: 3,
      is_first_page: false,
      is_last_page: false,
    });
    expect(buildPagingData(250, 3, 100)).toMatchObject({ prev_page: 2, next_page: null, is_last_page: true });
  });

  it('treats an empty list as one first-and-last page with no neighbours', () => {
    expect(buildPagingData(0, 1, 25)).toMatchObject({
      total_rows: 0,
      total_pages: 0,
      is_first_page: true,
      is_last_page: true,
      prev_page: null,
      next_page: null,
    });
  });

  it('answers a page past the end as the last page, pointing back to the real last page', () => {
    expect(buildPagingData(30, 9, 25)).toMatchObject({ is_last_page: true, next_page: null, prev_page: 2 });
  });

  it('counts an exact multiple without an extra empty page', () => {
    expect(buildPagingData(100, 4, 25)).toMatchObject({ total_pages: 4, is_last_page: true });
  });

  it('slices an in-memory list', () => {
    const items = Array.from({ length: 12 }, (_, index) => index + 1);
    expect(paginate(items, 3, 5)).toEqual({ list: [11, 12], paging_data: buildPagingData(12, 3, 5) });
  });
});

describe('list request', () => {
  const schema = listRequestSchema(z.object({ keyword: z.string().optional() }));

  it('defaults to 100 rows on page 1 (spec section 9)', () => {
    expect(schema.parse({})).toEqual({ rows: 100, page: 1 });
  });

  it('accepts rows and page from a query string', () => {
    expect(schema.parse({ rows: '25', page: '2', conditions: { keyword: '融資' } })).toEqual({
      rows: 25,
      page: 2,
      conditions: { keyword: '融資' },
    });
  });

  it('refuses a page below 1 and more than 500 rows', () => {
    expect(schema.safeParse({ page: 0 }).success).toBe(false);
    expect(schema.safeParse({ rows: 501 }).success).toBe(false);
  });
});
