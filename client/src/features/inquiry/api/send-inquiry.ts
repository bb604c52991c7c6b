import { type InquiryRequest, sendInquiryCall } from '#server/contracts/inquiry.ts';
import type { ApiClient } from '#client/lib/request/api-client.ts';
import { saveCall } from '#client/lib/request/save-call.ts';

/** Sends the inquiry form (POST /api/v1/inquiry); answers the save's outcome with the receipt. */
export function sendInquiry(api: ApiClient, inquiry: InquiryRequest) {
  return saveCall(api, sendInquiryCall, { body: inquiry });
}
