import { Link } from '#client/lib/router/index.ts';
import styled from 'styled-components';
import {
  CARD_EXPIRED_LABEL,
  cardExpiryText,
  COMPANY_CARD_COLUMN_LABELS,
  COMPANY_CARD_LIST_TITLE,
  type CompanyCardItem,
  maskedCardNumber,
} from '#server/contracts/company-cards.ts';
import { DataTable, dataColumnHelper } from '#client/components/table/data-table.tsx';
import { MutedText } from '#client/components/page/page-text.ts';
import { japanWallClock } from '#client/lib/date-format.ts';
import { companyDetailPath } from '../company-desk-paths.ts';

const Expired = styled.span`
  margin-left: ${({ theme }) => theme.spacing.xs};
  font-weight: ${({ theme }) => theme.typography.fontWeightBold};
  color: ${({ theme }) => theme.colors.danger};
`;

/** An instant as the wall clock in Japan, `2026/04/01 09:05`. */
function formatRegisteredAt(value: string): string {
  return japanWallClock(value)?.replaceAll('-', '/').replace('T', ' ') ?? value;
}

const column = dataColumnHelper<CompanyCardItem>();
const label = COMPANY_CARD_COLUMN_LABELS;
const noWrap = { nowrap: true } as const;

/**
 * The columns: the name opens the company's page; the number shows its last four digits only; an
 * expiry whose month has ended in Japan is marked 期限切れ (the server says which).
 */
const COLUMNS = column.columns([
  column.accessor('company_id', { header: label.company_id, meta: { nowrap: true, align: 'end' } }),
  column.accessor('company_name', {
    header: label.company_name,
    meta: { rowHeader: true, minWidth: '14em' },
    cell: (info) => (
      <Link to={companyDetailPath(info.row.original.company_unique_code)}>{info.getValue()}</Link>
    ),
  }),
  column.accessor('bb_name', {
    header: label.bb_name,
    meta: { minWidth: '7em' },
    cell: (info) => info.getValue() ?? <MutedText>—</MutedText>,
  }),
  column.accessor('card_brand', { header: label.card_brand, meta: noWrap }),
  column.accessor((item) => maskedCardNumber(item.card_last4), {
    id: 'card_number',
    header: label.card_number,
    meta: noWrap,
  }),
  column.accessor((item) => cardExpiryText(item.card_expiry_month, item.card_expiry_year), {
    id: 'card_expiry',
    header: label.card_expiry,
    meta: noWrap,
    cell: (info) => (
      <>
        {info.getValue()}
        {info.row.original.card_is_expired && <Expired>{CARD_EXPIRED_LABEL}</Expired>}
      </>
    ),
  }),
  column.accessor('card_holder_name', { header: label.card_holder_name, meta: noWrap }),
  column.accessor((item) => formatRegisteredAt(item.card_registered_at), {
    id: 'card_registered_at',
    header: label.card_registered_at,
    meta: noWrap,
  }),
]);

/** A page of the companies' cards as the staff table (newest registration first, by the server). */
export function CompanyCardTable({ items, busy }: { items: readonly CompanyCardItem[]; busy: boolean }) {
  return (
    <DataTable
      caption={COMPANY_CARD_LIST_TITLE}
      captionHidden
      columns={COLUMNS}
      data={items}
      getRowId={(item) => item.company_unique_code}
      busy={busy}
    />
  );
}
