import type { LoaderFunctionArgs } from '#client/lib/router/index.ts';
import { agreementParamsSchema, getAgreementPageCall } from '#server/contracts/matching-agreement.ts';
import { apiClientRouterContext } from '#client/lib/request/api-client-context.ts';
import { fetchCall } from '#client/lib/request/fetch-call.ts';
import { HttpError, RequestFailedError } from '#client/lib/request/http-error.ts';

// A public page: it loads in its route loader, without react-query (the plain layout has no query cache).

/** A load the request layer has already reported: the page says so in place. */
const LOAD_FAILED = { loaded: false } as const;

/**
 * The loader of /ncba/bm/agreement/{unique_code}: the bank's terms for the company the link is for.
 * A code that cannot be one, or one the host's bank does not know, is the 404 page.
 */
export async function matchingAgreementLoader({ params, request, context }: LoaderFunctionArgs) {
  const parsed = agreementParamsSchema.safeParse({ unique_code: params.unique_code });
  if (!parsed.success) throw new HttpError(404);
  try {
    const page = await fetchCall(
      context.get(apiClientRouterContext),
      getAgreementPageCall,
      { params: parsed.data },
      { signal: request.signal, onNotFound: 'error-page' },
    );
    return { loaded: true, code: parsed.data.unique_code, page } as const;
  } catch (error) {
    if (error instanceof RequestFailedError) return LOAD_FAILED;
    throw error;
  }
}
