import { useId, useMemo, useState } from 'react';
import styled from 'styled-components';
import {
  BULK_CREATE_HEADERS,
  type BulkCompanyField,
  type RowError,
} from '#server/contracts/company-bulk-create.ts';
import { buildPagingData, TABLE_DEFAULT_ROWS } from '#server/contracts/paging.ts';
import { DataTable, dataColumnHelper } from '#client/components/table/data-table.tsx';
import { TablePager } from '#client/components/table/table-pager.tsx';
import { MutedText } from '#client/components/page/page-text.ts';
import type { BulkFileRow } from './bulk-create-file.ts';

/** A row of the file beside its errors (none when it is fine). */
export interface PreviewRow extends BulkFileRow {
  errors: readonly RowError[];
}

const Errors = styled.ul`
  display: grid;
  gap: ${({ theme }) => theme.spacing.xs};
  margin: 0;
  padding: 0;
  list-style: none;
  font-weight: ${({ theme }) => theme.typography.fontWeightBold};
  color: ${({ theme }) => theme.colors.danger};
`;

const Fine = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Filter = styled.label`
  display: inline-flex;
  gap: ${({ theme }) => theme.spacing.xs};
  align-items: center;
  min-height: 44px;
  margin-bottom: ${({ theme }) => theme.spacing.sm};
  cursor: pointer;

  input {
    width: 20px;
    height: 20px;
  }
`;

const column = dataColumnHelper<PreviewRow>();

const cellOf = (row: PreviewRow, field: BulkCompanyField) => row.values[field] ?? '';
const orDash = (text: string) => (text === '' ? <MutedText>—</MutedText> : text);
const joined = (...parts: string[]) => parts.filter((part) => part !== '').join(' ');

/** The value columns: the file's cells as read, the owner's name and kana each in one column. */
const VALUE_COLUMNS = column.columns([
  column.accessor((row) => cellOf(row, 'company_name'), {
    id: 'company_name',
    header: BULK_CREATE_HEADERS.company_name,
    meta: { rowHeader: true, minWidth: '12em' },
    cell: (info) => orDash(info.getValue()),
  }),
  column.accessor((row) => cellOf(row, 'company_name_kana'), {
    id: 'company_name_kana',
    header: BULK_CREATE_HEADERS.company_name_kana,
    meta: { minWidth: '10em' },
    cell: (info) => orDash(info.getValue()),
  }),
  ...(
    [
      'company_type',
      'company_corporate_number',
      'bb_code',
      'company_representative_name',
      'company_tel',
    ] as const
  ).map((field) =>
    column.accessor((row) => cellOf(row, field), {
      id: field,
      header: BULK_CREATE_HEADERS[field],
      meta: { nowrap: field !== 'company_representative_name' },
      cell: (info) => orDash(info.getValue()),
    }),
  ),
  column.accessor((row) => joined(cellOf(row, 'user_last_name'), cellOf(row, 'user_first_name')), {
    id: 'owner_name',
    header: 'オーナー氏名',
    meta: { minWidth: '7em' },
    cell: (info) => orDash(info.getValue()),
  }),
  column.accessor((row) => joined(cellOf(row, 'user_last_name_kana'), cellOf(row, 'user_first_name_kana')), {
    id: 'owner_name_kana',
    header: 'オーナー氏名カナ',
    meta: { minWidth: '8em' },
    cell: (info) => orDash(info.getValue()),
  }),
  column.accessor((row) => cellOf(row, 'user_email'), {
    id: 'user_email',
    header: BULK_CREATE_HEADERS.user_email,
    meta: { minWidth: '12em' },
    cell: (info) => orDash(info.getValue()),
  }),
  column.accessor((row) => cellOf(row, 'user_login_id'), {
    id: 'user_login_id',
    header: BULK_CREATE_HEADERS.user_login_id,
    meta: { nowrap: true },
    cell: (info) => info.getValue() || <MutedText>自動で発行</MutedText>,
  }),
]);

const COLUMNS = column.columns([
  column.accessor('rowNumber', { header: '行', meta: { align: 'end', nowrap: true } }),
  column.display({
    id: 'errors',
    header: 'エラー',
    meta: { minWidth: '16em' },
    cell: (info) => {
      const { errors } = info.row.original;
      if (errors.length === 0) return <Fine>なし</Fine>;
      return (
        <Errors>
          {errors.flatMap((error) =>
            error.messages.map((message) => (
              <li key={`${error.field}:${message}`}>
                {BULK_CREATE_HEADERS[error.field]}：{message}
              </li>
            )),
          )}
        </Errors>
      );
    },
  }),
  ...VALUE_COLUMNS,
]);

/**
 * The file's rows as read, each with its errors beside it (項目：メッセージ, the server's check),
 * a page at a time as the staff's lists page (25 rows by default); the rows with errors alone at
 * the press of a box, so a file of thousands shows its few faulty rows first.
 */
export function BulkCreatePreview({
  rows,
  errorRowCount,
}: {
  rows: readonly PreviewRow[];
  errorRowCount: number;
}) {
  const filterId = useId();
  const [onlyErrors, setOnlyErrors] = useState(false);
  const [position, setPosition] = useState({ page: 1, rows: TABLE_DEFAULT_ROWS });
  const shown = useMemo(
    () => (onlyErrors ? rows.filter((row) => row.errors.length > 0) : rows),
    [rows, onlyErrors],
  );
  const paging = buildPagingData(shown.length, position.page, position.rows);
  const start = (paging.page - 1) * paging.rows;
  const pageRows = useMemo(() => shown.slice(start, start + paging.rows), [shown, start, paging.rows]);

  return (
    <>
      {errorRowCount > 0 && (
        <Filter htmlFor={filterId}>
          <input
            id={filterId}
            type="checkbox"
            checked={onlyErrors}
            onChange={(event) => {
              setOnlyErrors(event.target.checked);
              setPosition((current) => ({ ...current, page: 1 }));
            }}
          />
          エラーのある行だけ表示
        </Filter>
      )}
      <DataTable
        caption="読み込んだ行とエラー"
        columns={COLUMNS}
        data={pageRows}
        getRowId={(row) => String(row.rowNumber)}
      />
      <TablePager paging={paging} onChange={setPosition} label="読み込んだ行のページ" />
    </>
  );
}
