// ECharts option builders for the compare charts (plain objects, no echarts import: only the adapter loads it).
// Axis labels abbreviated ($Nk / $N.NM), tooltips in full AUD, five cycling series colours, cash flow by sign.
import { formatAxisMoney, formatMoney } from '../../lib/format/money';
import { MONTH_SHORT_NAMES } from '../../../worker/engine/index';

/** Loose option type: the adapter hands it to echarts as is (echarts' own types stay inside the adapter). */
export type ChartOption = Record<string, unknown>;

/** Five series colours, cycled by scenario position; kept clear of the sign colours below. */
export const SERIES_COLOURS = ['#8aa4ff', '#4dd0e1', '#f5c25b', '#c89bff', '#ff7eb6'] as const;
export const POSITIVE_COLOUR = '#5fd39a';
export const NEGATIVE_COLOUR = '#ff8a4c';

/** Chart text (titles, legends, tooltips). */
export const TEXT = '#e6e9f2';
const MUTED = '#a9b2c9';
const GRID_LINE = '#2d3a5c';

/** null: no figure at that point (a month's flows don't exist for snapshot 0, which is a moment). */
export type ChartSeries = { name: string; values: ReadonlyArray<number | null> };

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
  return `${MONTH_SHORT_NAMES[month - 1] ?? ''} ${iso.slice(0, 4)}`;
}

function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );
}

type TooltipParam = { axisValue?: string; marker?: string; seriesName?: string; value?: unknown };

/** Tooltip body: the month, then each scenario's figure in full AUD (names escaped: they are user text). */
export function tooltipHtml(
  params: TooltipParam | TooltipParam[],
  todaysDollars = false,
  signColoured = false,
): string {
  const list = Array.isArray(params) ? params : [params];
  const head = list[0]?.axisValue ? monthYearLabel(String(list[0].axisValue)) : '';
  const rows = list.map((p) => {
    const v =
      typeof p.value === 'number'
        ? p.value
        : p.value === null || p.value === undefined || p.value === ''
          ? NaN
          : Number(p.value);
    const shown = Number.isFinite(v) ? formatMoney(v) : '-';
    const amount = signColoured && Number.isFinite(v) ? `<span style="color:${signColour(v)}">${shown}</span>` : shown;
    return `${p.marker ?? ''}${escapeHtml(p.seriesName ?? '')}: <strong>${amount}</strong>`;
  });
  return [`<strong>${escapeHtml(head)}</strong>${todaysDollars ? " (today's dollars)" : ''}`, ...rows].join('<br/>');
}

/** Category labels to skip between two shown: about 6 labels across (4 on a phone). */
export function labelInterval(points: number, compact: boolean): number {
  const target = compact ? 4 : 6;
  return Math.max(0, Math.ceil(points / target) - 1);
}

type FrameInput = {
  /** The x axis' categories: ISO dates or months, labelled 'Mar 2029'. */
  categories: ReadonlyArray<string>;
  compact?: boolean;
  /** The plot's top edge (room for the legend above it). */
  gridTop: number;
  /** Whether the y axis fits the data (true) or starts from zero. */
  yScale: boolean;
  yMinInterval: number;
  tooltip: (params: never) => string;
};

/**
 * What every chart here shares: the dark theme's text, the grid, an axis tooltip, month categories along x (a
 * fixed label interval) and abbreviated money up y. Each chart adds its legend, colours and series.
 */
export function chartFrame(input: FrameInput): ChartOption {
  const fontSize = input.compact ? 10 : 12;
  return {
    backgroundColor: 'transparent',
    animation: false,
    textStyle: { color: TEXT, fontSize },
    grid: { left: 4, right: input.compact ? 8 : 16, top: input.gridTop, bottom: 4, containLabel: true },
    tooltip: {
      trigger: 'axis',
      confine: true,
      backgroundColor: '#1c2540',
      borderColor: GRID_LINE,
      textStyle: { color: TEXT, fontSize },
      formatter: input.tooltip,
    },
    xAxis: {
      type: 'category',
      boundaryGap: false,
      data: [...input.categories],
      axisLine: { lineStyle: { color: GRID_LINE } },
      // A fixed label interval: echarts' automatic one measures every label's text, a large share of a draw.
      axisLabel: {
        color: MUTED,
        fontSize,
        interval: labelInterval(input.categories.length, input.compact ?? false),
        formatter: (v: string) => monthYearLabel(v),
      },
    },
    yAxis: {
      type: 'value',
      scale: input.yScale,
      minInterval: input.yMinInterval,
      axisLabel: { color: MUTED, fontSize, formatter: (v: number) => formatAxisMoney(v) },
      splitLine: { lineStyle: { color: GRID_LINE, type: 'dashed' } },
    },
  };
}

