import { formatMonth, formatYen } from '#server/contracts/charge-format.ts';
import { CHARGE_KIND_LABELS, type ChargeKind } from '#server/contracts/company-charges.ts';
import { ChargeStatusLabel } from '#client/components/charge-status-label.tsx';
import type { DataColumn } from '#client/components/table/data-table.tsx';
import { dataColumnHelper } from '#client/components/table/data-table.tsx';

/** What a charge entry shows, on the charge page and on a company's detail alike. */
export interface ChargeFields {
  /** YYYY-MM or the month's first day. */
  charge_month: string;
  charge_kind: ChargeKind;
  charge_amount: number;
  charge_status: string;
  charge_note: string | null;
}

/**
 * 対象月 (the row's name), 種別, 金額, 状態 (in the charge_statuses master's colour) and 備考: the
 * columns of a table of charge entries, for its row type.
 */
export function chargeColumns<T extends ChargeFields>(): DataColumn<T>[] {
  const column = dataColumnHelper<T>();
  return [
    column.accessor((charge) => formatMonth(charge.charge_month), {
      id: 'charge_month',
      header: '対象月',
      meta: { rowHeader: true, nowrap: true },
    }),
    column.accessor((charge) => CHARGE_KIND_LABELS[charge.charge_kind], {
      id: 'charge_kind',
      header: '種別',
      meta: { nowrap: true },
    }),
    column.accessor((charge) => formatYen(charge.charge_amount), {
      id: 'charge_amount',
      header: '金額',
      meta: { align: 'end', nowrap: true },
    }),
    column.accessor((charge) => charge.charge_status, {
      id: 'charge_status',
      header: '状態',
      meta: { nowrap: true },
      cell: (info) => <ChargeStatusLabel status={info.getValue()} />,
    }),
    column.accessor((charge) => charge.charge_note ?? '—', {
      id: 'charge_note',
      header: '備考',
      meta: { minWidth: '10em' },
    }),
  ] as DataColumn<T>[];
}
