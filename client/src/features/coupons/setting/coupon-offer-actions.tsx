import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from '#client/lib/router/index.ts';
import { callKey } from '#server/contracts/call.ts';
import {
  cancelServiceOfferCall,
  deleteServiceOfferCall,
  getOwnServiceOfferCall,
  SERVICE_OFFER_MESSAGES,
  type ServiceOffer,
} from '#server/contracts/service-offer.ts';
import { Button } from '#client/components/button/button.tsx';
import { ConfirmDialog, ConfirmQuestion } from '#client/components/command/confirm-dialog.tsx';
import { refusalReason, useCommand } from '#client/components/command/use-command.ts';
import { CommandPanel } from '#client/components/command/command-panel.ts';
import { DangerButton } from '#client/components/danger-button.ts';
import { useApiClient } from '#client/lib/request/api-client-context.ts';
import { saveCall } from '#client/lib/request/call-client.ts';
import type { SaveOutcome } from '#client/lib/request/save-request.ts';
import { COUPON_SETTING_PATH } from '../coupon-paths.ts';

type Action = 'cancel' | 'delete';

const ACTION_TOASTS: Record<Action, { done: string; failed: string }> = {
  cancel: { done: SERVICE_OFFER_MESSAGES.cancelled, failed: SERVICE_OFFER_MESSAGES.cancelFailed },
  delete: { done: SERVICE_OFFER_MESSAGES.deleted, failed: SERVICE_OFFER_MESSAGES.deleteFailed },
};

/**
 * 掲載を取り消す (the offer is no longer published; saving it again sends it back to the review) and
 * 削除する (the offer and its image are gone), each asked again in a dialog. A withdrawn offer stays
 * on the page in its new status; a deleted one leaves for the list. A refusal with a reason (already
 * withdrawn by another user of the company) is handed to the page.
 */
export function CouponOfferActions({
  offer,
  onRefused,
}: {
  offer: ServiceOffer;
  onRefused: (message: string) => void;
}) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { run, sending } = useCommand();
  const [asking, setAsking] = useState<Action | null>(null);
  const params = { cso_unique_code: offer.cso_unique_code };

  const send = (action: Action, request: () => Promise<SaveOutcome<unknown>>) =>
    run(request, {
      ...ACTION_TOASTS[action],
      after: async (outcome) => {
        setAsking(null);
        const reason = refusalReason(outcome);
        if (reason) onRefused(reason);
        if (outcome.status === 'success' && action === 'delete') {
          queryClient.removeQueries({ queryKey: callKey(getOwnServiceOfferCall, { params }) });
          await queryClient.invalidateQueries({ queryKey: [getOwnServiceOfferCall.domain] });
          await navigate(COUPON_SETTING_PATH);
          return;
        }
        await queryClient.invalidateQueries({ queryKey: [getOwnServiceOfferCall.domain] });
      },
    });

  const close = () => {
    if (!sending) setAsking(null);
  };

  return (
    <CommandPanel aria-labelledby="coupon-actions-heading">
      <h2 id="coupon-actions-heading">掲載の取消・削除</h2>
      {offer.cso_status !== 'CANCELLED' && (
        <Button type="button" disabled={sending} onClick={() => setAsking('cancel')}>
          掲載を取り消す
        </Button>
      )}
      <DangerButton type="button" disabled={sending} onClick={() => setAsking('delete')}>
        削除する
      </DangerButton>
      <ConfirmDialog
        open={asking === 'cancel'}
        onCancel={close}
        title="クーポンの掲載取消"
        confirmLabel="掲載を取り消す"
        sending={sending}
        onConfirm={() => void send('cancel', () => saveCall(api, cancelServiceOfferCall, { params }))}
      >
        <ConfirmQuestion>「{offer.cso_title}」の掲載を取り消します。よろしいですか？</ConfirmQuestion>
        <ConfirmQuestion>
          取り消したクーポンは公開されません。保存し直すと、もう一度銀行の審査に回ります。
        </ConfirmQuestion>
      </ConfirmDialog>
      <ConfirmDialog
        open={asking === 'delete'}
        onCancel={close}
        title="クーポンの削除"
        confirmLabel="削除する"
        tone="danger"
        sending={sending}
        onConfirm={() => void send('delete', () => saveCall(api, deleteServiceOfferCall, { params }))}
      >
        <ConfirmQuestion>
          「{offer.cso_title}」を削除しますか？削除したクーポンは元に戻せません。
        </ConfirmQuestion>
      </ConfirmDialog>
    </CommandPanel>
  );
}