function baseOption(input: ChartInput, signColoured = false): ChartOption {
  const fontSize = input.compact ? 10 : 12;
  return {
    ...chartFrame({
      categories: input.dates,
      compact: input.compact,
      gridTop: input.compact ? 22 * (Math.ceil(input.series.length / 2) + (input.series.length > 2 ? 1 : 0)) + 14 : 36,
      yScale: false,
      yMinInterval: axisMinInterval(input.series),
      tooltip: (params: TooltipParam | TooltipParam[]) => tooltipHtml(params, input.todaysDollars, signColoured),
    }),
    color: [...SERIES_COLOURS],
    // On a phone every scenario's name stays on screen (two a row, wrapping, full-size text) instead of a paged
    // legend; the plot starts below its rows.
    legend: input.compact
      ? { type: 'plain', top: 0, left: 0, right: 0, itemGap: 12, textStyle: { color: TEXT, fontSize: 12 } }
      : {
          type: 'scroll',
          top: 0,
          left: 0,
          right: 0,
          textStyle: { color: TEXT, fontSize },
          pageTextStyle: { color: MUTED },
          pageIconColor: TEXT,
        },
  };
}

/**
 * The smallest tick step whose labels stay distinct in the spec's abbreviations: whole thousands ($Nk) below a
 * million, tenths of a million ($N.NM) above it. Without it a small range gets steps like 300 that all read '$2k'.
 */
export function axisMinInterval(series: ReadonlyArray<ChartSeries>): number {
  let maxAbs = 0;
  for (const s of series) for (const v of s.values) if (v !== null && Math.abs(v) > maxAbs) maxAbs = Math.abs(v);
  if (maxAbs >= 1_000_000) return 100_000;
  return maxAbs >= 1_000 ? 1_000 : 1;
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
    series: input.series.map((s, i) => ({
      ...lineSeries(s, i, false),
      areaStyle: { color: seriesColour(i), opacity: input.series.length > 1 ? 0.12 : 0.25 },
    })),
  };
}

function extent(series: ReadonlyArray<ChartSeries>): { min: number; max: number } {
  let min = 0;
  let max = 0;
  for (const s of series)
    for (const v of s.values) {
      if (v === null) continue;
      if (v < min) min = v;
      if (v > max) max = v;
    }
  return { min, max };
}

export function signColour(value: number): string {
  return value < 0 ? NEGATIVE_COLOUR : POSITIVE_COLOUR;
}

/**
 * 'Monthly Cash Flow Projection', coloured by sign. One scenario: the line itself is green above zero and
 * orange below (a gradient split at zero; one colour when it never crosses zero). Several: each keeps its own colour so
 * they stay apart, on a plot banded green above zero and orange below, with a zero line; tooltips colour by sign.
 */
export function cashFlowOption(input: ChartInput): ChartOption {
  const base = baseOption(input, true);
  const { min, max } = extent(input.series);
  const zeroLine = {
    silent: true,
    symbol: 'none',
    label: { show: false },
    lineStyle: { color: MUTED, type: 'solid', width: 1 },
    data: [{ yAxis: 0 }],
  };
  if (input.series.length === 1) {
    const s = input.series[0];
    const line = { type: 'line', name: s.name, data: [...s.values], showSymbol: false, markLine: zeroLine };
    const values = s.values.filter((v): v is number => v !== null);
    const allNegative = values.length > 0 && values.every((v) => v < 0);
    if (allNegative || values.every((v) => v >= 0)) {
      const colour = allNegative ? NEGATIVE_COLOUR : POSITIVE_COLOUR;
      return { ...base, series: [{ ...line, lineStyle: { width: 2, color: colour }, itemStyle: { color: colour } }] };
    }
    // Crosses zero: a vertical gradient over the line's own bounding box (data max at the top, data min at the
    // bottom) that switches colour exactly at zero. (echarts' piecewise visualMap fails to draw some of these.)
    const zero = max / (max - min);
    const gradient = {
      type: 'linear',
      x: 0,
      y: 0,
      x2: 0,
      y2: 1,
      colorStops: [
        { offset: 0, color: POSITIVE_COLOUR },
        { offset: zero, color: POSITIVE_COLOUR },
        { offset: zero, color: NEGATIVE_COLOUR },
        { offset: 1, color: NEGATIVE_COLOUR },
      ],
    };
    return {
      ...base,
      series: [{ ...line, lineStyle: { width: 2, color: gradient }, itemStyle: { color: POSITIVE_COLOUR } }],
    };
  }
  const bands: unknown[] = [];
  if (max > 0) bands.push([{ yAxis: 0, itemStyle: { color: 'rgba(95, 211, 154, 0.08)' } }, { yAxis: max }]);
  if (min < 0) bands.push([{ yAxis: min, itemStyle: { color: 'rgba(255, 138, 76, 0.12)' } }, { yAxis: 0 }]);
  return {
    ...base,
    series: input.series.map((s, i) => {
      // Symbols stay off (one per point per scenario is most of the drawing time); the tooltip dot takes the sign.
      const line: Record<string, unknown> = {
        ...lineSeries(s, i, false),
        itemStyle: { color: seriesColour(i) },
      };
      if (i === 0) {
        line.markArea = { silent: true, data: bands };
        line.markLine = zeroLine;
      }
      return line;
    }),
  };
}
