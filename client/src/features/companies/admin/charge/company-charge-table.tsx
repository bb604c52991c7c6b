import { useMemo } from 'react';
import type { ChargeItem } from '#server/contracts/company-charges.ts';
import { Button } from '#client/components/button/button.tsx';
import { DataTable, dataColumnHelper } from '#client/components/table/data-table.tsx';
import { chargeColumns } from '../charge-columns.tsx';
import { chargeEntryName } from './company-charge-display.ts';

const column = dataColumnHelper<ChargeItem>();

/**
 * The company's entries, newest month first: the charge columns (chargeColumns) and 編集, which puts the entry into the form.
 * 該当するデータがありません when the months shown hold none.
 */
export function CompanyChargeTable({
  charges,
  editingId,
  onEdit,
}: {
  charges: readonly ChargeItem[];
  /** The entry in the form now: its button says so. */
  editingId: number | undefined;
  onEdit: (charge: ChargeItem) => void;
}) {
  const columns = useMemo(
    () =>
      column.columns([
        ...chargeColumns<ChargeItem>(),
        column.display({
          id: 'edit',
          header: '操作',
          cell: (info) => {
            const charge = info.row.original;
            const editing = charge.charge_id === editingId;
            return (
              <Button
                type="button"
                aria-label={`${chargeEntryName(charge)}を編集`}
                aria-pressed={editing}
                onClick={() => onEdit(charge)}
              >
                {editing ? '編集中' : '編集'}
              </Button>
            );
          },
        }),
      ]),
    [editingId, onEdit],
  );
  return (
    <DataTable
      caption="利用料の明細"
      captionHidden
      columns={columns}
      data={charges}
      getRowId={(charge) => String(charge.charge_id)}
    />
  );
}
