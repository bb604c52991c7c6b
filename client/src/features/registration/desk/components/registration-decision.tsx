import { useQueryClient } from '@tanstack/react-query';
import { DeskActionPanel } from './desk-action-panel.ts';
import { useState } from 'react';
import styled from 'styled-components';
import type { CallResult } from '#server/contracts/call.ts';
import {
  REGISTRATION_DESK_MESSAGES,
  type registrationDetailCall,
} from '#server/contracts/registration-desk.ts';
import { REGISTRATION_VARIANTS } from '#server/contracts/registration-variants.ts';
import { Button } from '#client/components/button/button.tsx';
import { ModalDialog } from '#client/components/dialog/modal-dialog.tsx';
import { useOverlay } from '#client/components/feedback/overlay.tsx';
import { useToast } from '#client/components/feedback/toast.tsx';
import { useApiClient } from '#client/lib/request/api-client-context.ts';
import { DEFAULT_ERROR_MESSAGE } from '#client/lib/request/http-error.ts';
import type { SaveOutcome } from '#client/lib/request/save-request.ts';
import {
  approveRegistration,
  reloadAfterDecision,
  rejectRegistration,
} from '../api/registration-desk-calls.ts';
import { RejectRegistrationDialog } from './reject-registration-dialog.tsx';
import { DangerButton } from '#client/components/danger-button.ts';

type RegistrationDetail = CallResult<typeof registrationDetailCall>;

const Question = styled.p`
  margin: 0 0 ${({ theme }) => theme.spacing.sm};
  overflow-wrap: anywhere;
`;

type Decision = 'approve' | 'reject';

const DECISION_MESSAGES: Record<Decision, { done: string; failed: string }> = {
  approve: { done: REGISTRATION_DESK_MESSAGES.approved, failed: REGISTRATION_DESK_MESSAGES.approveFailed },
  reject: { done: REGISTRATION_DESK_MESSAGES.rejected, failed: REGISTRATION_DESK_MESSAGES.rejectFailed },
};

/**
 * 承認する and 却下する for a pending application, each asked again in a dialog. The toasts are the
 * spec's (申請を承認しました, 申請の却下に失敗しました…); the application loads again either way, so the
 * page shows its new status. An application decided meanwhile by someone else (422) hands the
 * server's message to the page (`onRefused`); a failure with no message keeps the dialog open to
 * try again. The buttons wait while a decision is being sent.
 */
export function RegistrationDecision({
  application,
  onRefused,
}: {
  application: RegistrationDetail;
  onRefused: (message: string) => void;
}) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const overlay = useOverlay();
  const toast = useToast();
  const [asking, setAsking] = useState<Decision | null>(null);
  const [sending, setSending] = useState(false);
  const variant = REGISTRATION_VARIANTS[application.cr_variant];
  const code = application.cr_unique_code;

  const decide = async (decision: Decision, request: () => Promise<SaveOutcome<unknown>>) => {
    const messages = DECISION_MESSAGES[decision];
    setSending(true);
    overlay.show();
    try {
      const outcome = await request();
      if (outcome.status === 'success') {
        toast.success(messages.done);
        setAsking(null);
      } else {
        toast.error(messages.failed);
        // A 422 says why (decided already): the dialog closes on the application as it now stands.
        if (outcome.message !== DEFAULT_ERROR_MESSAGE) {
          onRefused(outcome.message);
          setAsking(null);
        }
      }
      await reloadAfterDecision(queryClient, code);
    } catch (error) {
      toast.error(messages.failed);
      throw error;
    } finally {
      overlay.hide();
      setSending(false);
    }
  };

  const close = () => {
    if (!sending) setAsking(null);
  };

  return (
    <DeskActionPanel aria-label="審査">
      <Button type="button" $variant="main" disabled={sending} onClick={() => setAsking('approve')}>
        承認する
      </Button>
      <DangerButton type="button" disabled={sending} onClick={() => setAsking('reject')}>
        却下する
      </DangerButton>
      <ModalDialog
        open={asking === 'approve'}
        onClose={close}
        title="申請の承認"
        width={500}
        actions={
          <>
            <Button type="button" onClick={close} disabled={sending}>
              キャンセル
            </Button>
            <Button
              type="button"
              $variant="main"
              disabled={sending}
              onClick={() => void decide('approve', () => approveRegistration(api, code))}
            >
              承認する
            </Button>
          </>
        }
      >
        <Question>「{application.cr_company_name}」の申請を承認します。よろしいですか？</Question>
        <Question>企業とオーナーの利用者が作成され、ログイン方法がオーナーにメールで送られます。</Question>
      </ModalDialog>
      <RejectRegistrationDialog
        open={asking === 'reject'}
        onClose={close}
        companyName={application.cr_company_name}
        notified={variant.rejectionNotified}
        sending={sending}
        onReject={(reasonCode) => decide('reject', () => rejectRegistration(api, application, reasonCode))}
      />
    </DeskActionPanel>
  );
}
