import { render } from '@testing-library/react';
import { Chart } from 'chart.js';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { ANALYSIS_SERIES_LABELS, type AnalysisFigures } from '#server/contracts/matching-staff.ts';
import { AnalysisBarChart } from '#client/features/matching/admin/matching-analysis-charts.tsx';
import { config0182 } from '#tests/component/fixtures/app-configs.ts';
import { createProviders } from '#tests/component/fixtures/render-layout.tsx';

/**
 * The analysis' charts as Chart.js builds them. jsdom draws no canvas, so the canvas is given a
 * 2D context that draws nothing (every drawing call does nothing, text measures by its length):
 * Chart.js lays the chart out and keeps its configuration, which is what is checked.
 */

function silentContext(canvas: HTMLCanvasElement): CanvasRenderingContext2D {
  const state: Record<PropertyKey, unknown> = { canvas };
  return new Proxy(state, {
    get(target, name) {
      if (name in target) return target[name];
      if (name === 'measureText') return (text: string) => ({ width: text.length * 6 });
      if (name === 'getTransform') return () => ({ a: 1, b: 0, c: 0, d: 1, e: 0, f: 0 });
      return () => undefined;
    },
    set(target, name, value) {
      target[name] = value;
      return true;
    },
  }) as unknown as CanvasRenderingContext2D;
}
const getContext = vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(function (
  this: HTMLCanvasElement,
) {
  return silentContext(this);
} as unknown as HTMLCanvasElement['getContext']);
// Nor does it observe sizes: a responsive chart is given an observer that never reports.
vi.stubGlobal(
  'ResizeObserver',
  class {
    observe() {}
    unobserve() {}
    disconnect() {}
  },
);
afterAll(() => {
  getContext.mockRestore();
  vi.unstubAllGlobals();
});

const figures = (values: number[]): AnalysisFigures => ({
  need_created: values[0] ?? 0,
  deal_requested: values[1] ?? 0,
  deal_accepted: values[2] ?? 0,
  deal_contracted: values[3] ?? 0,
});

function renderChart(horizontal = false) {
  const { Providers } = createProviders({ config: config0182() });
  const { container } = render(
    <Providers>
      <AnalysisBarChart
        label="お取引店別のグラフ"
        labels={['本店営業部', '法人営業部']}
        rows={[figures([2, 1, 0, 0]), figures([1, 2, 1, 1])]}
        seriesLabels={{ ...ANALYSIS_SERIES_LABELS, deal_requested: '商談依頼数' }}
        horizontal={horizontal}
      />
    </Providers>,
  );
  const canvas = container.querySelector('canvas')!;
  return { canvas, chart: Chart.getChart(canvas)! };
}

describe('the analysis chart', () => {
  it('is a canvas named for what it shows, a bar of each series per label in the theme’s colours', () => {
    const { canvas, chart } = renderChart();
    expect(canvas).toHaveAttribute('role', 'img');
    expect(canvas).toHaveAttribute('aria-label', 'お取引店別のグラフ');
    expect(canvas).toHaveTextContent('お取引店別のグラフ（数値は下の表のとおりです）');
    expect((chart.config as { type?: string }).type).toBe('bar');
    expect(chart.data.labels).toEqual(['本店営業部', '法人営業部']);
    expect(chart.data.datasets.map((dataset) => [dataset.label, dataset.data])).toEqual([
      ['ニーズ登録', [2, 1]],
      ['商談依頼数', [1, 2]],
      ['商談開始', [0, 1]],
      ['成約', [0, 1]],
    ]);
    const { colors } = config0182().theme.tokens;
    expect(chart.data.datasets.map((dataset) => dataset.backgroundColor)).toEqual([
      colors.textMuted,
      colors.main,
      colors.catch,
      colors.success,
    ]);
    expect(chart.options.indexAxis).toBe('x');
    expect(chart.options.animation).toBe(false);
  });

  it('lays many branches out as rows', () => {
    const { chart } = renderChart(true);
    expect(chart.options.indexAxis).toBe('y');
  });
});
