import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import styled from 'styled-components';
import {
  cancelPartnerInformationSettingCall,
  PARTNER_INFORMATION_SETTING_MESSAGES,
  type PartnerInformationSettingDetail,
} from '#server/contracts/partner-information-setting.ts';
import { Button } from '#client/components/button/button.tsx';
import { DangerButton } from '#client/components/danger-button.ts';
import { ModalDialog } from '#client/components/dialog/modal-dialog.tsx';
import { useOverlay } from '#client/components/feedback/overlay.tsx';
import { useToast } from '#client/components/feedback/toast.tsx';
import { useApiClient } from '#client/lib/request/api-client-context.ts';
import { saveCall } from '#client/lib/request/call-client.ts';
import { DEFAULT_ERROR_MESSAGE } from '#client/lib/request/http-error.ts';
import { PARTNER_INFORMATION_LIST_PATH } from './partner-information-paths.ts';

const Panel = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.spacing.sm};
  justify-items: start;
  margin-top: ${({ theme }) => theme.spacing.xl};
  padding: ${({ theme }) => theme.spacing.md};
  background: ${({ theme }) => theme.colors.surfaceMuted};
  border-radius: ${({ theme }) => theme.radii.md};

  h2 {
    margin: 0;
    font-size: ${({ theme }) => theme.typography.fontSizeBase};
  }

  p {
    margin: 0;
  }
`;

const Question = styled.p`
  margin: 0;
  overflow-wrap: anywhere;
`;

const MESSAGES = PARTNER_INFORMATION_SETTING_MESSAGES;

/**
 * 掲載を取り下げる, asked again in a dialog: the item is withdrawn (CANCELLED) and leaves the
 * companies' pages for good; the page goes back to the list. A refusal with a reason (another user
 * of the company withdrew it first) is handed to the page.
 */
export function PartnerInformationCancelButton({
  item,
  onRefused,
}: {
  item: PartnerInformationSettingDetail;
  onRefused: (message: string) => void;
}) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const overlay = useOverlay();
  const toast = useToast();
  const [open, setOpen] = useState(false);

  const confirm = async () => {
    setOpen(false);
    overlay.show();
    try {
      const outcome = await saveCall(api, cancelPartnerInformationSettingCall, {
        params: { id: item.article_id },
      });
      await queryClient.invalidateQueries({ queryKey: [cancelPartnerInformationSettingCall.domain] });
      if (outcome.status !== 'success') {
        toast.error(MESSAGES.cancelFailed);
        if (outcome.message !== DEFAULT_ERROR_MESSAGE) onRefused(outcome.message);
        return;
      }
      toast.success(MESSAGES.cancelled);
      await navigate(PARTNER_INFORMATION_LIST_PATH);
    } catch (error) {
      toast.error(MESSAGES.cancelFailed);
      throw error;
    } finally {
      overlay.hide();
    }
  };

  return (
    <Panel aria-labelledby="partner-information-cancel-heading">
      <h2 id="partner-information-cancel-heading">掲載の取り下げ</h2>
      <p>取り下げたパートナー情報は掲載されず、編集もできなくなります。</p>
      <DangerButton type="button" aria-haspopup="dialog" onClick={() => setOpen(true)}>
        掲載を取り下げる
      </DangerButton>
      <ModalDialog
        open={open}
        onClose={() => setOpen(false)}
        title="パートナー情報の取り下げ"
        width={500}
        actions={
          <>
            <Button type="button" onClick={() => setOpen(false)} data-autofocus>
              キャンセル
            </Button>
            <DangerButton type="button" onClick={() => void confirm()}>
              取り下げる
            </DangerButton>
          </>
        }
      >
        <Question>「{item.article_title}」の掲載を取り下げますか？取り下げると元に戻せません。</Question>
      </ModalDialog>
    </Panel>
  );
}
