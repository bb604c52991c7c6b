import { type ReactNode, useCallback, useMemo, useState } from 'react';
import styled from 'styled-components';
import { Button } from '../button/button.tsx';
import { DangerButton } from '../danger-button.ts';
import { ModalDialog } from '../dialog/modal-dialog.tsx';
import type { SaveOutcome } from '#client/lib/request/save-request.ts';
import { type CommandOptions, useCommand } from './use-command.ts';

/** A paragraph of a confirmation's question (「…」を削除しますか？). */
export const ConfirmQuestion = styled.p`
  margin: 0 0 ${({ theme }) => theme.spacing.sm};
  overflow-wrap: anywhere;

  &:last-child {
    margin-bottom: 0;
  }
`;

export interface ConfirmDialogProps {
  open: boolean;
  /** キャンセル, Escape, × or a click outside; ignored while the command is being sent. */
  onCancel: () => void;
  title: ReactNode;
  /** The confirming button's words (削除する, 承認する). */
  confirmLabel: string;
  /** The cancelling button's words; キャンセル unless that would be the command's own name (戻る). */
  cancelLabel?: string;
  /** 'danger' for what cannot be undone: the danger colour, and キャンセル has the focus first. */
  tone?: 'main' | 'danger';
  /** The command is being sent: both buttons wait. */
  sending?: boolean;
  /** Sends. Not given with `formId`. */
  onConfirm?: () => void;
  /** The confirming button submits this form of the body instead (a reason to fill in first). */
  formId?: string;
  /** Spec section 9's dialog widths; 500 by default. */
  width?: number;
  children: ReactNode;
}

/** The spec's confirmation before a command: the question, キャンセル and the confirming button. */
export function ConfirmDialog({
  open,
  onCancel,
  title,
  confirmLabel,
  cancelLabel = 'キャンセル',
  tone = 'main',
  sending = false,
  onConfirm,
  formId,
  width = 500,
  children,
}: ConfirmDialogProps) {
  const cancel = () => {
    if (!sending) onCancel();
  };
  const ConfirmButton = tone === 'danger' ? DangerButton : Button;
  return (
    <ModalDialog
      open={open}
      onClose={cancel}
      title={title}
      width={width}
      actions={
        <>
          <Button
            type="button"
            onClick={cancel}
            disabled={sending}
            data-autofocus={tone === 'danger' || undefined}
          >
            {cancelLabel}
          </Button>
          <ConfirmButton
            type={formId ? 'submit' : 'button'}
            form={formId}
            $variant={tone === 'main' ? 'main' : undefined}
            disabled={sending}
            onClick={onConfirm}
          >
            {confirmLabel}
          </ConfirmButton>
        </>
      }
    >
      {children}
    </ModalDialog>
  );
}

export interface ConfirmedCommandOptions<T> extends CommandOptions<T> {
  /**
   * When the dialog closes: 'at-once' as the command starts (a delete: the overlay and the toast
   * tell the rest), or 'on-success' (a failure keeps it open to try again; `close` closes it).
   */
  closes?: 'at-once' | 'on-success';
}

/**
 * A command asked again in a ConfirmDialog: `ask` opens it, `dialog` goes to the dialog's props,
 * `confirm` sends through the save flow (useCommand), once however often it is pressed.
 */
export function useConfirmedCommand() {
  const command = useCommand();
  const [open, setOpen] = useState(false);
  const { run, sending } = command;

  const confirm = useCallback(
    async <T,>(
      request: () => Promise<SaveOutcome<T>>,
      { closes = 'at-once', ...options }: ConfirmedCommandOptions<T> = {},
    ): Promise<SaveOutcome<T> | undefined> => {
      if (closes === 'at-once') setOpen(false);
      const outcome = await run(request, options);
      if (closes === 'on-success' && outcome?.status === 'success') setOpen(false);
      return outcome;
    },
    [run],
  );
  const ask = useCallback(() => setOpen(true), []);
  const close = useCallback(() => setOpen(false), []);
  const dialog = useMemo(() => ({ open, onCancel: close, sending }), [open, close, sending]);
  return { ask, close, confirm, sending, dialog };
}
