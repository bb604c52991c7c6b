import type { QueryClient } from '@tanstack/react-query';
import { callKeyPrefix, type CallResult } from '#server/contracts/call.ts';
import {
  chargeCompanyLookupCall,
  companyChargesCall,
  type ChargeSaveRequest,
  saveCompanyChargeCall,
} from '#server/contracts/company-charges.ts';
import type { FieldErrors } from '#server/contracts/envelope.ts';
import { successEnvelope } from '#server/contracts/envelope.ts';
import type { ApiClient } from '#client/lib/request/api-client.ts';
import { useCallQuery } from '#client/lib/request/call-client.ts';
import { requestOf } from '#client/lib/request/fetch-call.ts';

export type CompanyCharges = CallResult<typeof companyChargesCall>;
export type SavedCharge = CallResult<typeof saveCompanyChargeCall>['charge'];

/** Up to 20 companies whose name, kana or code holds the keyword (GET /api/v1/company/charge/companies). */
export function useChargeCompanyLookup(keyword: string) {
  return useCallQuery(chargeCompanyLookupCall, { query: keyword ? { keyword } : {} }, { keepPrevious: true });
}

/**
 * The company and its charges of the last 12 months (GET /api/v1/company/charge/list); a company
 * that is not the bank's (or not there) fails like any other load, and the page says so in place.
 */
export function useCompanyCharges(companyUniqueCode: string, { enabled = true } = {}) {
  return useCallQuery(companyChargesCall, { query: { company_unique_code: companyUniqueCode } }, { enabled });
}

/** After a save, the charges load again (and the company desk's other views of them with them). */
export const reloadCharges = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: callKeyPrefix(companyChargesCall) });

/**
 * How a save ended, as the admin spec's section 8 tells them apart: saved (保存しました); no reply
 * (nothing came back: the network, a 401, a 500: 認証に失敗しました。再度お試しください); or refused
 * with the server's message (a wrong password, a month already charged, the rate limit) and its
 * field errors. The request layer's generic save answers the first and the last alike, so the page
 * asks it for the answer itself.
 */
export type ChargeSaveOutcome =
  | { kind: 'saved'; charge: SavedCharge }
  | { kind: 'no-reply' }
  | { kind: 'refused'; message: string | undefined; fieldErrors: FieldErrors };

const saveAnswerSchema = successEnvelope(saveCompanyChargeCall.result);

/** POST /api/v1/company/charge/save: the form plus the staff member's password. */
export async function saveCompanyCharge(api: ApiClient, body: ChargeSaveRequest): Promise<ChargeSaveOutcome> {
  const request = requestOf(saveCompanyChargeCall, { body });
  const answer = await api.request(request.path, {
    method: saveCompanyChargeCall.method,
    body: request.body,
    schema: saveAnswerSchema,
  });
  if (answer === undefined) return { kind: 'no-reply' };
  if (answer.status === 'success') return { kind: 'saved', charge: answer.result.charge };
  return {
    kind: 'refused',
    message: answer.message || answer.error_message || undefined,
    fieldErrors: answer.errors ?? {},
  };
}
