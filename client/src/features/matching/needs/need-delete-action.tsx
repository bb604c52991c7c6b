import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '#client/lib/router/index.ts';
import { callKey } from '#server/contracts/call.ts';
import {
  deleteNeedCall,
  getOwnNeedCall,
  MATCHING_MESSAGES,
  type OwnNeed,
} from '#server/contracts/matching.ts';
import {
  ConfirmDialog,
  ConfirmQuestion,
  useConfirmedCommand,
} from '#client/components/command/confirm-dialog.tsx';
import { CommandPanel } from '#client/components/command/command-panel.ts';
import { DangerButton } from '#client/components/danger-button.ts';
import { useApiClient } from '#client/lib/request/api-client-context.ts';
import { saveCall } from '#client/lib/request/call-client.ts';
import { OWN_NEEDS_PATH } from '../matching-paths.ts';

const DELETE_FAILED_MESSAGE = 'ニーズを削除できませんでした';

/**
 * ニーズを削除する, asked again in a dialog: the need and its images are gone, the deal requests it
 * received stay (with the need's title as it was), and the page leaves for the list.
 */
export function NeedDeleteAction({ need }: { need: OwnNeed }) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const deletion = useConfirmedCommand();
  const params = { ca_unique_code: need.ca_unique_code };

  const remove = () =>
    deletion.confirm(() => saveCall(api, deleteNeedCall, { params }), {
      closes: 'on-success',
      done: MATCHING_MESSAGES.deleted,
      failed: DELETE_FAILED_MESSAGE,
      serverMessages: 'refusals',
      after: async (outcome) => {
        if (outcome.status === 'error') return;
        queryClient.removeQueries({ queryKey: callKey(getOwnNeedCall, { params }) });
        await queryClient.invalidateQueries({ queryKey: [deleteNeedCall.domain] });
        await navigate(OWN_NEEDS_PATH);
      },
    });

  return (
    <CommandPanel aria-labelledby="need-delete-heading">
      <h2 id="need-delete-heading">ニーズの削除</h2>
      <p>掲載をやめるだけなら、公開設定を「非公開」にして保存してください。</p>
      <DangerButton type="button" disabled={deletion.sending} onClick={deletion.ask}>
        ニーズを削除する
      </DangerButton>
      <ConfirmDialog
        {...deletion.dialog}
        title="ニーズの削除"
        confirmLabel="削除する"
        tone="danger"
        onConfirm={() => void remove()}
      >
        <ConfirmQuestion>
          「{need.need_title}」を削除しますか？削除したニーズと画像は元に戻せません。
        </ConfirmQuestion>
        {need.need_deal_count > 0 && (
          <ConfirmQuestion>
            このニーズが受けた商談依頼（{need.need_deal_count}件）は、商談管理に残ります。
          </ConfirmQuestion>
        )}
      </ConfirmDialog>
    </CommandPanel>
  );
}
