import { useState } from 'react';
import { refusalReason, useCommand } from '#client/components/command/use-command.ts';
import type { SaveOutcome } from '#client/lib/request/save-request.ts';

/**
 * The save flow of spec section 4 with the reservation's own toasts (退会予約を行いました /
 * 退会予約に失敗しました, and the cancel's). A refusal that says why (the server's 422 without field
 * errors: reserved meanwhile, too late) is kept to be shown in place; field errors are the form's to
 * show. A second press while one is sent sends nothing (undefined).
 */
export function useUnsubscribeCommand(messages: { done: string; failed: string }) {
  const command = useCommand();
  const [refusal, setRefusal] = useState<string | null>(null);

  const run = <T>(request: () => Promise<SaveOutcome<T>>): Promise<SaveOutcome<T> | undefined> => {
    setRefusal(null);
    return command.run(request, {
      ...messages,
      after: (outcome) => {
        if (outcome.status === 'error' && Object.keys(outcome.fieldErrors).length === 0)
          setRefusal(refusalReason(outcome) ?? null);
      },
    });
  };
  return { run, sending: command.sending, refusal };
}
