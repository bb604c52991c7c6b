import type { QueryClient } from '@tanstack/react-query';
import { callKey, callKeyPrefix } from '#server/contracts/call.ts';
import {
  approveRegistrationCall,
  PORTAL_REJECTION_VARIANTS,
  type RegistrationConditions,
  type RegistrationListItem,
  registrationDetailCall,
  rejectPortalRegistrationCall,
  rejectRegistrationCall,
  searchRegistrationsCall,
  upgradePortalCompanyCall,
  upgradeStatusCall,
} from '#server/contracts/registration-desk.ts';
import type { ApiClient } from '#client/lib/request/api-client.ts';
import { saveCall, useCallQuery } from '#client/lib/request/call-client.ts';
import { HttpError } from '#client/lib/request/http-error.ts';

export interface RegistrationListRequest {
  conditions: RegistrationConditions;
  page: number;
  rows: number;
}

/** A page of the applications this staff member may see (POST /api/v1/companyregister/search). */
export function useRegistrationList(request: RegistrationListRequest) {
  // The page on screen stays while the next one loads.
  return useCallQuery(searchRegistrationsCall, { body: request }, { keepPrevious: true });
}

const detailInput = (crUniqueCode: string) => ({ params: { cr_unique_code: crUniqueCode } });

/**
 * One application in full (GET /api/v1/companyregister/detail/{code}). A code that is not the bank's
 * is the 404 page; any other failure is the page's to tell (isError).
 */
export function useRegistrationDetail(crUniqueCode: string) {
  return useCallQuery(registrationDetailCall, detailInput(crUniqueCode), {
    onNotFound: 'error-page',
    throwOnError: (error) => error instanceof HttpError,
  });
}

/** Approves a pending application: the company, its owner and login id are created, the owner mailed. */
export const approveRegistration = (api: ApiClient, crUniqueCode: string) =>
  saveCall(api, approveRegistrationCall, { body: { cr_unique_code: crUniqueCode } });

/**
 * Rejects a pending application with a reason of the registration_reasons master. The portal
 * variant (hgba), whose applicant is not told, has a call of its own.
 */
export const rejectRegistration = (
  api: ApiClient,
  application: Pick<RegistrationListItem, 'cr_unique_code' | 'cr_variant'>,
  reasonCode: string,
) =>
  saveCall(
    api,
    PORTAL_REJECTION_VARIANTS.includes(application.cr_variant)
      ? rejectPortalRegistrationCall
      : rejectRegistrationCall,
    { body: { cr_unique_code: application.cr_unique_code, reason_code: reasonCode } },
  );

/** After a decision (or a refusal: decided by someone else), the application and the lists load again. */
export async function reloadAfterDecision(queryClient: QueryClient, crUniqueCode: string): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: callKey(registrationDetailCall, detailInput(crUniqueCode)) }),
    queryClient.invalidateQueries({ queryKey: callKeyPrefix(searchRegistrationsCall) }),
  ]);
}

const upgradeInput = (crUniqueCode: string) => ({ query: { cr_unique_code: crUniqueCode } });

/** Whether the application's company can be made a full member (GET upgrade_status). */
export const useUpgradeStatus = (crUniqueCode: string) =>
  useCallQuery(upgradeStatusCall, upgradeInput(crUniqueCode));

/** Makes the application's BA-portal company a full business assist member. */
export const upgradePortalCompany = (api: ApiClient, crUniqueCode: string) =>
  saveCall(api, upgradePortalCompanyCall, { body: { cr_unique_code: crUniqueCode } });

/** After an upgrade (or its refusal), where it stands loads again. */
export const reloadUpgradeStatus = (queryClient: QueryClient, crUniqueCode: string) =>
  queryClient.invalidateQueries({ queryKey: callKey(upgradeStatusCall, upgradeInput(crUniqueCode)) });
