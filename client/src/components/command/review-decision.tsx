import { type ReactNode, useCallback, useState } from 'react';
import styled from 'styled-components';
import { Button } from '../button/button.tsx';
import { DangerButton } from '../danger-button.ts';
import { describedControl, FieldRow } from '../form/field-row.tsx';
import { TextArea } from '../form/form-controls.ts';
import type { SaveOutcome } from '#client/lib/request/save-request.ts';
import { refusalReason, useCommand } from './use-command.ts';

export type ReviewVerdict = 'approve' | 'reject';

/** One decision of a review: its toasts, how its reason is checked, how it is sent. */
export interface ReviewChoice {
  /** The button's words (承認する, 否認する, 却下する). */
  label: string;
  /** The spec's toasts (申請を承認しました / 申請の承認に失敗しました). */
  done: string;
  failed: string;
  /** Checks the reason before anything is sent: the message to show at it, or undefined. */
  check?: (reason: string) => string | undefined;
  send: (reason: string) => Promise<SaveOutcome<unknown>>;
}

export interface ReviewDecisionOptions {
  /**
   * The field of the answer's errors that belongs to the reason (pi_review_note); none where the
   * reason is a form of its own that shows them.
   */
  reasonField?: string;
  /**
   * A refusal that says why (decided meanwhile, changed since read); undefined as a decision
   * starts. The page keeps it above the decision, so it stays while the item loads again.
   */
  onRefusal: (message: string | undefined) => void;
  /** Loads the item (and its list) again after either answer: the page shows it as it now stands. */
  reload: () => Promise<unknown>;
}

/**
 * Sends a review's decision: the reason checked first (its error shown, nothing sent), then the save
 * flow with the decision's own toasts, the reason's field error from the server at the reason, any
 * other refusal that says why to the page, and the item loaded again under the overlay.
 */
export function useReviewDecision({ reasonField, onRefusal, reload }: ReviewDecisionOptions) {
  const { run, sending } = useCommand();
  const [reasonError, setReasonError] = useState<string>();

  const decide = useCallback(
    async (choice: ReviewChoice, reason: string): Promise<SaveOutcome<unknown> | undefined> => {
      const problem = choice.check?.(reason);
      if (problem !== undefined) {
        setReasonError(problem);
        return undefined;
      }
      setReasonError(undefined);
      onRefusal(undefined);
      return run(() => choice.send(reason), {
        done: choice.done,
        failed: choice.failed,
        after: async (outcome) => {
          if (outcome.status === 'error') {
            const [fieldMessage] = (reasonField && outcome.fieldErrors[reasonField]) || [];
            if (fieldMessage) setReasonError(fieldMessage);
            else {
              const reasonWhy = refusalReason(outcome);
              if (reasonWhy) onRefusal(reasonWhy);
            }
          }
          await reload();
        },
      });
    },
    [run, reasonField, onRefusal, reload],
  );
  return { decide, sending, reasonError, setReasonError };
}

const Buttons = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.spacing.sm};
`;

export interface ReviewDecisionPanelProps extends ReviewDecisionOptions {
  /** The reason's textarea: its id, its label (否認の理由, 企業へのコメント), its hint for the text typed. */
  reasonId: string;
  reasonLabel: string;
  reasonHint: (reason: string) => ReactNode;
  /** The reason the item already has (the note of an earlier review). */
  initialReason?: string;
  /** The decisions this item allows now; one not given has no button. */
  approve?: ReviewChoice;
  reject?: ReviewChoice;
}

/**
 * The reviewer's part of a review (coupons, partner information, later ads and moderation): the
 * reason the company reads, 承認する and the rejecting button. A reason that fails its check is told
 * at the field, which takes the focus; the buttons wait while a decision is sent.
 */
export function ReviewDecisionPanel({
  reasonId,
  reasonLabel,
  reasonHint,
  initialReason = '',
  approve,
  reject,
  ...options
}: ReviewDecisionPanelProps) {
  const { decide, sending, reasonError, setReasonError } = useReviewDecision(options);
  const [reason, setReason] = useState(initialReason);

  const send = async (choice: ReviewChoice) => {
    const problem = choice.check?.(reason);
    await decide(choice, reason);
    if (problem !== undefined) document.getElementById(reasonId)?.focus();
  };

  const row = { name: reasonId, hint: reasonHint(reason), error: reasonError };
  return (
    <>
      <FieldRow label={reasonLabel} {...row}>
        <TextArea
          {...describedControl(reasonId, row)}
          value={reason}
          onChange={(event) => {
            setReason(event.target.value);
            setReasonError(undefined);
          }}
        />
      </FieldRow>
      <Buttons>
        {approve && (
          <Button type="button" $variant="main" disabled={sending} onClick={() => void send(approve)}>
            {approve.label}
          </Button>
        )}
        {reject && (
          <DangerButton type="button" disabled={sending} onClick={() => void send(reject)}>
            {reject.label}
          </DangerButton>
        )}
      </Buttons>
    </>
  );
}
