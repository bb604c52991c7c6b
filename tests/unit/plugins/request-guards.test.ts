import { describe, expect, it } from 'vitest';
import { JSON_MAX_DEPTH, jsonNestsDeeperThan } from '#server/plugins/json-body.ts';
import { unstorableTextFields } from '#server/plugins/request-validation.ts';
import { createRouteIndex } from '#server/plugins/route-index.ts';

describe('jsonNestsDeeperThan', () => {
  const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

  it('lets JSON through up to the limit and refuses one level more', () => {
    expect(jsonNestsDeeperThan(nested(JSON_MAX_DEPTH), JSON_MAX_DEPTH)).toBe(false);
    expect(jsonNestsDeeperThan(nested(JSON_MAX_DEPTH + 1), JSON_MAX_DEPTH)).toBe(true);
  });

  it('counts objects and arrays alike', () => {
    expect(jsonNestsDeeperThan('{"a":[{"b":[1]}]}', 3)).toBe(true);
    expect(jsonNestsDeeperThan('{"a":[{"b":[1]}]}', 4)).toBe(false);
  });

  it('does not count brackets inside strings, escaped quotes included', () => {
    expect(jsonNestsDeeperThan(`{"a":"${'['.repeat(100)}"}`, 2)).toBe(false);
    expect(jsonNestsDeeperThan(`{"a":"\\"${'{'.repeat(100)}"}`, 2)).toBe(false);
  });

  it('counts depth, not the number of brackets side by side', () => {
    expect(jsonNestsDeeperThan(`[${'[],'.repeat(1000)}[]]`, 2)).toBe(false);
  });
});

describe('unstorableTextFields', () => {
  it('names each field holding a NUL or a lone surrogate, nested ones by their path', () => {
    expect(
      unstorableTextFields({
        name: 'a\u0000',
        ok: 'テキスト😀',
        conditions: { keyword: '\ud800', list: ['x', '\udfff'] },
      }),
    ).toEqual(['name', 'conditions.keyword', 'conditions.list.1']);
  });

  it('names the object whose key holds one', () => {
    expect(unstorableTextFields({ conditions: { 'k\u0000': 1 } })).toEqual(['conditions']);
  });

  it('names a bare string by `_`, and finds nothing in numbers, booleans and null', () => {
    expect(unstorableTextFields('\u0000')).toEqual(['_']);
    expect(unstorableTextFields({ a: 1, b: true, c: null, d: undefined })).toEqual([]);
  });
});

describe('the route index', () => {
  const index = createRouteIndex({ maxParamLength: 100 });
  index.add({ method: ['GET', 'HEAD'], url: '/api/v1/news/:id' });
  index.add({ method: 'DELETE', url: '/api/v1/news/:id' });
  index.add({ method: 'POST', url: '/api/v1/news/search' });
  index.add({ method: ['GET', 'HEAD'], url: '/*' });

  it('answers the methods the routes of a path have', () => {
    expect(index.allowedMethods('/api/v1/news/12')).toEqual(['GET', 'HEAD', 'DELETE']);
    // As Fastify routes it: GET /api/v1/news/search reaches /:id with id 'search'.
    expect(index.allowedMethods('/api/v1/news/search')).toEqual(['GET', 'HEAD', 'POST', 'DELETE']);
    expect(index.allowedMethods('/api/v1/other')).toEqual([]);
  });

  it('leaves wildcard routes out: a path only they answer has no methods', () => {
    expect(index.allowedMethods('/mypage/anything')).toEqual([]);
    expect(index.list().map((route) => route.url)).not.toContain('/*');
  });
});
