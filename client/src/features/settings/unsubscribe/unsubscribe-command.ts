import { useState } from 'react';
import { useOverlay } from '#client/components/feedback/overlay.tsx';
import { useToast } from '#client/components/feedback/toast.tsx';
import { DEFAULT_ERROR_MESSAGE } from '#client/lib/request/http-error.ts';
import type { SaveOutcome } from '#client/lib/request/save-request.ts';

/**
 * The save flow of spec section 4 with the reservation's own toasts (退会予約を行いました /
 * 退会予約に失敗しました, and the cancel's): overlay on, the call, its toast, overlay off. A refusal
 * that says why (the server's 422 without field errors: reserved meanwhile, too late) is kept to be
 * shown in place; field errors are the form's to show.
 */
export function useUnsubscribeCommand(messages: { done: string; failed: string }) {
  const overlay = useOverlay();
  const toast = useToast();
  const [sending, setSending] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);

  const run = async <T>(request: () => Promise<SaveOutcome<T>>): Promise<SaveOutcome<T>> => {
    setSending(true);
    setRefusal(null);
    overlay.show();
    try {
      const outcome = await request();
      if (outcome.status === 'success') toast.success(messages.done);
      else {
        toast.error(messages.failed);
        if (Object.keys(outcome.fieldErrors).length === 0 && outcome.message !== DEFAULT_ERROR_MESSAGE)
          setRefusal(outcome.message);
      }
      return outcome;
    } catch (error) {
      toast.error(messages.failed);
      throw error;
    } finally {
      overlay.hide();
      setSending(false);
    }
  };
  return { run, sending, refusal };
}
