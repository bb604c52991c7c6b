import { useCallback, useEffect, useState } from 'react';
import { getIdentityLinksCall, type IdentityLinkState } from '#server/contracts/identity-link.ts';
import { useApiClient } from '#client/lib/request/api-client-context.ts';
import { fetchCall } from '#client/lib/request/fetch-call.ts';

export type IdentityLinkLoad =
  { status: 'loading' } | { status: 'failed' } | { status: 'loaded'; state: IdentityLinkState };

/**
 * The logged-in user's links (GET /api/v1/user/identity_link), read when the page opens and again on
 * `reload`. The plain layout has no query cache (decision 0037), and a route loader cannot tell a
 * visitor (told to log in, nothing asked) from a logged-in user: so the page reads it itself, with
 * the request layer's fetchCall (only once the page knows someone is logged in).
 */
export function useIdentityLinks() {
  const api = useApiClient();
  const [load, setLoad] = useState<IdentityLinkLoad>({ status: 'loading' });
  const [round, setRound] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    setLoad({ status: 'loading' });
    fetchCall(api, getIdentityLinksCall, {}, { signal: controller.signal }).then(
      (state) => setLoad({ status: 'loaded', state }),
      () => {
        if (!controller.signal.aborted) setLoad({ status: 'failed' });
      },
    );
    return () => controller.abort();
  }, [api, round]);

  const reload = useCallback(() => setRound((value) => value + 1), []);
  return { load, reload };
}
