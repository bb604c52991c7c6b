import {
  checkInvitationCall,
  type EmployeeRegistration,
  registerEmployeeCall,
} from '#server/contracts/employee-invitation.ts';
import type { ApiClient } from '#client/lib/request/api-client.ts';
import { saveCall } from '#client/lib/request/save-call.ts';

/**
 * A link past its days, used, revoked or unknown answers 404 with the message the page shows in
 * place of the form (INVITATION_MESSAGES), not the quiet failure a 404 is by default.
 */
const REFUSED_LINK_IS_A_REFUSAL = { onNotFound: 'refusal' } as const;

/** Whether the link can be used, and whose invitation to which address (POST /api/v1/register/employee/check). */
export const checkInvitation = (api: ApiClient, token: string) =>
  saveCall(api, checkInvitationCall, { body: { token } }, REFUSED_LINK_IS_A_REFUSAL);

/** Registers the invitee as an employee of the inviting company (POST /api/v1/register/employee). */
export const registerEmployee = (api: ApiClient, registration: EmployeeRegistration) =>
  saveCall(api, registerEmployeeCall, { body: registration }, REFUSED_LINK_IS_A_REFUSAL);
