import { useMemo } from 'react';
import { Link } from '#client/lib/router/index.ts';
import {
  CHARGE_HISTORY_MONTHS,
  type CompanyCharge,
  type CompanyDetail,
} from '#server/contracts/company-detail.ts';
import type { MenuItem } from '#server/contracts/menu-item.ts';
import { FactList } from '#client/components/fact-list.tsx';
import { DataTable } from '#client/components/table/data-table.tsx';
import { companiesPages } from '#server/contracts/pages/companies.ts';
import { useOfferedLinks } from './company-offered-links.ts';
import { formatMonth, formatYen } from '#server/contracts/charge-format.ts';
import { chargeColumns } from '../charge-columns.tsx';
import { CompanyDetailSection } from './company-detail-section.tsx';

type ChargeRow = CompanyCharge & { id: string };

const CHARGE_COLUMNS = chargeColumns<ChargeRow>();

/** The charge page with this company chosen (system and bank admins: the route rules say who). */
const chargeLinkOf = (companyUniqueCode: string): MenuItem[] => [
  {
    title: '月額利用料を登録する',
    link: `${companiesPages.charges.path}?company=${encodeURIComponent(companyUniqueCode)}`,
  },
];

/**
 * 月額利用料: this month's total and whether a card is registered, the charges of the last twelve
 * months, newest first, and for admins the way to the charge page.
 */
export function CompanyChargesSection({
  companyUniqueCode,
  charges,
  card,
}: {
  companyUniqueCode: string;
  charges: CompanyDetail['charges'];
  card: CompanyDetail['payment_card'];
}) {
  const chargeLink = useOfferedLinks(useMemo(() => chargeLinkOf(companyUniqueCode), [companyUniqueCode]));
  // A month may have several adjustments: the row's place in the list keeps their keys apart.
  const rows = useMemo(
    () =>
      charges.list.map((charge, index) => ({
        ...charge,
        id: `${charge.charge_month}-${charge.charge_kind}-${index}`,
      })),
    [charges.list],
  );
  return (
    <CompanyDetailSection title="月額利用料">
      <FactList
        facts={[
          {
            term: `今月（${formatMonth(charges.this_month)}）の合計`,
            value: formatYen(charges.this_month_total),
          },
          {
            term: 'クレジットカード',
            value: card === null ? '未登録' : `${card.card_brand}（下4桁 ${card.card_last4}）`,
          },
        ]}
      />
      <DataTable
        caption={`直近${CHARGE_HISTORY_MONTHS}か月の月額利用料`}
        columns={CHARGE_COLUMNS}
        data={rows}
        getRowId={(charge) => charge.id}
        emptyMessage="月額利用料の登録はありません"
      />
      {chargeLink.map((item) => (
        <p key={item.title}>
          <Link to={item.link ?? ''}>{item.title}</Link>
        </p>
      ))}
    </CompanyDetailSection>
  );
}
