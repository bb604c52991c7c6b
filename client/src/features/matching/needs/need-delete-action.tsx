import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import styled from 'styled-components';
import { callKey } from '#server/contracts/call.ts';
import {
  deleteNeedCall,
  getOwnNeedCall,
  MATCHING_MESSAGES,
  type OwnNeed,
} from '#server/contracts/matching.ts';
import { Button } from '#client/components/button/button.tsx';
import { DangerButton } from '#client/components/danger-button.ts';
import { ModalDialog } from '#client/components/dialog/modal-dialog.tsx';
import { useOverlay } from '#client/components/feedback/overlay.tsx';
import { useToast } from '#client/components/feedback/toast.tsx';
import { useApiClient } from '#client/lib/request/api-client-context.ts';
import { saveCall } from '#client/lib/request/call-client.ts';
import { DEFAULT_ERROR_MESSAGE } from '#client/lib/request/http-error.ts';
import { OWN_NEEDS_PATH } from '../matching-paths.ts';

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

  p {
    flex-basis: 100%;
    margin: 0;
  }
`;

const Question = styled.p`
  margin: 0 0 ${({ theme }) => theme.spacing.sm};
  overflow-wrap: anywhere;
`;

const DELETE_FAILED_MESSAGE = 'ニーズを削除できませんでした';

/**
 * ニーズを削除する, asked again in a dialog: the need and its images are gone, the deal requests it
 * received stay (with the need's title as it was), and the page leaves for the list.
 */
export function NeedDeleteAction({ need }: { need: OwnNeed }) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const overlay = useOverlay();
  const toast = useToast();
  const [asking, setAsking] = useState(false);
  const [sending, setSending] = useState(false);
  const params = { ca_unique_code: need.ca_unique_code };

  const remove = async () => {
    setSending(true);
    overlay.show();
    try {
      const outcome = await saveCall(api, deleteNeedCall, { params });
      if (outcome.status === 'error') {
        toast.error(outcome.message === DEFAULT_ERROR_MESSAGE ? DELETE_FAILED_MESSAGE : outcome.message);
        return;
      }
      setAsking(false);
      toast.success(MATCHING_MESSAGES.deleted);
      queryClient.removeQueries({ queryKey: callKey(getOwnNeedCall, { params }) });
      await queryClient.invalidateQueries({ queryKey: [deleteNeedCall.domain] });
      await navigate(OWN_NEEDS_PATH);
    } finally {
      overlay.hide();
      setSending(false);
    }
  };
  const close = () => {
    if (!sending) setAsking(false);
  };

  return (
    <Panel aria-labelledby="need-delete-heading">
      <h2 id="need-delete-heading">ニーズの削除</h2>
      <p>掲載をやめるだけなら、公開設定を「非公開」にして保存してください。</p>
      <DangerButton type="button" disabled={sending} onClick={() => setAsking(true)}>
        ニーズを削除する
      </DangerButton>
      <ModalDialog
        open={asking}
        onClose={close}
        title="ニーズの削除"
        width={500}
        actions={
          <>
            <Button type="button" onClick={close} disabled={sending}>
              キャンセル
            </Button>
            <DangerButton type="button" disabled={sending} onClick={() => void remove()}>
              削除する
            </DangerButton>
          </>
        }
      >
        <Question>「{need.need_title}」を削除しますか？削除したニーズと画像は元に戻せません。</Question>
        {need.need_deal_count > 0 && (
          <Question>このニーズが受けた商談依頼（{need.need_deal_count}件）は、商談管理に残ります。</Question>
        )}
      </ModalDialog>
    </Panel>
  );
}
