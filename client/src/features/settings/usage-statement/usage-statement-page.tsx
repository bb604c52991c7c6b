import { useId } from 'react';
import { useSearchParams } from '#client/lib/router/index.ts';
import styled from 'styled-components';
import { formatMonth, formatYen } from '#server/contracts/charge-format.ts';
import { CHARGE_KIND_LABELS } from '#server/contracts/company-charges.ts';
import {
  USAGE_STATEMENT_MESSAGES,
  USAGE_STATEMENT_RECENT_MONTHS,
  type UsageMonth,
  type UsageStatement,
  usageStatementCall,
  usageStatementPdfUrl,
} from '#server/contracts/usage-statement.ts';
import { ChargeStatusLabel } from '#client/components/charge-status-label.tsx';
import { FactList } from '#client/components/fact-list.tsx';
import { Select } from '#client/components/form/form-controls.ts';
import { type DataColumn, DataTable, dataColumnHelper } from '#client/components/table/data-table.tsx';
import { LoadFailedNotice, LoadingNotice } from '#client/components/page/page-states.tsx';
import { PageStack } from '#client/components/page/page-text.ts';
import { useAppConfig } from '#client/lib/app-config-context.tsx';
import { useCallQuery } from '#client/lib/request/call-client.ts';

/** The URL's name for the year shown (`?year=2025`); without it, the recent months. */
const YEAR_PARAM = 'year';

const PeriodField = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.spacing.xs};
  max-width: 16rem;

  label {
    font-weight: ${({ theme }) => theme.typography.fontWeightBold};
  }
`;

const Muted = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.typography.fontSizeSmall};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Entries = styled.ul`
  display: grid;
  gap: ${({ theme }) => theme.spacing.xs};
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Entry = styled.li`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => `0 ${theme.spacing.sm}`};
  align-items: baseline;
`;

const EntryNote = styled.span`
  flex-basis: 100%;
  font-size: ${({ theme }) => theme.typography.fontSizeSmall};
  color: ${({ theme }) => theme.colors.textMuted};
`;

/** A year as the server takes it (2000 to 2099); anything else in the URL counts as none. */
function yearOf(text: string | null): string | undefined {
  return text !== null && /^20[0-9]{2}$/.test(text) ? text : undefined;
}

type MonthRow = UsageMonth & { id: string };

/** 対象月, ご利用内容 (each entry with its amount, status and the bank's note), 状態, 合計, 明細書. */
function monthColumns(): DataColumn<MonthRow>[] {
  const column = dataColumnHelper<MonthRow>();
  return [
    column.accessor((month) => formatMonth(month.month), {
      id: 'month',
      header: '対象月',
      meta: { rowHeader: true, nowrap: true },
    }),
    column.accessor((month) => month.charges.length, {
      id: 'charges',
      header: 'ご利用内容',
      meta: { minWidth: '16em' },
      cell: (info) => (
        <Entries>
          {info.row.original.charges.map((charge) => (
            <Entry key={charge.charge_id}>
              <span>{CHARGE_KIND_LABELS[charge.charge_kind]}</span>
              <span>{formatYen(charge.charge_amount)}</span>
              <ChargeStatusLabel status={charge.charge_status} />
              {charge.charge_note && <EntryNote>{charge.charge_note}</EntryNote>}
            </Entry>
          ))}
        </Entries>
      ),
    }),
    column.accessor((month) => month.status, {
      id: 'status',
      header: '状態',
      meta: { nowrap: true },
      cell: (info) => <ChargeStatusLabel status={info.getValue()} />,
    }),
    column.accessor((month) => formatYen(month.total), {
      id: 'total',
      header: '合計',
      meta: { align: 'end', nowrap: true },
    }),
    column.accessor((month) => month.month, {
      id: 'statement',
      header: 'ご利用明細書',
      meta: { nowrap: true },
      cell: (info) => (
        // A link the browser downloads: the session cookie goes with it, as with any page.
        // Named with its month (the visible words within it), as the row's other links are not.
        <a
          href={usageStatementPdfUrl(info.getValue())}
          download
          aria-label={`${formatMonth(info.getValue())}のご利用明細書（PDF）`}
        >
          ご利用明細書（PDF）
        </a>
      ),
    }),
  ];
}

const MONTH_COLUMNS = monthColumns();

/** What the period shown is: `2025年6月以降` for the recent months, `2025年1月〜12月` for a year. */
function periodName(statement: UsageStatement): string {
  return statement.year === null
    ? `${formatMonth(statement.from_month)}以降`
    : `${statement.year}年1月〜12月`;
}

/**
 * /mypage/setting/invoice (issue 16 item 5): the company's charges month by month, as the bank
 * recorded them: each month's entries with their status, its total (cancelled entries left out) and
 * its usage statement (ご利用明細書) to download as a PDF. The recent months by default, or a year
 * chosen in 表示する期間, kept in the URL (`?year=2025`) so a reload keeps it.
 */
export function UsageStatementPage() {
  const [params, setParams] = useSearchParams();
  const year = yearOf(params.get(YEAR_PARAM));
  const { data, isError, isPending, isPlaceholderData } = useCallQuery(
    usageStatementCall,
    { query: year === undefined ? {} : { year } },
    { keepPrevious: true },
  );
  const bankName = useAppConfig().bank.name;
  const periodId = useId();
  const years = data?.years ?? [];
  const yearChoices = year !== undefined && !years.includes(Number(year)) ? [Number(year), ...years] : years;

  return (
    <PageStack>
      <p>{bankName}が登録した月ごとのご利用料金です。月ごとのご利用明細書（PDF）をダウンロードできます。</p>
      <PeriodField>
        <label htmlFor={periodId}>表示する期間</label>
        <Select
          id={periodId}
          value={year ?? ''}
          onChange={(event) => setParams(event.target.value ? { [YEAR_PARAM]: event.target.value } : {})}
        >
          <option value="">直近{USAGE_STATEMENT_RECENT_MONTHS}か月</option>
          {yearChoices.map((choice) => (
            <option key={choice} value={String(choice)}>
              {choice}年
            </option>
          ))}
        </Select>
      </PeriodField>
      {isPending && <LoadingNotice />}
      {isError && <LoadFailedNotice message={USAGE_STATEMENT_MESSAGES.loadFailed} />}
      {data && (
        <>
          <FactList
            facts={[
              { term: '期間', value: periodName(data) },
              { term: '期間の合計', value: formatYen(data.total) },
            ]}
          />
          <DataTable
            caption={`${periodName(data)}のご利用明細`}
            columns={MONTH_COLUMNS}
            data={data.months.map((month) => ({ ...month, id: month.month }))}
            getRowId={(month) => month.id}
            emptyMessage={USAGE_STATEMENT_MESSAGES.noChargesInPeriod}
            busy={isPlaceholderData}
          />
          <Muted>
            金額は{bankName}が登録したご利用料金（円）です。状態が「取消」の明細は合計に含みません。
          </Muted>
        </>
      )}
    </PageStack>
  );
}
