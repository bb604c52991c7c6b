import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from '#client/lib/router/index.ts';
import { describe, expect, it } from 'vitest';
import { useRecordCode } from '#client/components/detail/record-view.tsx';
import { HttpError } from '#client/lib/request/http-error.ts';

const CODE_PATTERN = /^[A-Za-z0-9]{8}$/;

function at(path: string) {
  return ({ children }: { children: ReactNode }) => (
    <RouterProvider
      router={createMemoryRouter([{ path: '/deals/:id', element: children }], { initialEntries: [path] })}
    />
  );
}

describe('useRecordCode: the code of the record a detail page shows', () => {
  it('gives the URL’s code when it can be one', () => {
    const { result } = renderHook(() => useRecordCode(CODE_PATTERN), { wrapper: at('/deals/Ab12Cd34') });
    expect(result.current).toBe('Ab12Cd34');
  });

  it('is the 404 page for a value that cannot be a code', () => {
    let thrown: unknown;
    renderHook(
      () => {
        try {
          return useRecordCode(CODE_PATTERN);
        } catch (error) {
          thrown = error;
          return undefined;
        }
      },
      { wrapper: at('/deals/not-a-code') },
    );
    expect(thrown).toBeInstanceOf(HttpError);
    expect((thrown as HttpError).status).toBe(404);
  });
});
