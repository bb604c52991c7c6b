import { useMemo } from 'react';
import { Link } from '#client/lib/router/index.ts';
import styled from 'styled-components';
import { STAFF_DEAL_COLUMN_LABELS, type StaffDealListItem } from '#server/contracts/matching-staff.ts';
import { DataTable, dataColumnHelper } from '#client/components/table/data-table.tsx';
import { useDealLabels } from '../components/deal-display.tsx';
import { formatStaffDay } from './staff-matching-display.ts';
import { staffCompanyPath } from './staff-company-path.ts';
import { STAFF_DEALS_LABEL, staffDealDetailPath } from './staff-matching-paths.ts';

const Party = styled.span`
  display: grid;
`;

const Muted = styled.span`
  font-size: ${({ theme }) => theme.typography.fontSizeSmall};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const column = dataColumnHelper<StaffDealListItem>();
const label = STAFF_DEAL_COLUMN_LABELS;

/**
 * A party of the deal: the bank's own company opens its page and shows its branch; another bank's
 * company is its public name as the deal kept it, under its bank's name.
 */
function PartyCell({ deal, side }: { deal: StaffDealListItem; side: 'sender' | 'receiver' }) {
  const own = deal[`${side}_is_own_bank`];
  const name = deal[`${side}_company_name`];
  const branch = deal[`${side}_bb_name`];
  return (
    <Party>
      {own ? <Link to={staffCompanyPath(deal[`${side}_company_unique_code`])}>{name}</Link> : name}
      <Muted>{own ? `当行${branch ? `・${branch}` : ''}` : deal[`${side}_bank_name`]}</Muted>
    </Party>
  );
}

/** A page of the deals of the bank's companies as the staff table: the need opens the deal. */
export function StaffDealTable({ items, busy }: { items: readonly StaffDealListItem[]; busy: boolean }) {
  const labels = useDealLabels();
  const columns = useMemo(
    () =>
      column.columns([
        column.accessor('need_title', {
          header: label.need_title,
          meta: { rowHeader: true, minWidth: '14em' },
          cell: (info) => (
            <Link to={staffDealDetailPath(info.row.original.cmh_unique_code)}>{info.getValue()}</Link>
          ),
        }),
        column.accessor('sender_company_name', {
          header: label.sender_company_name,
          meta: { minWidth: '10em' },
          cell: (info) => <PartyCell deal={info.row.original} side="sender" />,
        }),
        column.accessor('receiver_company_name', {
          header: label.receiver_company_name,
          meta: { minWidth: '10em' },
          cell: (info) => <PartyCell deal={info.row.original} side="receiver" />,
        }),
        column.accessor((deal) => labels.requestTypeName(deal.cmh_request_type), {
          id: 'cmh_request_type',
          header: label.cmh_request_type,
          meta: { nowrap: true },
        }),
        column.accessor('cmh_status', {
          header: label.cmh_status,
          meta: { nowrap: true },
          cell: (info) => labels.statusTag(info.getValue()),
        }),
        column.accessor('message_count', {
          header: label.message_count,
          meta: { nowrap: true, align: 'end' },
        }),
        column.accessor((deal) => formatStaffDay(deal.cmh_created_at), {
          id: 'cmh_created_at',
          header: label.cmh_created_at,
          meta: { nowrap: true },
        }),
        column.accessor((deal) => formatStaffDay(deal.cmh_updated_at), {
          id: 'cmh_updated_at',
          header: label.cmh_updated_at,
          meta: { nowrap: true },
        }),
      ]),
    [labels],
  );
  return (
    <DataTable
      caption={STAFF_DEALS_LABEL}
      captionHidden
      columns={columns}
      data={items}
      getRowId={(item) => item.cmh_unique_code}
      busy={busy}
    />
  );
}
