import { Link } from '#client/lib/router/index.ts';
import { NEED_VISIBILITY_LABELS } from '#server/contracts/matching.ts';
import { STAFF_NEED_COLUMN_LABELS, type StaffNeedListItem } from '#server/contracts/matching-staff.ts';
import { DataTable, dataColumnHelper } from '#client/components/table/data-table.tsx';
import { MutedText } from '#client/components/page/page-text.ts';
import { NEED_REACH_SHORT_LABELS, NeedCategoryTag, NeedPublishTag } from '../components/need-display.tsx';
import { formatStaffDay } from './staff-matching-display.ts';
import { staffCompanyPath } from './staff-company-path.ts';
import { STAFF_NEEDS_LABEL, staffNeedDetailPath } from './staff-matching-paths.ts';

const column = dataColumnHelper<StaffNeedListItem>();
const label = STAFF_NEED_COLUMN_LABELS;
const count = { nowrap: true, align: 'end' } as const;

/** The list's columns in the contract's order: the title opens the need, the company its page. */
const COLUMNS = column.columns([
  column.accessor('company_name', {
    header: label.company_name,
    meta: { minWidth: '10em' },
    cell: (info) => (
      <Link to={staffCompanyPath(info.row.original.company_unique_code)}>{info.getValue()}</Link>
    ),
  }),
  column.accessor('bb_name', {
    header: label.bb_name,
    meta: { minWidth: '6em' },
    cell: (info) => info.getValue() ?? <MutedText>—</MutedText>,
  }),
  column.accessor('need_title', {
    header: label.need_title,
    meta: { rowHeader: true, minWidth: '14em' },
    cell: (info) => <Link to={staffNeedDetailPath(info.row.original.ca_unique_code)}>{info.getValue()}</Link>,
  }),
  column.accessor('need_category', {
    header: label.need_category,
    meta: { nowrap: true },
    cell: (info) => <NeedCategoryTag code={info.getValue()} />,
  }),
  column.accessor((item) => NEED_REACH_SHORT_LABELS[item.need_reach], {
    id: 'need_reach',
    header: label.need_reach,
    meta: { nowrap: true },
  }),
  column.accessor(
    (item) => NEED_VISIBILITY_LABELS[item.need_visibility as keyof typeof NEED_VISIBILITY_LABELS] ?? '—',
    { id: 'need_visibility', header: label.need_visibility, meta: { nowrap: true } },
  ),
  column.accessor('need_publish_status', {
    header: label.need_publish_status,
    meta: { nowrap: true },
    cell: (info) => <NeedPublishTag status={info.getValue()} />,
  }),
  column.accessor(
    (item) =>
      `${formatStaffDay(item.need_period_start)}〜${item.need_period_end === null ? '' : formatStaffDay(item.need_period_end)}`,
    { id: 'need_period', header: label.need_period, meta: { nowrap: true } },
  ),
  column.accessor('need_deal_count', { header: label.need_deal_count, meta: count }),
  column.accessor((item) => formatStaffDay(item.need_created_at), {
    id: 'need_created_at',
    header: label.need_created_at,
    meta: { nowrap: true },
  }),
  column.accessor((item) => formatStaffDay(item.need_updated_at), {
    id: 'need_updated_at',
    header: label.need_updated_at,
    meta: { nowrap: true },
  }),
]);

/** A page of the bank's companies' needs as the staff table. */
export function StaffNeedTable({ items, busy }: { items: readonly StaffNeedListItem[]; busy: boolean }) {
  return (
    <DataTable
      caption={STAFF_NEEDS_LABEL}
      captionHidden
      columns={COLUMNS}
      data={items}
      getRowId={(item) => item.ca_unique_code}
      busy={busy}
    />
  );
}
