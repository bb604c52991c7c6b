import { useCallback, useMemo, useRef, useState } from 'react';
import { useOverlay } from '../feedback/overlay.tsx';
import { useToast } from '../feedback/toast.tsx';
import { MESSAGES } from '#server/contracts/messages.ts';
import { DEFAULT_ERROR_MESSAGE } from '#client/lib/request/http-error.ts';
import type { SaveOutcome } from '#client/lib/request/save-request.ts';

export interface CommandOptions<T> {
  /**
   * The success toast (申請を承認しました), or the words of the answer's result; default 登録が完了しました.
   * False where a success leaves the page (a user switch) and nothing would be left to read it.
   */
  done?: string | false | ((result: T) => string);
  /**
   * The error toast of a refusal and of a request that throws; default データの登録に失敗しました.
   * False where the page says what went wrong in place (a seminar that is full) and a toast would
   * say it twice.
   */
  failed?: string | false;
  /**
   * The server's own words are the toast (アカウントを無効にしました, or why it refused); `done` and
   * `failed` only where it said nothing of its own (or the request threw). 'refusals': only a
   * refusal's words, a success says `done`.
   */
  serverMessages?: boolean | 'refusals';
  /**
   * Work still under the overlay once the answer is in, whatever it was: reloading what the command
   * changed, so the page never shows the old state after the toast. Answering LEAVING (the browser
   * is sent to another document) keeps the overlay up until the page is gone.
   */
  after?: (outcome: SaveOutcome<T>) => unknown;
}

export interface Command {
  /**
   * Spec section 4's save flow: overlay on, the request, its toast, `after`, overlay off. Answers the
   * outcome (a form shows its field errors); a request that throws gets the error toast and is thrown
   * on. While one runs, another call sends nothing and answers undefined (a double click sends once).
   */
  run<T>(
    request: () => Promise<SaveOutcome<T>>,
    options?: CommandOptions<T>,
  ): Promise<SaveOutcome<T> | undefined>;
  /** A command is being sent: its buttons wait. */
  sending: boolean;
}

/** What `after` answers when it has sent the browser away: the overlay stays until the page goes. */
export const LEAVING = Symbol('leaving');

/** The message of a refusal that says why (decided meanwhile, too late), not the generic one. */
export function refusalReason(outcome: SaveOutcome<unknown> | undefined): string | undefined {
  if (outcome?.status !== 'error' || outcome.message === DEFAULT_ERROR_MESSAGE) return undefined;
  return outcome.message;
}

/** One command of a page (save, delete, approve…) sent through the spec's save flow. */
export function useCommand(): Command {
  const overlay = useOverlay();
  const toast = useToast();
  const [sending, setSending] = useState(false);
  // A ref as well as the state: two clicks in one frame both see the state of the render before.
  const inFlight = useRef(false);

  const run = useCallback(
    async <T>(
      request: () => Promise<SaveOutcome<T>>,
      {
        done = MESSAGES.saved,
        failed = MESSAGES.saveFailed,
        serverMessages = false,
        after,
      }: CommandOptions<T> = {},
    ): Promise<SaveOutcome<T> | undefined> => {
      if (inFlight.current) return undefined;
      inFlight.current = true;
      setSending(true);
      overlay.show();
      let leaving = false;
      try {
        const outcome = await request();
        if (outcome.status === 'error') {
          if (failed !== false) toast.error((serverMessages && refusalReason(outcome)) || failed);
        } else if (done !== false) {
          const words = typeof done === 'function' ? done(outcome.result) : done;
          toast.success((serverMessages === true && outcome.message) || words);
        }
        leaving = (await after?.(outcome)) === LEAVING;
        return outcome;
      } catch (error) {
        if (failed !== false) toast.error(failed);
        throw error;
      } finally {
        // Sent away: the overlay stays, and nothing is sent again, until the page has gone.
        if (!leaving) {
          overlay.hide();
          inFlight.current = false;
          setSending(false);
        }
      }
    },
    [overlay, toast],
  );
  return useMemo(() => ({ run, sending }), [run, sending]);
}

/**
 * A command whose refusal that says why (the server's 422 without field errors: reserved meanwhile,
 * too late) is kept to be shown in place, beside its toast; field errors are the form's to show.
 * The refusal is cleared as the next command starts.
 */
export function useRefusableCommand(messages: { done: string; failed: string }) {
  const command = useCommand();
  const [refusal, setRefusal] = useState<string | null>(null);
  const { run: runCommand, sending } = command;

  const run = useCallback(
    <T>(request: () => Promise<SaveOutcome<T>>): Promise<SaveOutcome<T> | undefined> => {
      setRefusal(null);
      return runCommand(request, {
        ...messages,
        after: (outcome) => {
          if (outcome.status === 'error' && Object.keys(outcome.fieldErrors).length === 0)
            setRefusal(refusalReason(outcome) ?? null);
        },
      });
    },
    [runCommand, messages],
  );
  return { run, sending, refusal };
}
