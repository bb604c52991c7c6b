import type { LoaderFunctionArgs } from '#client/lib/router/index.ts';
import { publicWebsiteCall, publicWebsiteParamsSchema } from '#server/contracts/company-website.ts';
import { apiClientRouterContext } from '#client/lib/request/api-client-context.ts';
import { fetchCall } from '#client/lib/request/fetch-call.ts';
import { HttpError, RequestFailedError } from '#client/lib/request/http-error.ts';

/** A load the request layer has already reported: the page says so in place. */
const LOAD_FAILED = { loaded: false } as const;

/**
 * The loader of /hp/{company_unique_code}: the company's site. A code that cannot be one, and a site
 * the host's bank does not show (none, not published, another bank's company, a company that has
 * left), are the 404 page, without telling which.
 */
export async function publicWebsiteLoader({ params, request, context }: LoaderFunctionArgs) {
  const parsed = publicWebsiteParamsSchema.safeParse({ company_unique_code: params.id });
  if (!parsed.success) throw new HttpError(404);
  try {
    const site = await fetchCall(
      context.get(apiClientRouterContext),
      publicWebsiteCall,
      { params: parsed.data },
      { signal: request.signal, onNotFound: 'error-page' },
    );
    return { loaded: true, site } as const;
  } catch (error) {
    if (error instanceof RequestFailedError) return LOAD_FAILED;
    throw error;
  }
}
