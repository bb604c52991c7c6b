import { type FormEvent, useMemo, useState } from 'react';
import { useSearchParams } from '#client/lib/router/index.ts';
import styled from 'styled-components';
import * as z from 'zod/mini';
import { japanDateString } from '#server/contracts/japan-day.ts';
import {
  ANALYSIS_MAX_MONTHS,
  ANALYSIS_SERIES,
  ANALYSIS_SERIES_ACTIONS,
  ANALYSIS_SERIES_LABELS,
  type AnalysisFigures,
  type AnalysisSeries,
  getMatchingAnalysisCall,
  type MatchingAnalysis,
  analysisPeriodOf,
  type MatchingAnalysisQuery,
  matchingAnalysisQuerySchema,
  STAFF_MATCHING_MESSAGES,
} from '#server/contracts/matching-staff.ts';
import { needCategoryName } from '#server/contracts/need-categories.ts';
import { Button } from '#client/components/button/button.tsx';
import { TextInput } from '#client/components/form/form-controls.ts';
import { PageNotice } from '#client/components/page/page-text.ts';
import { useMasterList } from '#client/lib/master-data.ts';
import { useCallQuery } from '#client/lib/request/call-client.ts';
import { AnalysisBarChart } from './matching-analysis-charts.tsx';
import { formatMonth } from './staff-matching-display.ts';

const Form = styled.form`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.spacing.sm};
  align-items: flex-end;
  margin-bottom: ${({ theme }) => theme.spacing.lg};
  padding: ${({ theme }) => theme.spacing.md};
  background: ${({ theme }) => theme.colors.surfaceMuted};
  border-radius: ${({ theme }) => theme.radii.md};

  label {
    display: grid;
    gap: ${({ theme }) => theme.spacing.xs};
    font-weight: ${({ theme }) => theme.typography.fontWeightBold};
  }

  input {
    min-width: 10em;
  }
`;

const FieldError = styled.p`
  flex-basis: 100%;
  margin: 0;
  font-weight: ${({ theme }) => theme.typography.fontWeightBold};
  color: ${({ theme }) => theme.colors.danger};
`;

const Totals = styled.dl`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(10em, 1fr));
  gap: ${({ theme }) => theme.spacing.sm};
  margin: 0 0 ${({ theme }) => theme.spacing.lg};

  div {
    padding: ${({ theme }) => theme.spacing.md};
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radii.md};
  }

  dt {
    color: ${({ theme }) => theme.colors.textMuted};
  }

  dd {
    margin: 0;
    font-size: ${({ theme }) => theme.typography.fontSizeLarge};
    font-weight: ${({ theme }) => theme.typography.fontWeightBold};
  }
`;

const Block = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.spacing.md};
  margin-bottom: ${({ theme }) => theme.spacing.xl};

  h2 {
    margin: 0;
    font-size: ${({ theme }) => theme.typography.fontSizeLarge};
  }
`;

const Scroll = styled.div`
  overflow-x: auto;
`;

const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  background: ${({ theme }) => theme.colors.surface};

  caption {
    padding: ${({ theme }) => theme.spacing.sm} 0;
    font-weight: ${({ theme }) => theme.typography.fontWeightBold};
    text-align: left;
  }

  th,
  td {
    padding: ${({ theme }) => theme.spacing.xs} ${({ theme }) => theme.spacing.sm};
    white-space: nowrap;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  }

  thead th {
    font-size: ${({ theme }) => theme.typography.fontSizeSmall};
    text-align: right;
    background: ${({ theme }) => theme.colors.surfaceMuted};
  }

  thead th:first-child {
    text-align: left;
  }

  td {
    text-align: right;
  }

  tbody th {
    font-weight: normal;
    text-align: left;
  }
`;

/** The period the URL asks for (`?from=2025-05&to=2026-04`), left out when the server would refuse it. */
function periodOfParams(params: URLSearchParams): MatchingAnalysisQuery {
  const asked = Object.fromEntries(
    (['from', 'to'] as const).flatMap((name) => {
      const value = params.get(name);
      return value ? [[name, value]] : [];
    }),
  );
  const parsed = z.safeParse(matchingAnalysisQuerySchema, asked);
  return parsed.success ? parsed.data : {};
}

/** The series' names: the analyse_action master's (category matching) where it has the action. */
function useSeriesLabels(): Record<AnalysisSeries, string> {
  const actions = useMasterList('analyse_action');
  return useMemo(() => {
    const nameOf = (series: AnalysisSeries) => {
      const code = ANALYSIS_SERIES_ACTIONS[series];
      return actions.find((action) => action.code === code)?.name ?? ANALYSIS_SERIES_LABELS[series];
    };
    return Object.fromEntries(ANALYSIS_SERIES.map((series) => [series, nameOf(series)])) as Record<
      AnalysisSeries,
      string
    >;
  }, [actions]);
}

/**
 * /admin/xba/analyse: the matching analysis — needs written by the bank's companies, deal requests
 * they sent or received, the deals accepted and the deals contracted — over a period of months (the
 * last twelve unless another is asked, at most 24), as totals, then per month, per need category
 * and per branch, each a chart with its figures as a table. The period lives in the URL. Branch
 * staff see their branches' companies only (the server counts no other).
 */
