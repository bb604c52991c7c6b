import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { CallResult } from '#server/contracts/call.ts';
import {
  REGISTRATION_DESK_MESSAGES,
  type registrationDetailCall,
} from '#server/contracts/registration-desk.ts';
import { REGISTRATION_VARIANTS } from '#server/contracts/registration-variants.ts';
import { Button } from '#client/components/button/button.tsx';
import { ConfirmDialog, ConfirmQuestion } from '#client/components/command/confirm-dialog.tsx';
import { type ReviewChoice, useReviewDecision } from '#client/components/command/review-decision.tsx';
import { DangerButton } from '#client/components/danger-button.ts';
import { useApiClient } from '#client/lib/request/api-client-context.ts';
import {
  approveRegistration,
  reloadAfterDecision,
  rejectRegistration,
} from '../api/registration-desk-calls.ts';
import { DeskActionPanel } from './desk-action-panel.ts';
import { RejectRegistrationDialog } from './reject-registration-dialog.tsx';

type RegistrationDetail = CallResult<typeof registrationDetailCall>;

type Decision = 'approve' | 'reject';

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
  const [asking, setAsking] = useState<Decision | null>(null);
  const variant = REGISTRATION_VARIANTS[application.cr_variant];
  const code = application.cr_unique_code;
  const { decide, sending } = useReviewDecision({
    // A 422 says why (decided already): the dialog closes on the application as it now stands.
    onRefusal: (message) => {
      if (message === undefined) return;
      onRefused(message);
      setAsking(null);
    },
    reload: () => reloadAfterDecision(queryClient, code),
  });
  const choices: Record<Decision, ReviewChoice> = {
    approve: {
      label: '承認する',
      done: REGISTRATION_DESK_MESSAGES.approved,
      failed: REGISTRATION_DESK_MESSAGES.approveFailed,
      send: () => approveRegistration(api, code),
    },
    reject: {
      label: '却下する',
      done: REGISTRATION_DESK_MESSAGES.rejected,
      failed: REGISTRATION_DESK_MESSAGES.rejectFailed,
      send: (reasonCode) => rejectRegistration(api, application, reasonCode),
    },
  };
  const send = async (decision: Decision, reason = '') => {
    const outcome = await decide(choices[decision], reason);
    if (outcome?.status === 'success') setAsking(null);
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
      <ConfirmDialog
        open={asking === 'approve'}
        onCancel={close}
        title="申請の承認"
        confirmLabel="承認する"
        sending={sending}
        onConfirm={() => void send('approve')}
      >
        <ConfirmQuestion>
          「{application.cr_company_name}」の申請を承認します。よろしいですか？
        </ConfirmQuestion>
        <ConfirmQuestion>
          企業とオーナーの利用者が作成され、ログイン方法がオーナーにメールで送られます。
        </ConfirmQuestion>
      </ConfirmDialog>
      <RejectRegistrationDialog
        open={asking === 'reject'}
        onClose={close}
        companyName={application.cr_company_name}
        notified={variant.rejectionNotified}
        sending={sending}
        onReject={(reasonCode) => send('reject', reasonCode)}
      />
    </DeskActionPanel>
  );
}
