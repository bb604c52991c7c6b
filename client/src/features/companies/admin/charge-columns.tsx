import { CHARGE_KIND_LABELS, type ChargeKind } from '#server/contracts/company-charges.ts';
import type { DataColumn } from '#client/components/table/data-table.tsx';
import { dataColumnHelper } from '#client/components/table/data-table.tsx';
import { ChargeStatusLabel } from './detail/charge-status-label.tsx';

/** What a charge entry shows, on the charge page and on a company's detail alike. */
export interface ChargeFields {
  /** YYYY-MM or the month's first day. */
  charge_month: string;
  charge_kind: ChargeKind;
  charge_amount: number;
  charge_status: string;
  charge_note: string | null;
}

const yen = new Intl.NumberFormat('ja-JP', { maximumFractionDigits: 0 });

/** Whole yen as the bank writes it, `5,500円` (an adjustment `-1,100円`); '—' for none. */
export function formatYen(amount: number | null): string {
  return amount === null ? '—' : `${yen.format(amount)}円`;
}

/** `2026-04` or `2026-04-01` → `2026年4月`; anything else as it came. */
export function formatMonth(month: string): string {
  const parts = /^(\d{4})-(\d{2})/.exec(month);
  return parts ? `${parts[1]}年${Number(parts[2])}月` : month;
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
