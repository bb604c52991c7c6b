import { useCallback, useMemo } from 'react';
import { useOverlay } from '../components/feedback/overlay.tsx';
import { useToast } from '../components/feedback/toast.tsx';
import { MESSAGES } from '#server/contracts/messages.ts';

/** Spec section 8: the toasts of a save. */
export const SAVE_SUCCESS_MESSAGE = MESSAGES.saved;
export const SAVE_FAILURE_MESSAGE = MESSAGES.saveFailed;
/** Spec section 8: what a list or detail page shows when its data did not load. */
export const LOAD_FAILED_MESSAGE = MESSAGES.loadFailed;
/** Spec section 8: a single-item lookup that did not find exactly one. */
export const NOT_UNIQUE_MESSAGE = MESSAGES.notUnique;

/** Anything a save answers: the outcome of saveRequest, or any result with the same status. */
export interface SaveStatus {
  status: 'success' | 'error';
}

export interface SaveFlow {
  /**
   * Spec section 4's save flow: overlay on, the request, a success or error toast, overlay off.
   * Answers the request's outcome (so a form can show field errors); a request that throws gets
   * the error toast and its error is thrown on.
   */
  run<R extends SaveStatus>(request: () => Promise<R>, options?: SaveFlowOptions): Promise<R>;
}

export interface SaveFlowOptions {
  /**
   * False where the page itself says what happened and 登録が完了しました would be wrong (a request
   * whose answer is a message to read, such as the password reminder's). Default true.
   */
  successToast?: boolean;
  /**
   * False where the page shows a refusal in place, as a lookup's answer (the application progress):
   * データの登録に失敗しました would be wrong there, and the refusal said twice. Default true.
   */
  errorToast?: boolean;
}

export function useSaveFlow(): SaveFlow {
  const overlay = useOverlay();
  const toast = useToast();
  const run = useCallback(
    async <R extends SaveStatus>(request: () => Promise<R>, options?: SaveFlowOptions): Promise<R> => {
      overlay.show();
      try {
        const outcome = await request();
        if (outcome.status === 'error') {
          if (options?.errorToast !== false) toast.error(SAVE_FAILURE_MESSAGE);
        } else if (options?.successToast !== false) toast.success(SAVE_SUCCESS_MESSAGE);
        return outcome;
      } catch (error) {
        toast.error(SAVE_FAILURE_MESSAGE);
        throw error;
      } finally {
        overlay.hide();
      }
    },
    [overlay, toast],
  );
  return useMemo(() => ({ run }), [run]);
}
