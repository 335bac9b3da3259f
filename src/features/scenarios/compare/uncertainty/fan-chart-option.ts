// The fan chart's ECharts option (a plain object; only the adapter loads echarts): one scenario's net worth as a
// 10th-90th band, a 25th-75th band and the median line, over the sampled months; tooltips list every percentile.
import {
  TEXT,
  axisMinInterval,
  chartFrame,
  monthYearLabel,
  seriesColour,
  type ChartOption,
} from '../../../../components/charts/chart-options';
import { formatMoney } from '../../../../lib/format/money';
import type { PercentileSeries } from '../../../../../worker/engine/index';

export const BAND_OUTER = '10th to 90th percentile';
export const BAND_INNER = '25th to 75th percentile';
export const MEDIAN = 'Median';

export type FanChartInput = {
  name: string;
  /** Position of the scenario on the screen: its colour. */
  index: number;
  /** 'YYYY-MM' per point. */
  months: ReadonlyArray<string>;
  percentiles: PercentileSeries;
  todaysDollars?: boolean;
  compact?: boolean;
};

type TooltipParam = { dataIndex?: number };

/** The tooltip: the month, then the 90th down to the 10th percentile in full AUD. */
export function fanTooltipHtml(input: FanChartInput, dataIndex: number): string {
  const p = input.percentiles;
  const month = input.months[dataIndex];
  const rows: Array<[string, number]> = [
    ['90th', p.p90[dataIndex]],
    ['75th', p.p75[dataIndex]],
    ['Median', p.p50[dataIndex]],
    ['25th', p.p25[dataIndex]],
    ['10th', p.p10[dataIndex]],
  ];
  const head = `<strong>${month ? monthYearLabel(month) : ''}</strong>${input.todaysDollars ? " (today's dollars)" : ''}`;
  return [head, ...rows.map(([label, v]) => `${label}: <strong>${formatMoney(v)}</strong>`)].join('<br/>');
}

/**
 * Bands are stacked areas: an invisible series at the lower percentile, then the band's width stacked on it
 * (stackStrategy 'all', so bands below zero stack the same way).
 */
export function fanChartOption(input: FanChartInput): ChartOption {
  const fontSize = input.compact ? 10 : 12;
  const colour = seriesColour(input.index);
  const p = input.percentiles;
  const width = (hi: number[], lo: number[]) => hi.map((v, i) => v - lo[i]);
  const hidden = { lineStyle: { opacity: 0 }, showSymbol: false, silent: true, tooltip: { show: false } };
  const band = (name: string, stack: string, lower: number[], upper: number[], opacity: number) => [
    { type: 'line', name: `${name} base`, stack, stackStrategy: 'all', data: [...lower], ...hidden },
    {
      type: 'line',
      name,
      stack,
      stackStrategy: 'all',
      data: width(upper, lower),
      showSymbol: false,
      lineStyle: { opacity: 0 },
      itemStyle: { color: colour, opacity },
      areaStyle: { color: colour, opacity },
    },
  ];
  return {
    ...chartFrame({
      categories: input.months,
      compact: input.compact,
      gridTop: 36,
      // Fitted to the bands (not from zero): the spread is what this chart is for.
      yScale: true,
      yMinInterval: axisMinInterval([{ name: '', values: [...p.p10, ...p.p90] }]),
      tooltip: (params: TooltipParam | TooltipParam[]) =>
        fanTooltipHtml(input, (Array.isArray(params) ? params[0] : params)?.dataIndex ?? 0),
    }),
    legend: {
      top: 0,
      left: 0,
      data: [MEDIAN, BAND_INNER, BAND_OUTER],
      textStyle: { color: TEXT, fontSize },
    },
    series: [
      ...band(BAND_OUTER, 'outer', p.p10, p.p90, 0.18),
      ...band(BAND_INNER, 'inner', p.p25, p.p75, 0.32),
      {
        type: 'line',
        name: MEDIAN,
        data: [...p.p50],
        showSymbol: false,
        lineStyle: { width: 2, color: colour },
        itemStyle: { color: colour },
      },
    ],
  };
}

/** The yearly points of a sampled series (as_of, then every 12 months on, and the last): the table's rows. */
export function yearlyIndices(months: ReadonlyArray<string>): number[] {
  if (months.length === 0) return [];
  const index = (m: string) => Number(m.slice(0, 4)) * 12 + Number(m.slice(5, 7)) - 1;
  const first = index(months[0]);
  const picked = months.flatMap((m, i) => ((index(m) - first) % 12 === 0 ? [i] : []));
  if (picked[picked.length - 1] !== months.length - 1) picked.push(months.length - 1);
  return picked;
}

/** A 30-year run's fan chart: 61 points, one every six months (the engine's sampling for long forecasts). */
const WARM_POINTS = 61;
const WARM_STEP_MONTHS = 6;

/**
 * Two fan chart options on made-up figures, shaped like a 30-year result's (in dollars of the day, then in today's
 * dollars), for the chart warm-up when the view opens (preloadCharts('fan', ...)): the first real result's draws
 * then run code that is already warm.
 */
export function warmUpFanChartOptions(compact: boolean): ChartOption[] {
  const months = Array.from({ length: WARM_POINTS }, (_, i) => {
    const m = i * WARM_STEP_MONTHS;
    return `${2030 + Math.floor(m / 12)}-${String((m % 12) + 1).padStart(2, '0')}`;
  });
  const band = (k: number) => months.map((_, i) => Math.round((250_000 + i * 18_000) * k));
  const percentiles: PercentileSeries = {
    p10: band(0.55),
    p25: band(0.8),
    p50: band(1),
    p75: band(1.3),
    p90: band(1.7),
  };
  return [false, true].map((todaysDollars, index) =>
    fanChartOption({ name: 'Warm-up', index, months, percentiles, todaysDollars, compact }),
  );
}
