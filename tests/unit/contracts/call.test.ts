import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { callKey, callKeyPrefix, callPath, defineCall, pathParamNames } from '#server/contracts/call.ts';
import { listQuery } from '#server/contracts/paging.ts';

const readItem = defineCall({
  domain: 'things',
  method: 'GET',
  path: '/api/v1/things/:thing_id/parts/:part',
  params: z.object({ thing_id: z.coerce.number(), part: z.string() }),
  query: listQuery({ only_open: z.optional(z.stringbool()) }),
  result: z.object({ name: z.string() }),
  access: 'company',
  summary: '部品',
});

describe('a call definition', () => {
  it('names its path parameters', () => {
    expect(pathParamNames(readItem.path)).toEqual(['thing_id', 'part']);
  });

  it('fills the path with each parameter encoded as one segment', () => {
    expect(callPath(readItem, { thing_id: 3, part: 'a/b c' })).toBe('/api/v1/things/3/parts/a%2Fb%20c');
  });

  it('refuses to build a path with a parameter missing', () => {
    expect(() => callPath(readItem, { thing_id: 3 })).toThrow(/"part" is missing/);
  });

  it('keys queries by domain, then path, then what was asked', () => {
    const key = callKey(readItem, { params: { thing_id: 3, part: 'x' }, query: { page: 2 } });
    expect(key).toEqual([
      'things',
      '/api/v1/things/:thing_id/parts/:part',
      { thing_id: 3, part: 'x' },
      { page: 2 },
    ]);
    expect(key.slice(0, 2)).toEqual([...callKeyPrefix(readItem)]);
  });
});

describe('listQuery', () => {
  it('defaults to the first page of 25 rows and keeps the conditions flat', () => {
    expect(z.parse(readItem.query, {})).toEqual({ rows: 25, page: 1 });
    expect(z.parse(readItem.query, { rows: '50', page: '2', only_open: 'true' })).toEqual({
      rows: 50,
      page: 2,
      only_open: true,
    });
  });

  it('refuses more than 500 rows and a page below 1', () => {
    expect(z.safeParse(readItem.query, { rows: '501' }).success).toBe(false);
    expect(z.safeParse(readItem.query, { page: '0' }).success).toBe(false);
  });
});
