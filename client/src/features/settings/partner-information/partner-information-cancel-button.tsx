import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '#client/lib/router/index.ts';
import {
  cancelPartnerInformationSettingCall,
  PARTNER_INFORMATION_SETTING_MESSAGES,
  type PartnerInformationSettingDetail,
} from '#server/contracts/partner-information-setting.ts';
import {
  ConfirmDialog,
  ConfirmQuestion,
  useConfirmedCommand,
} from '#client/components/command/confirm-dialog.tsx';
import { refusalReason } from '#client/components/command/use-command.ts';
import { CommandPanel } from '#client/components/command/command-panel.ts';
import { DangerButton } from '#client/components/danger-button.ts';
import { useApiClient } from '#client/lib/request/api-client-context.ts';
import { saveCall } from '#client/lib/request/call-client.ts';
import { PARTNER_INFORMATION_LIST_PATH } from './partner-information-paths.ts';

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
  const cancellation = useConfirmedCommand();

  const confirm = () =>
    cancellation.confirm(
      () => saveCall(api, cancelPartnerInformationSettingCall, { params: { id: item.article_id } }),
      {
        done: MESSAGES.cancelled,
        failed: MESSAGES.cancelFailed,
        after: async (outcome) => {
          await queryClient.invalidateQueries({ queryKey: [cancelPartnerInformationSettingCall.domain] });
          const reason = refusalReason(outcome);
          if (reason) onRefused(reason);
          if (outcome.status === 'success') await navigate(PARTNER_INFORMATION_LIST_PATH);
        },
      },
    );

  return (
    <CommandPanel aria-labelledby="partner-information-cancel-heading">
      <h2 id="partner-information-cancel-heading">掲載の取り下げ</h2>
      <p>取り下げたパートナー情報は掲載されず、編集もできなくなります。</p>
      <DangerButton type="button" aria-haspopup="dialog" onClick={cancellation.ask}>
        掲載を取り下げる
      </DangerButton>
      <ConfirmDialog
        {...cancellation.dialog}
        title="パートナー情報の取り下げ"
        confirmLabel="取り下げる"
        tone="danger"
        onConfirm={() => void confirm()}
      >
        <ConfirmQuestion>
          「{item.article_title}」の掲載を取り下げますか？取り下げると元に戻せません。
        </ConfirmQuestion>
      </ConfirmDialog>
    </CommandPanel>
  );
}
