import type { ReactNode } from 'react';
import { useParams } from '#client/lib/router/index.ts';
import type { AnyCall, CallInput, CallResult } from '#server/contracts/call.ts';
import { LoadFailedNotice, LoadingNotice } from '#client/components/page/page-states.tsx';
import { useCallQuery } from '#client/lib/request/call-client.ts';
import { HttpError } from '#client/lib/request/http-error.ts';

/**
 * The code of the record a detail page shows, from its URL parameter (`:id` unless named): a value
 * that cannot be such a code is the 404 page, before anything is asked of the server.
 */
export function useRecordCode(pattern: RegExp, param = 'id'): string {
  const code = useParams()[param];
  if (code === undefined || !pattern.test(code)) throw new HttpError(404);
  return code;
}

/**
 * A detail page's record, read by `call`: 読み込み中, or the load failure, in the notice box until
 * it is there; its 404 (no such record, or none the user may see) is the error page. Once read, a
 * reload that fails keeps the record on screen. Give it `key={code}` so that another record's page
 * starts afresh.
 */
export function RecordView<C extends AnyCall>({
  call,
  input,
  children,
}: {
  call: C;
  input: CallInput<C>;
  children: (record: CallResult<C>) => ReactNode;
}) {
  const { data, isError } = useCallQuery(call, input, {
    onNotFound: 'error-page',
    throwOnError: (error) => error instanceof HttpError,
  });
  if (data === undefined) return isError ? <LoadFailedNotice /> : <LoadingNotice />;
  return children(data);
}
