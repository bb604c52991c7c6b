import * as z from 'zod/mini';
import { successEnvelope } from '#server/contracts/envelope.ts';
import type { ErrorReporter } from '#client/lib/error-reporting.ts';
import { type ApiClient, resultOf } from '#client/lib/request/api-client.ts';

/** The gateway's server info (server/api/system/routes.ts); asked of the page's own origin. */
export const SERVER_INFO_PATH = '/api/server-info';

const serverInfoAnswerSchema = successEnvelope(z.object({ api_url: z.string() }));
export type ServerInfo = z.infer<typeof serverInfoAnswerSchema>['result'];

/**
 * Server info (spec section 4): its api_url becomes the API base. When it cannot be had, only an
 * error report is made and the page's own origin serves as the API base.
 */
export async function fetchServerInfo(
  sameOrigin: ApiClient,
  reporter: ErrorReporter,
  pageOrigin: string,
): Promise<ServerInfo> {
  try {
    return resultOf(
      SERVER_INFO_PATH,
      await sameOrigin.request(SERVER_INFO_PATH, { schema: serverInfoAnswerSchema }),
    );
  } catch (error) {
    reporter.captureException(error, { tags: { kind: 'startup', step: 'server-info' } });
    return { api_url: pageOrigin };
  }
}
