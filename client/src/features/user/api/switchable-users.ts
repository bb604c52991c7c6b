import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  SWITCHABLE_USERS_PATH,
  switchableUserSchema,
  USER_SWITCH_PATH,
  userSwitchAnswerSchema,
} from '#server/contracts/identity.ts';
import { TABLE_DEFAULT_ROWS } from '#server/contracts/paging.ts';
import type { ApiClient } from '#client/lib/request/api-client.ts';
import { useApiClient } from '#client/lib/request/api-client-context.ts';
import { listRequest } from '#client/lib/request/list-request.ts';
import { saveRequest } from '#client/lib/request/save-request.ts';

export interface SwitchableUsersSearch {
  keyword: string;
  page: number;
}

/** GET /api/v1/user/switchable?keyword&page&rows: a page of the bank's users an admin may act as. */
export function fetchSwitchableUsers(
  api: ApiClient,
  { keyword, page }: SwitchableUsersSearch,
  signal?: AbortSignal,
) {
  return listRequest(
    api,
    SWITCHABLE_USERS_PATH,
    { page, rows: TABLE_DEFAULT_ROWS, conditions: { keyword: keyword === '' ? undefined : keyword } },
    { itemSchema: switchableUserSchema, method: 'GET', signal },
  );
}

export function switchableUsersQuery(api: ApiClient, search: SwitchableUsersSearch) {
  return queryOptions({
    queryKey: ['user', 'switchable', search],
    queryFn: ({ signal }) => fetchSwitchableUsers(api, search, signal),
    // The current page stays on screen while the next one loads.
    placeholderData: keepPreviousData,
  });
}

export function useSwitchableUsers(search: SwitchableUsersSearch) {
  return useQuery(switchableUsersQuery(useApiClient(), search));
}

/**
 * POST /api/v1/user/switch { user_unique_code } (the generic save): the session becomes that
 * user's. A success names who the admin was (the switch-from marker) and where to go.
 */
export function switchToUser(api: ApiClient, userUniqueCode: string) {
  return saveRequest(
    api,
    USER_SWITCH_PATH,
    { user_unique_code: userUniqueCode },
    { resultSchema: userSwitchAnswerSchema },
  );
}
