import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import * as z from 'zod/mini';
import { DIALOG_WIDTHS } from '../../../../server/contracts/device.ts';
import { successEnvelope } from '../../../../server/contracts/envelope.ts';
import { resultOf } from '../../lib/request/api-client.ts';
import { useApiClient } from '../../lib/request/api-client-context.ts';
import { ModalDialog } from '../dialog/modal-dialog.tsx';

const ManualContent = lazy(() => import('./manual-content.tsx'));

/**
 * The manual call (spec: "GET manual", path not shown). It sits beside the spec's other `/api/v1`
 * calls; the server route arrives with the admin area.
 */
export const MANUAL_PATH = '/api/v1/manual';
const manualAnswerSchema = successEnvelope(z.object({ title: z.string(), body: z.string() }));

export const MANUAL_LOAD_FAILED = 'データ取得に失敗しました';

/** The admin manual (admin spec section 2): a 900-wide dialog with the manual's title and HTML body. */
export function ManualDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const api = useApiClient();
  const manual = useQuery({
    queryKey: ['manual'],
    queryFn: async ({ signal }) =>
      resultOf(MANUAL_PATH, await api.request(MANUAL_PATH, { schema: manualAnswerSchema, signal })),
    enabled: open,
    retry: false,
  });
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
