import { CHARGE_KIND_LABELS, type ChargeKind } from '#server/contracts/company-charges.ts';
import { formatMonth } from '#server/contracts/charge-format.ts';

/** An entry as a sentence names it: `2026年4月の月額利用料`. */
export function chargeEntryName(entry: { charge_month: string; charge_kind: ChargeKind }): string {
  return `${formatMonth(entry.charge_month)}の${CHARGE_KIND_LABELS[entry.charge_kind]}`;
}
