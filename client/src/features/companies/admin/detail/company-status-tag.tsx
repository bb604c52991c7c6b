import type { CompanyStatus } from '#server/contracts/company-detail.ts';
import { StatusTag, type StatusTone } from '#client/components/status-tag.tsx';
import { useMasterList } from '#client/lib/master-data.ts';

/** In use reads well; suspended or leaving soon is what the desk may have to act on; left is quiet. */
const TONES: Record<CompanyStatus, StatusTone> = {
  active: 'success',
  suspended: 'danger',
  unsubscribe_reserved: 'danger',
  unsubscribed: 'muted',
};

/**
 * A company's status as a tag, named as the company_statuses master names it (利用中, 利用停止中,
 * 退会予約中, 退会済み).
 */
export function CompanyStatusTag({ status }: { status: CompanyStatus }) {
  const statuses = useMasterList('company_statuses');
  return (
    <StatusTag $tone={TONES[status]} data-status={status}>
      {statuses.find((item) => item.code === status)?.name ?? status}
    </StatusTag>
  );
}
