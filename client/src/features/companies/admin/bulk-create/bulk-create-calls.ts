import {
  type BulkCompanyRowInput,
  checkBulkCreateCall,
  createAllCompaniesCall,
} from '#server/contracts/company-bulk-create.ts';
import { IDEMPOTENCY_KEY_HEADER } from '#server/contracts/idempotency.ts';
import type { ApiClient } from '#client/lib/request/api-client.ts';
import { fetchCall, saveCall } from '#client/lib/request/call-client.ts';

/**
 * Every row's errors, nothing written (POST /api/v1/company/create_all/check); a failed request
 * throws RequestFailedError.
 */
export const checkBulkCreateRows = (api: ApiClient, rows: readonly BulkCompanyRowInput[]) =>
  fetchCall(api, checkBulkCreateCall, { body: { rows: [...rows] } });

/**
 * Creates every row's company and owner, or none (POST /api/v1/company/create_all): its outcome,
 * a refusal carrying each row's errors in its field errors. `requestKey` is the checked file's: a
 * retry of the same file (its answer was lost) answers the first create instead of creating again.
 */
export const createAllCompanies = (
  api: ApiClient,
  rows: readonly BulkCompanyRowInput[],
  requestKey: string,
) =>
  saveCall(
    api,
    createAllCompaniesCall,
    { body: { rows: [...rows] } },
    { headers: { [IDEMPOTENCY_KEY_HEADER]: requestKey } },
  );
