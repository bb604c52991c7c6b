import {
  INQUIRY_API_PATH,
  type InquiryRequest,
  inquiryReceiptSchema,
} from '../../../../../server/contracts/inquiry.ts';
import type { ApiClient } from '../../../lib/request/api-client.ts';
import { saveRequest } from '../../../lib/request/save-request.ts';

/** Sends the inquiry form (POST /api/v1/inquiry); answers the save's outcome with the receipt. */
export function sendInquiry(api: ApiClient, inquiry: InquiryRequest) {
  return saveRequest(api, INQUIRY_API_PATH, inquiry, { resultSchema: inquiryReceiptSchema });
}
