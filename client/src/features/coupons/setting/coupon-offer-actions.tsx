import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import styled from 'styled-components';
import { callKey } from '#server/contracts/call.ts';
import {
  cancelServiceOfferCall,
  deleteServiceOfferCall,
  getOwnServiceOfferCall,
  SERVICE_OFFER_MESSAGES,
  type ServiceOffer,
} from '#server/contracts/service-offer.ts';
import { Button } from '#client/components/button/button.tsx';
import { DangerButton } from '#client/components/danger-button.ts';
import { ModalDialog } from '#client/components/dialog/modal-dialog.tsx';
import { useOverlay } from '#client/components/feedback/overlay.tsx';
import { useToast } from '#client/components/feedback/toast.tsx';
import { useApiClient } from '#client/lib/request/api-client-context.ts';
import { saveCall } from '#client/lib/request/call-client.ts';
import { DEFAULT_ERROR_MESSAGE } from '#client/lib/request/http-error.ts';
import type { SaveOutcome } from '#client/lib/request/save-request.ts';
import { COUPON_SETTING_PATH } from '../coupon-paths.ts';

const Panel = styled.section`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.spacing.sm};
  align-items: center;
  margin-top: ${({ theme }) => theme.spacing.xl};
  padding: ${({ theme }) => theme.spacing.md};
  background: ${({ theme }) => theme.colors.surfaceMuted};
  border-radius: ${({ theme }) => theme.radii.md};

  h2 {
    flex-basis: 100%;
    margin: 0;
    font-size: ${({ theme }) => theme.typography.fontSizeBase};
  }
`;

const Question = styled.p`
  margin: 0 0 ${({ theme }) => theme.spacing.sm};
  overflow-wrap: anywhere;
`;

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
  const overlay = useOverlay();
  const toast = useToast();
  const [asking, setAsking] = useState<Action | null>(null);
  const [sending, setSending] = useState(false);
  const params = { cso_unique_code: offer.cso_unique_code };

  const run = async (action: Action, request: () => Promise<SaveOutcome<unknown>>) => {
    setSending(true);
    overlay.show();
    try {
      const outcome = await request();
      setAsking(null);
      if (outcome.status === 'success') toast.success(ACTION_TOASTS[action].done);
      else {
        toast.error(ACTION_TOASTS[action].failed);
        if (outcome.message !== DEFAULT_ERROR_MESSAGE) onRefused(outcome.message);
      }
      if (outcome.status === 'success' && action === 'delete') {
        queryClient.removeQueries({ queryKey: callKey(getOwnServiceOfferCall, { params }) });
        await queryClient.invalidateQueries({ queryKey: [getOwnServiceOfferCall.domain] });
        await navigate(COUPON_SETTING_PATH);
        return;
      }
      await queryClient.invalidateQueries({ queryKey: [getOwnServiceOfferCall.domain] });
    } catch (error) {
      toast.error(ACTION_TOASTS[action].failed);
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
    <Panel aria-labelledby="coupon-actions-heading">
      <h2 id="coupon-actions-heading">掲載の取消・削除</h2>
      {offer.cso_status !== 'CANCELLED' && (
        <Button type="button" disabled={sending} onClick={() => setAsking('cancel')}>
          掲載を取り消す
        </Button>
      )}
      <DangerButton type="button" disabled={sending} onClick={() => setAsking('delete')}>
        削除する
      </DangerButton>
      <ModalDialog
        open={asking === 'cancel'}
        onClose={close}
        title="クーポンの掲載取消"
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
              onClick={() => void run('cancel', () => saveCall(api, cancelServiceOfferCall, { params }))}
            >
              掲載を取り消す
            </Button>
          </>
        }
      >
        <Question>「{offer.cso_title}」の掲載を取り消します。よろしいですか？</Question>
        <Question>取り消したクーポンは公開されません。保存し直すと、もう一度銀行の審査に回ります。</Question>
      </ModalDialog>
      <ModalDialog
        open={asking === 'delete'}
        onClose={close}
        title="クーポンの削除"
        width={500}
        actions={
          <>
            <Button type="button" onClick={close} disabled={sending}>
              キャンセル
            </Button>
            <DangerButton
              type="button"
              disabled={sending}
              onClick={() => void run('delete', () => saveCall(api, deleteServiceOfferCall, { params }))}
            >
              削除する
            </DangerButton>
          </>
        }
      >
        <Question>「{offer.cso_title}」を削除しますか？削除したクーポンは元に戻せません。</Question>
      </ModalDialog>
    </Panel>
  );
}