export function MatchingAnalysisPage() {
  const [params, setParams] = useSearchParams();
  const period = useMemo(() => periodOfParams(params), [params]);
  const { data, isError, isPending } = useCallQuery(
    getMatchingAnalysisCall,
    { query: period },
    { keepPrevious: true },
  );
  const seriesLabels = useSeriesLabels();
  // The period shown in the form: the one asked, its missing ends as the server fills them.
  const shown = analysisPeriodOf(period, japanDateString().slice(0, 7));
  return (
    <>
      <PeriodForm
        key={`${shown.from}/${shown.to}`}
        from={shown.from}
        to={shown.to}
        onShow={(next) => setParams(new URLSearchParams(next))}
      />
      {isError && (
        <PageNotice role="alert" $error>
          {STAFF_MATCHING_MESSAGES.analysisLoadFailed}
        </PageNotice>
      )}
      {isPending && <PageNotice role="status">読み込み中</PageNotice>}
      {data && <AnalysisFiguresView analysis={data} seriesLabels={seriesLabels} />}
    </>
  );
}

/** 期間: two months and 表示; a period the server would refuse says why and is not asked. */
function PeriodForm({
  from,
  to,
  onShow,
}: {
  from: string;
  to: string;
  onShow: (period: { from: string; to: string }) => void;
}) {
  const [draft, setDraft] = useState({ from, to });
  const [error, setError] = useState<string | undefined>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = z.safeParse(matchingAnalysisQuerySchema, draft);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? STAFF_MATCHING_MESSAGES.monthFormat);
      return;
    }
    setError(undefined);
    onShow(draft);
  };
  return (
    <Form role="search" aria-label="期間" onSubmit={submit} noValidate>
      <MonthField
        id="analysis-from"
        label="開始月"
        value={draft.from}
        error={error}
        onChange={(from) => setDraft((current) => ({ ...current, from }))}
      />
      <span aria-hidden="true">〜</span>
      <MonthField
        id="analysis-to"
        label="終了月"
        value={draft.to}
        error={error}
        onChange={(to) => setDraft((current) => ({ ...current, to }))}
      />
      <Button type="submit" $variant="main">
        表示
      </Button>
      <PageNotice as="span">（{ANALYSIS_MAX_MONTHS}か月まで）</PageNotice>
      {error && (
        <FieldError id="analysis-period-error" role="alert">
          {error}
        </FieldError>
      )}
    </Form>
  );
}

/** One end of the period: a month input whose error is the period's (told once, under both). */
function MonthField({
  id,
  label,
  value,
  error,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  return (
    <label htmlFor={id}>
      {label}
      <TextInput
        id={id}
        type="month"
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? 'analysis-period-error' : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
    </label>
  );
}

function AnalysisFiguresView({
  analysis,
  seriesLabels,
}: {
  analysis: MatchingAnalysis;
  seriesLabels: Record<AnalysisSeries, string>;
}) {
  const span = `${formatMonth(analysis.from)}〜${formatMonth(analysis.to)}`;
  // The three breakdowns of the same figures, each as a chart and its table.
  const breakdowns: readonly Breakdown[] = [
    {
      id: 'analysis-months',
      title: '月別の推移',
      keyLabel: '月',
      labels: analysis.months.map((row) => formatMonth(row.month)),
      rows: analysis.months,
    },
    {
      id: 'analysis-categories',
      title: 'カテゴリ別',
      keyLabel: 'カテゴリ',
      labels: analysis.categories.map((row) => needCategoryName(row.need_category) ?? row.need_category),
      rows: analysis.categories,
    },
    {
      id: 'analysis-branches',
      title: 'お取引店別',
      keyLabel: 'お取引店',
      labels: analysis.branches.map((row) => row.bb_name ?? 'お取引店なし'),
      rows: analysis.branches,
      horizontal: true,
      note: '商談は当行側の企業のお取引店で数えます（当行の2社の間の商談は、それぞれのお取引店で数えます）。',
    },
  ];
  return (
    <>
      <Totals aria-label={`${span}の合計`}>
        {ANALYSIS_SERIES.map((series) => (
          <div key={series}>
            <dt>{seriesLabels[series]}</dt>
            <dd>{analysis.totals[series].toLocaleString('ja-JP')}件</dd>
          </div>
        ))}
      </Totals>
      {breakdowns.map((breakdown) => (
        <FigureBlock key={breakdown.id} {...breakdown} span={span} seriesLabels={seriesLabels} />
      ))}
    </>
  );
}

/** One breakdown of the period's figures (by month, category or branch), keyed by its labels. */
interface Breakdown {
  id: string;
  title: string;
  keyLabel: string;
  labels: readonly string[];
  rows: readonly AnalysisFigures[];
  horizontal?: boolean;
  note?: string;
}

function FigureBlock({
  id,
  title,
  span,
  keyLabel,
  labels,
  rows,
  seriesLabels,
  horizontal,
  note,
}: Breakdown & {
  span: string;
  seriesLabels: Record<AnalysisSeries, string>;
}) {
  return (
    <Block aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{title}</h2>
      {note && <PageNotice>{note}</PageNotice>}
      <AnalysisBarChart
        label={`${title}（${span}）のグラフ`}
        labels={labels}
        rows={rows}
        seriesLabels={seriesLabels}
        {...(horizontal ? { horizontal } : {})}
      />
      <Scroll>
        <Table>
          <caption>{`${title}（${span}）`}</caption>
          <thead>
            <tr>
              <th scope="col">{keyLabel}</th>
              {ANALYSIS_SERIES.map((series) => (
                <th key={series} scope="col">
                  {seriesLabels[series]}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row, index) => (
              <tr key={labels[index] ?? index}>
                <th scope="row">{labels[index]}</th>
                {ANALYSIS_SERIES.map((series) => (
                  <td key={series}>{row[series].toLocaleString('ja-JP')}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </Table>
      </Scroll>
    </Block>
  );
}
