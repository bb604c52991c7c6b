import {
  checkResetLinkCall,
  type PasswordReset,
  type ReminderRequest,
  requestPasswordResetCall,
  resetPasswordCall,
} from '#server/contracts/reminder.ts';
import type { ApiClient } from '#client/lib/request/api-client.ts';
import { saveCall } from '#client/lib/request/save-call.ts';

/** Asks for a reset link (POST /api/v1/reminder): the same answer whether or not an account matched. */
export const requestPasswordReset = (api: ApiClient, request: ReminderRequest) =>
  saveCall(api, requestPasswordResetCall, { body: request });

/** Whether the link can still be used, and for which login id (POST /api/v1/reminder/check). */
export const checkResetLink = (api: ApiClient, token: string) =>
  saveCall(api, checkResetLinkCall, { body: { token } });

/** Sets the new password with the link (POST /api/v1/reminder/reset). */
export const resetPassword = (api: ApiClient, reset: PasswordReset) =>
  saveCall(api, resetPasswordCall, { body: reset });
