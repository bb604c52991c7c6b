import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { type AnyCall, type CallInput, callKeyPrefix, type CallResult } from '#server/contracts/call.ts';
import { useCommand } from '#client/components/command/use-command.ts';
import { useApiClient } from '#client/lib/request/api-client-context.ts';
import { saveCall } from '#client/lib/request/call-client.ts';
import type { SaveOutcome } from '#client/lib/request/save-request.ts';
import { SAVE_FAILURE_MESSAGE, SAVE_SUCCESS_MESSAGE } from '#client/lib/save-flow.ts';

/**
 * A command of the account pages (invite, revoke, disable, create): the overlay while it runs, then
 * the server's own words as the toast (アカウントを無効にしました, 招待メールを送信しました, or why it was
 * refused), and the lists it changed loaded again. Answers the outcome, so a form shows field errors.
 */
export function useAccountCommand() {
  const api = useApiClient();
  const { run } = useCommand();
  const queryClient = useQueryClient();
  return useCallback(
    async <C extends AnyCall>(
      call: C,
      input: CallInput<C>,
      reloads: readonly AnyCall[],
      /** What a success says where the server's answer carries no message of its own. */
      successMessage: string = SAVE_SUCCESS_MESSAGE,
    ): Promise<SaveOutcome<CallResult<C>>> => {
      const outcome = await run(() => saveCall(api, call, input), {
        done: successMessage,
        serverMessages: true,
        after: async ({ status }) => {
          if (status !== 'success') return;
          await Promise.all(
            reloads.map((reload) => queryClient.invalidateQueries({ queryKey: callKeyPrefix(reload) })),
          );
        },
      });
      // A second command while one runs is not sent: it answers as a quiet failure.
      return (
        outcome ?? { status: 'error', message: SAVE_FAILURE_MESSAGE, fieldErrors: {}, errorMessages: [] }
      );
    },
    [api, run, queryClient],
  );
}
