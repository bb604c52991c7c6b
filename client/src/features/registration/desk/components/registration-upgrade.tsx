import { useQueryClient } from '@tanstack/react-query';
import { DeskActionPanel } from './desk-action-panel.ts';
import { useState } from 'react';
import { UPGRADE_STATUSES } from '#server/contracts/registration-desk.ts';
import { Button } from '#client/components/button/button.tsx';
import { ModalDialog } from '#client/components/dialog/modal-dialog.tsx';
import { useApiClient } from '#client/lib/request/api-client-context.ts';
import { useSaveFlow } from '#client/lib/save-flow.ts';
import { useToast } from '#client/components/feedback/toast.tsx';
import {
  reloadUpgradeStatus,
  upgradePortalCompany,
  useUpgradeStatus,
} from '../api/registration-desk-calls.ts';

/**
 * An approved portal application's company (BA-portal member): where its upgrade to a full business
 * assist member stands, and アップグレードする, asked again in a dialog. Nothing for any other
 * application.
 */
export function RegistrationUpgrade({ code, companyName }: { code: string; companyName: string }) {
  const { data } = useUpgradeStatus(code);
  const api = useApiClient();
  const queryClient = useQueryClient();
  const saveFlow = useSaveFlow();
  const toast = useToast();
  const [asking, setAsking] = useState(false);
  if (!data || data.status === 'not_applicable') return null;

  async function upgrade() {
    const outcome = await saveFlow.run(() => upgradePortalCompany(api, code), { successToast: false });
    if (outcome.status === 'success') toast.success(outcome.result.message);
    else toast.error(outcome.message);
    setAsking(false);
    await reloadUpgradeStatus(queryClient, code);
  }

  return (
    <DeskActionPanel aria-label="アップグレード">
      <p>{`ビジネスアシストポータル会員: ${UPGRADE_STATUSES[data.status]}`}</p>
      {data.status === 'upgradable' && (
        <Button type="button" $variant="main" onClick={() => setAsking(true)}>
          アップグレードする
        </Button>
      )}
      <ModalDialog
        open={asking}
        onClose={() => setAsking(false)}
        title="ビジネスアシスト会員へのアップグレード"
        width={500}
        actions={
          <>
            <Button type="button" onClick={() => setAsking(false)}>
              キャンセル
            </Button>
            <Button type="button" $variant="main" onClick={() => void upgrade()}>
              アップグレードする
            </Button>
          </>
        }
      >
        <p>{`「${companyName}」をビジネスアシスト会員に変更し、オーナーにメールでお知らせします。よろしいですか？`}</p>
      </ModalDialog>
    </DeskActionPanel>
  );
}
