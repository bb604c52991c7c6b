import {
  BarController,
  BarElement,
  CategoryScale,
  Chart as ChartJS,
  type ChartOptions,
  Legend,
  LinearScale,
  Tooltip,
} from 'chart.js';
import { Bar } from 'react-chartjs-2';
import styled, { useTheme } from 'styled-components';
import {
  ANALYSIS_SERIES,
  type AnalysisFigures,
  type AnalysisSeries,
} from '#server/contracts/matching-staff.ts';

/**
 * The analysis' charts, drawn by Chart.js 4 (canvas) through react-chartjs-2. Only this module
 * imports them, and only the analysis page (a lazy admin chunk) imports this module: no other page
 * loads the library. Only the parts a bar chart needs are registered (Chart.js is tree-shaken by
 * what is registered). A canvas is a picture to assistive technology: each chart is named
 * (role img, aria-label) and the page shows the same figures as tables beside it.
 */
ChartJS.register(BarController, BarElement, CategoryScale, LinearScale, Legend, Tooltip);

const Frame = styled.div<{ $height: number }>`
  position: relative;
  height: ${({ $height }) => `${$height}px`};
  min-width: 0;
`;

export interface AnalysisChartProps {
  /** What the chart shows, read out for the canvas. */
  label: string;
  /** The categories along the axis: months, need categories, branches. */
  labels: readonly string[];
  /** One bar of each series per category, in ANALYSIS_SERIES' order. */
  rows: readonly AnalysisFigures[];
  /** The series' names (the analyse_action master's words where it has them). */
  seriesLabels: Record<AnalysisSeries, string>;
  /** Bars along the horizontal (many branches read better as rows). */
  horizontal?: boolean;
}

/** A series' colour from the bank's theme, so the charts follow the tenant's colours. */
function useSeriesColors(): Record<AnalysisSeries, string> {
  const { colors } = useTheme();
  return {
    need_created: colors.textMuted,
    deal_requested: colors.main,
    deal_accepted: colors.catch,
    deal_contracted: colors.success,
  };
}

/** A grouped bar chart of the four series over `labels`. */
export function AnalysisBarChart({
  label,
  labels,
  rows,
  seriesLabels,
  horizontal = false,
}: AnalysisChartProps) {
  const theme = useTheme();
  const colors = useSeriesColors();
  const data = {
    labels: [...labels],
    datasets: ANALYSIS_SERIES.map((series) => ({
      label: seriesLabels[series],
      data: rows.map((row) => row[series]),
      backgroundColor: colors[series],
      borderColor: colors[series],
      borderWidth: 1,
    })),
  };
  const font = { family: theme.typography.fontFamily };
  const counts = { beginAtZero: true, ticks: { precision: 0, font }, grid: { color: theme.colors.border } };
  const categories = { ticks: { font, autoSkip: !horizontal }, grid: { display: false } };
  const options: ChartOptions<'bar'> = {
    responsive: true,
    maintainAspectRatio: false,
    // A chart that grows on each load is motion nobody asked for.
    animation: false,
    indexAxis: horizontal ? 'y' : 'x',
    scales: horizontal ? { x: counts, y: categories } : { x: categories, y: counts },
    plugins: {
      legend: { position: 'bottom', labels: { font, color: theme.colors.text } },
      tooltip: { bodyFont: font, titleFont: font },
    },
  };
  const height = horizontal ? Math.max(labels.length * 52 + 80, 200) : 300;
  return (
    <Frame $height={height}>
      <Bar
        data={data}
        options={options}
        role="img"
        aria-label={label}
        fallbackContent={<p>{label}（数値は下の表のとおりです）</p>}
      />
    </Frame>
  );
}
