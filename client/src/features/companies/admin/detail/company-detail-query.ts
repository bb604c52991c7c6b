import type { QueryClient } from '@tanstack/react-query';
import { callKey } from '#server/contracts/call.ts';
import { companyDetailCall } from '#server/contracts/company-detail.ts';
import { useCallQuery } from '#client/lib/request/call-client.ts';
import { HttpError } from '#client/lib/request/http-error.ts';

const detailInput = (companyUniqueCode: string) => ({ params: { company_unique_code: companyUniqueCode } });

/**
 * A company as the desk shows it (GET /api/v1/company/detail/{code}). A company that is not the
 * bank's, or not of the branch staff member's branches, is the 404 page; any other failure is the
 * page's to tell (isError).
 */
export function useCompanyDetail(companyUniqueCode: string) {
  return useCallQuery(companyDetailCall, detailInput(companyUniqueCode), {
    onNotFound: 'error-page',
    throwOnError: (error) => error instanceof HttpError,
  });
}

/** After the company changed (its leaving reserved or cancelled), its page loads again. */
export const reloadCompanyDetail = (queryClient: QueryClient, companyUniqueCode: string) =>
  queryClient.invalidateQueries({ queryKey: callKey(companyDetailCall, detailInput(companyUniqueCode)) });
