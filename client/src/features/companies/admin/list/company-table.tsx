import type { SortingState } from '@tanstack/react-table';
import { useMemo } from 'react';
import { Link } from '#client/lib/router/index.ts';
import {
  COMPANY_LIST_COLUMN_LABELS,
  type CompanyListItem,
  PUBLICATION_LABELS,
} from '#server/contracts/companies.ts';
import { DataTable, dataColumnHelper } from '#client/components/table/data-table.tsx';
import { MutedText } from '#client/components/page/page-text.ts';
import { useMasterList } from '#client/lib/master-data.ts';
import { COMPANY_DESK_LABEL, companyDetailPath } from '../company-desk-paths.ts';
import { ChargeStatusLabel } from '#client/components/charge-status-label.tsx';
import { formatYen } from '#server/contracts/charge-format.ts';
import { formatListDay } from './company-list-display.ts';

const column = dataColumnHelper<CompanyListItem>();
const label = COMPANY_LIST_COLUMN_LABELS;
const orDash = (value: string | null) => value ?? <MutedText>—</MutedText>;
const published = (value: boolean) => (value ? PUBLICATION_LABELS.published : PUBLICATION_LABELS.unpublished);
const count = { nowrap: true, align: 'end' } as const;

/**
 * The list's 16 columns in the spec's order, each sortable by the server (its id is the column the
 * search sorts by): the name opens the company's page; the type is the company_types master's name;
 * 請求状況 is drawn in its master colour.
 */
function useCompanyColumns() {
  const companyTypes = useMasterList('company_types');
  return useMemo(() => {
    const typeName = new Map(companyTypes.map((type) => [type.code, type.name]));
    const sortable = { enableSorting: true } as const;
    return column.columns([
      column.accessor('company_id', { header: label.company_id, meta: count, ...sortable }),
      column.accessor('company_name', {
        header: label.company_name,
        meta: { rowHeader: true, minWidth: '14em' },
        cell: (info) => (
          <Link to={companyDetailPath(info.row.original.company_unique_code)}>{info.getValue()}</Link>
        ),
        ...sortable,
      }),
      column.accessor((item) => typeName.get(item.company_type) ?? item.company_type, {
        id: 'company_type',
        header: label.company_type,
        meta: { nowrap: true },
        ...sortable,
      }),
      column.accessor('owner_name', {
        header: label.owner_name,
        meta: { minWidth: '7em' },
        cell: (info) => orDash(info.getValue()),
        ...sortable,
      }),
      column.accessor('bb_name', {
        header: label.bb_name,
        meta: { minWidth: '7em' },
        cell: (info) => orDash(info.getValue()),
        ...sortable,
      }),
      column.accessor('need_count', { header: label.need_count, meta: count, ...sortable }),
      column.accessor('coupon_count', { header: label.coupon_count, meta: count, ...sortable }),
      column.accessor('user_count', { header: label.user_count, meta: count, ...sortable }),
      column.accessor('business_user_count', { header: label.business_user_count, meta: count, ...sortable }),
      column.accessor((item) => published(item.homepage_published), {
        id: 'homepage_published',
        header: label.homepage_published,
        meta: { nowrap: true },
        ...sortable,
      }),
      column.accessor((item) => published(item.recruitment_published), {
        id: 'recruitment_published',
        header: label.recruitment_published,
        meta: { nowrap: true },
        ...sortable,
      }),
      column.accessor((item) => formatYen(item.charge_amount), {
        id: 'charge_amount',
        header: label.charge_amount,
        meta: count,
        ...sortable,
      }),
      column.accessor('charge_status', {
        header: label.charge_status,
        meta: { nowrap: true },
        // In the charge_statuses master's colour, as the company's page shows it (未入金 in red).
        cell: (info) => {
          const status = info.getValue();
          return status === null ? <MutedText>—</MutedText> : <ChargeStatusLabel status={status} />;
        },
        ...sortable,
      }),
      column.accessor((item) => formatListDay(item.company_created_at), {
        id: 'company_created_at',
        header: label.company_created_at,
        meta: { nowrap: true },
        ...sortable,
      }),
      column.accessor((item) => formatListDay(item.company_last_used_at), {
        id: 'company_last_used_at',
        header: label.company_last_used_at,
        meta: { nowrap: true },
        ...sortable,
      }),
      column.accessor((item) => formatListDay(item.unsubscribe_requested_at), {
        id: 'unsubscribe_requested_at',
        header: label.unsubscribe_requested_at,
        meta: { nowrap: true },
        ...sortable,
      }),
    ]);
  }, [companyTypes]);
}

/** A page of companies as the staff table, sorted by the server (a header asks for a new order). */
export function CompanyTable({
  items,
  busy,
  sorting,
  onSortingChange,
}: {
  items: readonly CompanyListItem[];
  busy: boolean;
  sorting: SortingState;
  onSortingChange: (sorting: SortingState) => void;
}) {
  const columns = useCompanyColumns();
  return (
    <DataTable
      caption={COMPANY_DESK_LABEL}
      captionHidden
      columns={columns}
      data={items}
      getRowId={(item) => item.company_unique_code}
      sorting={sorting}
      onSortingChange={onSortingChange}
      busy={busy}
    />
  );
}
