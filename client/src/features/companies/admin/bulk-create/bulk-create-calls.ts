import {
  type BulkCompanyRowInput,
  checkBulkCreateCall,
  createAllCompaniesCall,
} from '#server/contracts/company-bulk-create.ts';
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
 * a refusal carrying each row's errors in its field errors.
 */
export const createAllCompanies = (api: ApiClient, rows: readonly BulkCompanyRowInput[]) =>
  saveCall(api, createAllCompaniesCall, { body: { rows: [...rows] } });
