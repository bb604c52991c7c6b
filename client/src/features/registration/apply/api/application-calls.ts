import type { PaymentCardFields } from '#server/contracts/payment-card.ts';
import { lookUpPostCodeCall } from '#server/contracts/postcode.ts';
import {
  createRegistrationDraftCall,
  readRegistrationDraftCall,
  type RegistrationAgreement,
  registerApplicationCardCall,
  saveRegistrationDraftCall,
  submitRegistrationCall,
} from '#server/contracts/registration.ts';
import type { RegistrationStepKey } from '#server/contracts/registration-variants.ts';
import type { ApiClient } from '#client/lib/request/api-client.ts';
import { fetchCall } from '#client/lib/request/fetch-call.ts';
import { saveCall } from '#client/lib/request/save-call.ts';

/** A draft past its 24 hours answers 404 with the message the page shows (draftGone). */
const GONE_IS_A_REFUSAL = { onNotFound: 'refusal' } as const;

/** Records the agreement and opens a draft (POST /api/v1/register/drafts). */
export const startApplication = (api: ApiClient, agreement: RegistrationAgreement) =>
  saveCall(api, createRegistrationDraftCall, { body: agreement });

/** The draft's variant and what was entered so far (POST /api/v1/register/drafts/read). */
export const readApplication = (api: ApiClient, draftId: string) =>
  saveCall(api, readRegistrationDraftCall, { body: { draft_id: draftId } }, GONE_IS_A_REFUSAL);

/** Keeps one step's fields in the draft (PUT /api/v1/register/drafts). */
export const saveApplicationStep = (
  api: ApiClient,
  draftId: string,
  step: RegistrationStepKey,
  values: Record<string, unknown>,
) =>
  saveCall(api, saveRegistrationDraftCall, { body: { draft_id: draftId, step, values } }, GONE_IS_A_REFUSAL);

/** Sends the application for the bank's decision (POST /api/v1/register). */
export const sendApplication = (api: ApiClient, draftId: string) =>
  saveCall(api, submitRegistrationCall, { body: { draft_id: draftId } }, GONE_IS_A_REFUSAL);

/** The places a post code names (GET /api/v1/master/postcode): from a data set on the server. */
export const lookUpPostCode = (api: ApiClient, postCode: string) =>
  fetchCall(api, lookUpPostCodeCall, { query: { post_code: postCode } });

/** Tokenises the applicant's card into the draft (POST /api/v1/register/drafts/card). */
export const registerApplicationCard = (api: ApiClient, draftId: string, card: PaymentCardFields) =>
  saveCall(api, registerApplicationCardCall, { body: { ...card, draft_id: draftId } }, GONE_IS_A_REFUSAL);
