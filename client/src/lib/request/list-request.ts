import type * as z from 'zod/mini';
import { successEnvelope } from '#server/contracts/envelope.ts';
import { DEFAULT_LIST_ROWS, listResultSchema, type PagingData } from '#server/contracts/paging.ts';
import { type ApiClient, type HttpMethod, type QueryParams, resultOf } from './api-client.ts';

export interface ListQuery<C> {
  rows?: number;
  page?: number;
  conditions?: C;
}

export interface ListPage<T> {
  list: T[];
  pagingData: PagingData;
}

export interface ListRequestOptions<S extends z.core.$ZodType> {
  /** Parses each item of result.list. */
  itemSchema: S;
  method?: HttpMethod;
  signal?: AbortSignal;
}

/** GET conditions travel as query parameters, so each must be a single value. */
function toQueryParams(conditions: object | undefined): QueryParams {
  const params: QueryParams = {};
  for (const [name, value] of Object.entries(conditions ?? {})) {
    if (value === null || value === undefined) continue;
    if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') {
      throw new TypeError(`List condition "${name}" cannot be sent as a query parameter; use POST`);
    }
    params[name] = value;
  }
  return params;
}

/**
 * The generic list of spec section 7: `{ rows = 100, page = 1, conditions }`, POST unless told
 * otherwise (a GET sends them as query parameters), answering result.list and result.paging_data.
 * A failed load throws RequestFailedError, so the page shows データ取得に失敗しました.
 */
export async function listRequest<S extends z.core.$ZodType, C extends object = Record<string, unknown>>(
  api: ApiClient,
  path: string,
  { rows = DEFAULT_LIST_ROWS, page = 1, conditions }: ListQuery<C> = {},
  { itemSchema, method = 'POST', signal }: ListRequestOptions<S>,
): Promise<ListPage<z.output<S>>> {
  const schema = successEnvelope(listResultSchema(itemSchema));
  const answer =
    method === 'GET'
      ? await api.request(path, {
          method,
          query: { ...toQueryParams(conditions), rows, page },
          schema,
          signal,
        })
      : await api.request(path, { method, body: { rows, page, conditions }, schema, signal });
  const result = resultOf(path, answer);
  return { list: result.list, pagingData: result.paging_data };
}
