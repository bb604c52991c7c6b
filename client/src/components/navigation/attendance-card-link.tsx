import { type ReactNode, useId, useState } from 'react';
import styled from 'styled-components';
import { DIALOG_WIDTHS } from '#server/contracts/device.ts';
import { Button } from '../button/button.tsx';
import { ModalDialog } from '../dialog/modal-dialog.tsx';
import { NEW_TAB_NOTE } from '../external-link.tsx';
import { VisuallyHidden } from '../visually-hidden.ts';
import { useStoredFlag } from './use-stored-flag.ts';

/** Set for good once the visitor ticks 今後このメッセージを表示しない (spec section 4). */
export const ATTENDANCE_CARD_CONFIRMATION_DISMISSED_KEY = 'attendance_card_confirmation_dismissed';

const Checkbox = styled.label`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.spacing.sm};
  margin-top: ${({ theme }) => theme.spacing.md};
  cursor: pointer;

  input {
    width: 20px;
    height: 20px;
  }
`;

/**
 * A link to the external attendance-card application site. Until the visitor chooses not to be asked
 * again, a 500-wide dialog (spec sections 2 and 9) first says that another site opens in a new tab.
 */
export function AttendanceCardLink({
  href,
  children,
  className,
}: {
  href: string;
  children: ReactNode;
  className?: string;
}) {
  const [dismissed, setDismissed] = useStoredFlag(ATTENDANCE_CARD_CONFIRMATION_DISMISSED_KEY, false);
  const [asking, setAsking] = useState(false);
  const [dontAskAgain, setDontAskAgain] = useState(false);
  const checkboxId = useId();

  const open = () => {
    if (dontAskAgain) setDismissed(true);
    setAsking(false);
    window.open(href, '_blank', 'noopener,noreferrer');
  };

  return (
    <>
      <a
        href={href}
        target="_blank"
        rel="noopener noreferrer"
        className={className}
        onClick={(event) => {
          if (dismissed) return;
          event.preventDefault();
          setAsking(true);
        }}
      >
        {children}
        <VisuallyHidden>{NEW_TAB_NOTE}</VisuallyHidden>
      </a>
      <ModalDialog
        open={asking}
        onClose={() => setAsking(false)}
        title="勤怠カードアプリを開きます"
        width={DIALOG_WIDTHS.attendanceConfirmation}
        actions={
          <>
            <Button type="button" onClick={() => setAsking(false)}>
              キャンセル
            </Button>
            <Button type="button" $variant="main" onClick={open} data-autofocus>
              開く
            </Button>
          </>
        }
      >
        <p>勤怠カードアプリのサイト（外部サイト）を新しいタブで開きます。よろしいですか？</p>
        <Checkbox htmlFor={checkboxId}>
          <input
            id={checkboxId}
            type="checkbox"
            checked={dontAskAgain}
            onChange={(event) => setDontAskAgain(event.target.checked)}
          />
          今後このメッセージを表示しない
        </Checkbox>
      </ModalDialog>
    </>
  );
}
