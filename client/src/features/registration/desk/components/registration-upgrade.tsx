import { useQueryClient } from '@tanstack/react-query';
import { DeskActionPanel } from './desk-action-panel.ts';
import { useState } from 'react';
import { UPGRADE_STATUSES } from '#server/contracts/registration-desk.ts';
import { Button } from '#client/components/button/button.tsx';
import { ConfirmDialog, ConfirmQuestion } from '#client/components/command/confirm-dialog.tsx';
import { useCommand } from '#client/components/command/use-command.ts';
import { useApiClient } from '#client/lib/request/api-client-context.ts';
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
  const { run, sending } = useCommand();
  const [asking, setAsking] = useState(false);
  if (!data || data.status === 'not_applicable') return null;

  const upgrade = () =>
    run(() => upgradePortalCompany(api, code), {
      done: (result) => result.message,
      serverMessages: 'refusals',
      after: async () => {
        setAsking(false);
        await reloadUpgradeStatus(queryClient, code);
      },
    });

  return (
    <DeskActionPanel aria-label="アップグレード">
      <p>{`ビジネスアシストポータル会員: ${UPGRADE_STATUSES[data.status]}`}</p>
      {data.status === 'upgradable' && (
        <Button type="button" $variant="main" onClick={() => setAsking(true)}>
          アップグレードする
        </Button>
      )}
      <ConfirmDialog
        open={asking}
        onCancel={() => setAsking(false)}
        title="ビジネスアシスト会員へのアップグレード"
        confirmLabel="アップグレードする"
        sending={sending}
        onConfirm={() => void upgrade()}
      >
        <ConfirmQuestion>{`「${companyName}」をビジネスアシスト会員に変更し、オーナーにメールでお知らせします。よろしいですか？`}</ConfirmQuestion>
      </ConfirmDialog>
    </DeskActionPanel>
  );
}
