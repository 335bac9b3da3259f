// ECharts option builders for the compare charts (plain objects, no echarts import: only the adapter loads it).
// Axis labels abbreviated ($Nk / $N.NM), tooltips in full AUD, five cycling series colours, cash flow by sign.
import { formatAxisMoney, formatMoney } from '../../lib/format/money';

/** Loose option type: the adapter hands it to echarts as is (echarts' own types stay inside the adapter). */
export type ChartOption = Record<string, unknown>;

/** Five series colours, cycled by scenario position; kept clear of the sign colours below. */
export const SERIES_COLOURS = ['#8aa4ff', '#4dd0e1', '#f5c25b', '#c89bff', '#ff7eb6'] as const;
export const POSITIVE_COLOUR = '#5fd39a';
export const NEGATIVE_COLOUR = '#ff8a4c';

const TEXT = '#e6e9f2';
const MUTED = '#a9b2c9';
const GRID_LINE = '#2d3a5c';
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

export type ChartSeries = { name: string; values: ReadonlyArray<number> };

export type ChartInput = {
  /** Sampled snapshot dates (ISO YYYY-MM-DD), the x axis. */
  dates: ReadonlyArray<string>;
  series: ReadonlyArray<ChartSeries>;
  /** Figures deflated to today's dollars: said in every tooltip. */
  todaysDollars?: boolean;
  /** Narrow screens get smaller text and tighter margins. */
  compact?: boolean;
};

export function seriesColour(index: number): string {
  return SERIES_COLOURS[index % SERIES_COLOURS.length];
}

/** 'Mar 2029' from an ISO date. */
export function monthYearLabel(iso: string): string {
  const month = Number(iso.slice(5, 7));
  return `${MONTHS[month - 1] ?? ''} ${iso.slice(0, 4)}`;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);
}

type TooltipParam = { axisValue?: string; marker?: string; seriesName?: string; value?: unknown };

/** Tooltip body: the month, then each scenario's figure in full AUD (names escaped: they are user text). */
export function tooltipHtml(params: TooltipParam | TooltipParam[], todaysDollars = false): string {
  const list = Array.isArray(params) ? params : [params];
  const head = list[0]?.axisValue ? monthYearLabel(String(list[0].axisValue)) : '';
  const rows = list.map((p) => {
    const v = typeof p.value === 'number' ? p.value : Number(p.value);
    return `${p.marker ?? ''}${escapeHtml(p.seriesName ?? '')}: <strong>${Number.isFinite(v) ? formatMoney(v) : '-'}</strong>`;
  });
  return [`<strong>${escapeHtml(head)}</strong>${todaysDollars ? " (today's dollars)" : ''}`, ...rows].join('<br/>');
}

function baseOption(input: ChartInput): ChartOption {
  const fontSize = input.compact ? 10 : 12;
  return {
    backgroundColor: 'transparent',
    animation: false,
    color: [...SERIES_COLOURS],
    textStyle: { color: TEXT, fontSize },
    legend: { type: 'scroll', top: 0, left: 0, right: 0, textStyle: { color: TEXT, fontSize }, pageTextStyle: { color: MUTED }, pageIconColor: TEXT },
    grid: { left: 4, right: input.compact ? 8 : 16, top: 36, bottom: 4, containLabel: true },
    tooltip: {
      trigger: 'axis',
      confine: true,
      backgroundColor: '#1c2540',
      borderColor: GRID_LINE,
      textStyle: { color: TEXT, fontSize },
      formatter: (params: TooltipParam | TooltipParam[]) => tooltipHtml(params, input.todaysDollars),
    },
    xAxis: {
      type: 'category',
      boundaryGap: false,
      data: [...input.dates],
      axisLine: { lineStyle: { color: GRID_LINE } },
      axisLabel: { color: MUTED, fontSize, hideOverlap: true, formatter: (v: string) => monthYearLabel(v) },
    },
    yAxis: {
      type: 'value',
      scale: false,
      axisLabel: { color: MUTED, fontSize, formatter: (v: number) => formatAxisMoney(v) },
      splitLine: { lineStyle: { color: GRID_LINE, type: 'dashed' } },
    },
  };
}

function lineSeries(s: ChartSeries, index: number, showSymbol: boolean): Record<string, unknown> {
  const colour = seriesColour(index);
  return {
    type: 'line',
    name: s.name,
    data: [...s.values],
    showSymbol,
    symbolSize: 4,
    lineStyle: { width: 2, color: colour },
    itemStyle: { color: colour },
    emphasis: { focus: 'series' },
  };
}

/** 'Net Worth Projection': one line per scenario. */
export function netWorthOption(input: ChartInput): ChartOption {
  return { ...baseOption(input), series: input.series.map((s, i) => lineSeries(s, i, false)) };
}

/** 'Monthly Capital Growth': one translucent area per scenario (alternatives, so never stacked). */
export function capitalGrowthOption(input: ChartInput): ChartOption {
  return {
    ...baseOption(input),
    series: input.series.map((s, i) => ({ ...lineSeries(s, i, false), areaStyle: { color: seriesColour(i), opacity: input.series.length > 1 ? 0.12 : 0.25 } })),
  };
}

function extent(series: ReadonlyArray<ChartSeries>): { min: number; max: number } {
  let min = 0;
  let max = 0;
  for (const s of series) for (const v of s.values) {
    if (v < min) min = v;
    if (v > max) max = v;
  }
  return { min, max };
}

export function signColour(value: number): string {
  return value < 0 ? NEGATIVE_COLOUR : POSITIVE_COLOUR;
}

/**
 * 'Monthly Cash Flow Projection', coloured by sign. One scenario: the line itself turns green above zero and
 * orange below (visualMap pieces). Several: each keeps its own colour so they stay apart, points take the sign
 * colour, and the plot is banded green above zero and orange below with a zero line.
 */
export function cashFlowOption(input: ChartInput): ChartOption {
  const base = baseOption(input);
  if (input.series.length === 1) {
    const s = input.series[0];
    return {
      ...base,
      visualMap: {
        show: false,
        type: 'piecewise',
        dimension: 1,
        seriesIndex: 0,
        pieces: [
          { lt: 0, color: NEGATIVE_COLOUR },
          { gte: 0, color: POSITIVE_COLOUR },
        ],
      },
      series: [
        {
          type: 'line',
          name: s.name,
          data: [...s.values],
          showSymbol: false,
          lineStyle: { width: 2 },
          markLine: { silent: true, symbol: 'none', label: { show: false }, lineStyle: { color: MUTED, type: 'solid', width: 1 }, data: [{ yAxis: 0 }] },
        },
      ],
    };
  }
  const { min, max } = extent(input.series);
  const bands: unknown[] = [];
  if (max > 0) bands.push([{ yAxis: 0, itemStyle: { color: 'rgba(95, 211, 154, 0.08)' } }, { yAxis: max }]);
  if (min < 0) bands.push([{ yAxis: min, itemStyle: { color: 'rgba(255, 138, 76, 0.12)' } }, { yAxis: 0 }]);
  return {
    ...base,
    series: input.series.map((s, i) => {
      const line: Record<string, unknown> = {
        ...lineSeries(s, i, true),
        symbolSize: 5,
        itemStyle: { color: (p: { value: unknown }) => signColour(Number(p.value)) },
      };
      if (i === 0) {
        line.markArea = { silent: true, data: bands };
        line.markLine = { silent: true, symbol: 'none', label: { show: false }, lineStyle: { color: MUTED, type: 'solid', width: 1 }, data: [{ yAxis: 0 }] };
      }
      return line;
    }),
  };
}
