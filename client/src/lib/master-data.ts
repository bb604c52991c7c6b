import {
  type QueryClient,
  queryOptions,
  useQueryClient,
  useSuspenseQueries,
  useSuspenseQuery,
} from '@tanstack/react-query';
import { useMemo } from 'react';
import * as z from 'zod/mini';
import { isBankUser } from '#server/contracts/account-types.ts';
import { successEnvelope } from '#server/contracts/envelope.ts';
import { type ApiClient, resultOf } from './request/api-client.ts';
import {
  analyseActionSchema,
  baBankBranchSchema,
  baBankSchema,
  bankBranchSchema,
  businessCategorySchema,
  chargeStatusSchema,
  chatRoomTypeSchema,
  codeItemSchema,
  prefectureSchema,
  userTypeSchema,
} from '#server/contracts/master-list-items.ts';
import type { LoggedInUser } from '#server/contracts/logged-in-user.ts';
import { useCurrentUser } from './current-user.ts';
import { useApiClient } from './request/api-client-context.ts';

/** How one list is fetched: its path, its item schema and any fixed query. */
function listAt<S extends z.core.$ZodType>(path: string, item: S, query?: Record<string, string>) {
  const schema = successEnvelope(z.array(item));
  return {
    path,
    item,
    query,
    fetch: async (api: ApiClient, signal?: AbortSignal) =>
      resultOf(path, await api.request(path, { schema, query, signal })),
  };
}

/** GET /api/v1/master?lists=a,b: several lists in one call, each as its own path answers it. */
const MASTER_BUNDLE_PATH = '/api/v1/master';
const codeListAt = (path: string) => listAt(path, codeItemSchema);

/** The lists loaded at start-up (admin spec sections 3 and 7), by name. */
const MASTER_LIST_SOURCES = {
  ba_ca_types: listAt('/api/v1/master/ba_ca_types', businessCategorySchema),
  prefectures: listAt('/api/v1/master/prefectures', prefectureSchema),
  subsidy_classes: codeListAt('/api/v1/master/subsidy_classes'),
  unsubscribe_reasons: codeListAt('/api/v1/master/unsubscribe_reasons'),
  analyse_action: listAt('/api/v1/master/analyse_action', analyseActionSchema, { category: 'matching' }),
  user_types: listAt('/api/v1/master/user_types', userTypeSchema),
  seminar_statuses: codeListAt('/api/v1/master/seminar_statuses'),
  interesting_features: codeListAt('/api/v1/master/interesting_features'),
  news_categories: codeListAt('/api/v1/master/news_categories'),
  activity_types: codeListAt('/api/v1/master/activity_types'),
  document_categories: codeListAt('/api/v1/master/document_categories'),
  charge_statuses: listAt('/api/v1/master/charge_statuses', chargeStatusSchema),
  company_statuses: codeListAt('/api/v1/master/company_statuses'),
  cso_categories: codeListAt('/api/v1/master/cso_categories'),
  cso_statuses: codeListAt('/api/v1/master/cso_statuses'),
  cso_publish_statuses: codeListAt('/api/v1/master/cso_publish_statuses'),
  chat_room_types: listAt('/api/v1/master/chat_room_types', chatRoomTypeSchema),
  company_innovation_histories_statuses: codeListAt('/api/v1/master/company_innovation_histories_statuses'),
  cmh_statuses: codeListAt('/api/v1/master/cmh_statuses'),
  cmh_request_types: codeListAt('/api/v1/master/cmh_request_types'),
  partner_information_statuses: codeListAt('/api/v1/master/partner_information_statuses'),
  registration_reasons: codeListAt('/api/v1/companyregister/reasons'),
  // Bank side only.
  ba_banks: listAt('/api/v1/master/ba_banks', baBankSchema),
  ba_bank_branches: listAt('/api/v1/master/ba_bank_branches', baBankBranchSchema),
  bank_branches: listAt('/api/v1/master/bank_branches', bankBranchSchema),
  cr_statuses: codeListAt('/api/v1/master/cr_statuses'),
  company_types: codeListAt('/api/v1/master/company_types'),
  event_codes: codeListAt('/api/v1/master/event_codes'),
};

export type MasterListName = keyof typeof MASTER_LIST_SOURCES;
type MasterListTypes = {
  [K in MasterListName]: Awaited<ReturnType<(typeof MASTER_LIST_SOURCES)[K]['fetch']>>;
};
export type MasterList<K extends MasterListName> = MasterListTypes[K];

// Typed as a mapped type so that `MASTER_LISTS[name]` keeps the list's own type for a generic name.
const MASTER_LISTS: {
  [K in MasterListName]: {
    path: string;
    item: z.core.$ZodType;
    query?: Record<string, string>;
    fetch(api: ApiClient, signal?: AbortSignal): Promise<MasterListTypes[K]>;
  };
} = MASTER_LIST_SOURCES;

/** Who the lists are loaded for: the spec loads bank, branch and a few other lists for bank staff only. */
export type MasterDataAudience = 'company' | 'bank' | 'register';

