import type { DealStatus } from '#server/contracts/matching-deals.ts';
import { type DataColumn, dataColumnHelper } from '#client/components/table/data-table.tsx';
import type { DealLabels } from './deal-display.tsx';

/**
 * 依頼内容 and 状況, the two columns every table of deals shows in the masters' words (a company's
 * deal list, the deals of a need on the staff side).
 */
export function dealStateColumns<T extends { cmh_request_type: string; cmh_status: DealStatus }>(
  labels: DealLabels,
): DataColumn<T>[] {
  const column = dataColumnHelper<T>();
  return [
    column.accessor((deal) => labels.requestTypeName(deal.cmh_request_type), {
      id: 'cmh_request_type',
      header: '依頼内容',
      meta: { nowrap: true },
    }),
    column.accessor((deal) => deal.cmh_status, {
      id: 'cmh_status',
      header: '状況',
      meta: { nowrap: true },
      cell: (info) => labels.statusTag(info.getValue()),
    }),
  ];
}
