import type { ReactNode } from 'react';
import { MESSAGES } from '#server/contracts/messages.ts';
import { PageAlert, PageNotice } from './page-text.ts';

/** What a page shows while its data comes. */
export const LOADING_TEXT = '読み込み中';

/** The part of a TanStack query's state a page shows. */
export interface QueryStateQuery<T> {
  data: T | undefined;
  isError: boolean;
  isPending: boolean;
}

export interface QueryStateProps<T> {
  query: QueryStateQuery<T>;
  /** The content, once the data is there. */
  children: (data: T) => ReactNode;
  /** Said when the request fails; the spec's データ取得に失敗しました unless a page has its own. */
  loadFailed?: string;
  /** With `empty`: which data counts as nothing to show. */
  isEmpty?: (data: T) => boolean;
  /** Shown instead of the content when `isEmpty` says so. */
  empty?: ReactNode;
}

/**
 * A query's three states around a page's content: 読み込み中 (read out as a status) until the first
 * answer, the load failure as an alert, and the empty state when the answer has nothing. A failed
 * refresh keeps the data on screen below the alert (TanStack keeps it), so nothing already read
 * disappears. The spec offers no retry on a load failure: going to the page again asks again.
 */
export function QueryState<T>({
  query: { data, isError, isPending },
  children,
  loadFailed = MESSAGES.loadFailed,
  isEmpty,
  empty,
}: QueryStateProps<T>) {
  return (
    <>
      {isError && <PageAlert role="alert">{loadFailed}</PageAlert>}
      {isPending && <PageNotice role="status">{LOADING_TEXT}</PageNotice>}
      {data !== undefined && (empty !== undefined && isEmpty?.(data) ? empty : children(data))}
    </>
  );
}

/**
 * In place of a page whose data is not there yet (`if (data === undefined) return …`): 読み込み中,
 * or the failure once the request failed. A failed refresh with data on screen keeps the data.
 */
export function QueryWaiting({
  isError,
  loadFailed = MESSAGES.loadFailed,
}: {
  isError: boolean;
  loadFailed?: string;
}) {
  return isError ? (
    <PageAlert role="alert">{loadFailed}</PageAlert>
  ) : (
    <PageNotice role="status">{LOADING_TEXT}</PageNotice>
  );
}