const COMMON_LISTS = [
  'ba_ca_types',
  'prefectures',
  'subsidy_classes',
  'unsubscribe_reasons',
  'analyse_action',
  'user_types',
  'seminar_statuses',
  'interesting_features',
  'news_categories',
  'activity_types',
  'document_categories',
  'charge_statuses',
  'company_statuses',
  'cso_categories',
  'cso_statuses',
  'cso_publish_statuses',
  'chat_room_types',
  'company_innovation_histories_statuses',
  'cmh_statuses',
  'cmh_request_types',
  'partner_information_statuses',
  'registration_reasons',
] as const satisfies readonly MasterListName[];

const BANK_ONLY_LISTS = [
  'ba_banks',
  'ba_bank_branches',
  'bank_branches',
  'cr_statuses',
  'company_types',
  'event_codes',
] as const satisfies readonly MasterListName[];

/** What the registration forms choose from: industry, prefecture, branch and interests. */
const REGISTER_LISTS = [
  'ba_ca_types',
  'prefectures',
  'bank_branches',
  'interesting_features',
] as const satisfies readonly MasterListName[];

export const MASTER_LISTS_BY_AUDIENCE: Record<MasterDataAudience, readonly MasterListName[]> = {
  company: COMMON_LISTS,
  bank: [...COMMON_LISTS, ...BANK_ONLY_LISTS],
  register: REGISTER_LISTS,
};

/** Bank staff and company users load different lists; a visitor who is not logged in loads none. */
export function masterDataAudienceOf(user: LoggedInUser | null): MasterDataAudience | null {
  if (!user) return null;
  return isBankUser(user.user_type) ? 'bank' : 'company';
}

export async function fetchMasterList<K extends MasterListName>(
  api: ApiClient,
  name: K,
  signal?: AbortSignal,
): Promise<MasterList<K>> {
  return MASTER_LISTS[name].fetch(api, signal);
}

/** One master list, kept for the visit: the lists change with a release, not while someone works. */
export function masterListQueryOptions<K extends MasterListName>(api: ApiClient, name: K) {
  return queryOptions({
    queryKey: ['master', name],
    queryFn: ({ signal }) => fetchMasterList(api, name, signal),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}

/**
 * Several lists in one call. The bundle answers a list whole (analyse_action with every category):
 * a list's fixed query (`category: 'matching'`) is applied here, as its own path applies it.
 */
export async function fetchMasterLists(
  api: ApiClient,
  names: readonly MasterListName[],
  signal?: AbortSignal,
): Promise<Partial<MasterListTypes>> {
  const schema = successEnvelope(
    z.object(Object.fromEntries(names.map((name) => [name, z.array(MASTER_LISTS[name].item)]))),
  );
  const answer = resultOf(
    MASTER_BUNDLE_PATH,
    await api.request(MASTER_BUNDLE_PATH, { schema, query: { lists: names.join(',') }, signal }),
  ) as Record<string, Record<string, unknown>[]>;
  const lists: Record<string, unknown[]> = {};
  for (const name of names) {
    const fixed = Object.entries(MASTER_LISTS[name].query ?? {});
    lists[name] = (answer[name] ?? []).filter((item) => fixed.every(([key, value]) => item[key] === value));
  }
  return lists as Partial<MasterListTypes>;
}

/**
 * Loads (or finds in the cache) every list an audience needs, those not cached in one call; used by
 * the start-up and layout loaders.
 */
export async function loadMasterData(
  queryClient: QueryClient,
  api: ApiClient,
  audience: MasterDataAudience,
): Promise<void> {
  const missing = MASTER_LISTS_BY_AUDIENCE[audience].filter(
    (name) => queryClient.getQueryData(masterListQueryOptions(api, name).queryKey) === undefined,
  );
  if (missing.length === 0) return;
  const lists = await fetchMasterLists(api, missing);
  for (const name of missing)
    queryClient.setQueryData(masterListQueryOptions(api, name).queryKey, lists[name]);
}

/** One master list; suspends while it loads if start-up did not load it already. */
export function useMasterList<K extends MasterListName>(name: K): MasterList<K> {
  return useSuspenseQuery(masterListQueryOptions(useApiClient(), name)).data;
}

/** The master lists loaded for an audience; a list outside the audience answers undefined. */
export interface MasterData {
  list<K extends MasterListName>(name: K): MasterList<K> | undefined;
}

/**
 * The master lists of an audience (by default the visitor's: bank staff, company users, nothing
 * for a visitor who is not logged in). Start-up loaded them before the layout appeared, so this
 * does not suspend in the app.
 */
export function useMasterData(audience?: MasterDataAudience): MasterData {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const user = useCurrentUser();
  const chosen = audience ?? masterDataAudienceOf(user);
  const names = chosen ? MASTER_LISTS_BY_AUDIENCE[chosen] : [];
  // Subscribes to every list of the audience (and suspends for any not loaded yet).
  useSuspenseQueries({ queries: names.map((name) => masterListQueryOptions(api, name)) });
  return useMemo(
    () => ({
      list: (name) =>
        names.includes(name)
          ? queryClient.getQueryData(masterListQueryOptions(api, name).queryKey)
          : undefined,
    }),
    [api, queryClient, names],
  );
}
