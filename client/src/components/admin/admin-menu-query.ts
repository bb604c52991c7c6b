import { queryOptions } from '@tanstack/react-query';
import { successEnvelope } from '#server/contracts/envelope.ts';
import { MENU_PATH } from '#server/contracts/identity.ts';
import { type MenuAnswer, menuAnswerSchema } from '#server/contracts/menu.ts';
import { type ApiClient, resultOf } from '#client/lib/request/api-client.ts';

const menuAnswerEnvelope = successEnvelope(menuAnswerSchema);

/** GET /api/v1/menu: the user's side's navigation, filtered by the server with filterMenu. */
export async function fetchServerMenu(api: ApiClient, signal?: AbortSignal): Promise<MenuAnswer> {
  return resultOf(MENU_PATH, await api.request(MENU_PATH, { schema: menuAnswerEnvelope, signal }));
}

/** The server's menu, loaded once per visit (a user's permissions change with a new login). */
export function serverMenuQuery(api: ApiClient) {
  return queryOptions({
    queryKey: ['menu'],
    queryFn: ({ signal }) => fetchServerMenu(api, signal),
    staleTime: Infinity,
  });
}
