import { lazy, Suspense } from 'react';
import { useLocation } from '#client/lib/router/index.ts';
import { DIALOG_WIDTHS } from '#server/contracts/device.ts';
import { MESSAGES } from '#server/contracts/messages.ts';
import { getManual, manualPageOf } from '#server/contracts/manual.ts';
import { useCallQuery } from '#client/lib/request/call-client.ts';
import { ModalDialog } from '../dialog/modal-dialog.tsx';

const ManualContent = lazy(() => import('./manual-content.tsx'));

export const MANUAL_LOAD_FAILED = MESSAGES.loadFailed;

/**
 * The admin manual (admin spec section 2): a 900-wide dialog with the title and HTML body of the
 * manual for the kind of page the user is on (GET /api/v1/manual?page=…).
 */
export function ManualDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const page = manualPageOf(useLocation().pathname);
  const manual = useCallQuery(getManual, { query: { page } }, { enabled: open, retry: false });
  const loading = <p role="status">読み込み中</p>;
  return (
    <ModalDialog
      open={open}
      onClose={onClose}
      title={manual.data?.title ?? 'マニュアル'}
      width={DIALOG_WIDTHS.manual}
    >
      {manual.isPending && loading}
      {manual.isError && <p role="alert">{MANUAL_LOAD_FAILED}</p>}
      {manual.data && (
        <Suspense fallback={loading}>
          <ManualContent html={manual.data.body} />
        </Suspense>
      )}
    </ModalDialog>
  );
}
