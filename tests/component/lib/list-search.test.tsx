import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from '#client/lib/router/index.ts';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { listQuery } from '#server/contracts/paging.ts';
import { paramsOfSearch, searchFromParams, useListSearch } from '#client/lib/list-search.ts';

const query = listQuery({
  keyword: z.optional(z.string().check(z.maxLength(20))),
  status: z.optional(z.enum(['OPEN', 'CLOSED'])),
});

describe('a list search in the URL', () => {
  it("reads the call's own names, with the defaults for what is missing", () => {
    const params = new URLSearchParams('keyword=工場&status=OPEN&page=3&rows=50');
    expect(searchFromParams(query, params)).toEqual({ keyword: '工場', status: 'OPEN', page: 3, rows: 50 });
    expect(searchFromParams(query, new URLSearchParams())).toEqual({ page: 1, rows: 25 });
  });

  it('drops what the schema refuses (a hand-edited URL) and keeps the rest', () => {
    const params = new URLSearchParams('status=MAYBE&page=-1&rows=9999&keyword=ok');
    expect(searchFromParams(query, params)).toEqual({ keyword: 'ok', page: 1, rows: 25 });
  });

  it('writes only what differs from the defaults', () => {
    expect(paramsOfSearch(query, { page: 1, rows: 25, keyword: '' }).toString()).toBe('');
    expect(paramsOfSearch(query, { page: 2, rows: 50, status: 'CLOSED' }).toString()).toBe(
      'rows=50&page=2&status=CLOSED',
    );
  });
});

describe('useListSearch', () => {
  function renderAt(url: string) {
    let hook: ReturnType<typeof useListSearch<typeof query>> | undefined;
    function Probe() {
      hook = useListSearch(query);
      return null;
    }
    const router = createMemoryRouter([{ path: '/list', element: <Probe /> }], { initialEntries: [url] });
    renderHook(() => null, {
      wrapper: ({ children }: { children: ReactNode }) => (
        <>
          {children}
          <RouterProvider router={router} />
        </>
      ),
    });
    return { router, hook: () => hook! };
  }

  it('starts a new search from the first page, and the pager keeps its page', async () => {
    const { router, hook } = renderAt('/list?page=4&keyword=a');
    expect(hook().search).toMatchObject({ page: 4, keyword: 'a' });
    await act(async () => {
      hook().change({ status: 'OPEN' });
    });
    expect(router.state.location.search).toBe('?keyword=a&status=OPEN');
    await act(async () => {
      hook().turnPage({ page: 2, rows: 50 });
    });
    expect(router.state.location.search).toBe('?rows=50&page=2&keyword=a&status=OPEN');
  });
});
