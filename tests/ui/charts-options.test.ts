// Unit tests for the compare chart option builders: abbreviated axis labels, full-AUD tooltips, five cycling
// colours, cash flow coloured by sign, and the spec's sampling (done by the engine, used by the view).
import { describe, expect, it } from 'vitest';
import {
  NEGATIVE_COLOUR,
  POSITIVE_COLOUR,
  SERIES_COLOURS,
  capitalGrowthOption,
  cashFlowOption,
  labelInterval,
  monthYearLabel,
  netWorthOption,
  seriesColour,
  signColour,
  tooltipHtml,
  type ChartOption,
} from '../../src/components/charts/chart-options';
import { compareView as compareForScreen, deflator, findCashShortfall } from '../../worker/engine/index';
import { COMPARE_AS_OF, compareBackup } from './compare-fixture';

type Axis = { axisLabel: { formatter: (v: unknown) => string }; data?: string[] };
type Series = Record<string, unknown> & {
  itemStyle?: { color?: unknown };
  lineStyle?: { color?: string };
  areaStyle?: unknown;
  data: number[];
};

const dates = ['2026-11-21', '2026-12-31', '2027-01-31'];
const six = Array.from({ length: 6 }, (_, i) => ({ name: `S${i}`, values: [i * 1000, -500, 2_500_000] }));

const yAxis = (o: ChartOption) => o.yAxis as Axis;
const xAxis = (o: ChartOption) => o.xAxis as Axis;
const series = (o: ChartOption) => o.series as Series[];

describe('chart options', () => {
  it('abbreviates the value axis as $Nk and $N.NM and labels months on the x axis', () => {
    const o = netWorthOption({ dates, series: six.slice(0, 1) });
    expect(yAxis(o).axisLabel.formatter(250_000)).toBe('$250k');
    expect(yAxis(o).axisLabel.formatter(1_250_000)).toBe('$1.3M');
    expect(yAxis(o).axisLabel.formatter(-12_000)).toBe('-$12k');
    expect(xAxis(o).data).toEqual(dates);
    expect(xAxis(o).axisLabel.formatter('2029-03-31')).toBe('Mar 2029');
    expect(monthYearLabel('2026-12-31')).toBe('Dec 2026');
  });

  it("shows full AUD in tooltips, escapes scenario names and says when figures are in today's dollars", () => {
    const html = tooltipHtml([{ axisValue: '2029-03-31', seriesName: '<b>Mine</b>', value: 1234567.4, marker: '' }]);
    expect(html).toContain('Mar 2029');
    expect(html).toContain('$1,234,567');
    expect(html).toContain('&lt;b&gt;Mine&lt;/b&gt;');
    expect(tooltipHtml([{ axisValue: '2029-03-31', seriesName: 'A', value: -50 }], true)).toContain(
      "(today's dollars)",
    );
    expect(tooltipHtml([{ axisValue: '2029-03-31', seriesName: 'A', value: -50 }])).toContain('-$50');
  });

  it('cycles five series colours', () => {
    expect(SERIES_COLOURS).toHaveLength(5);
    expect(new Set(SERIES_COLOURS).size).toBe(5);
    expect(seriesColour(5)).toBe(SERIES_COLOURS[0]);
    expect(seriesColour(7)).toBe(SERIES_COLOURS[2]);
    const o = netWorthOption({ dates, series: six });
    expect(series(o).map((s) => s.lineStyle?.color)).toEqual([...SERIES_COLOURS, SERIES_COLOURS[0]]);
    expect(o.color).toEqual([...SERIES_COLOURS]);
    expect(SERIES_COLOURS).not.toContain(POSITIVE_COLOUR);
    expect(SERIES_COLOURS).not.toContain(NEGATIVE_COLOUR);
  });

  it('shows about 6 month labels (4 on a phone) at a fixed interval', () => {
    expect(labelInterval(61, false)).toBe(10);
    expect(labelInterval(61, true)).toBe(15);
    expect(labelInterval(13, false)).toBe(2);
    expect(labelInterval(3, false)).toBe(0);
    const many = Array.from({ length: 61 }, (_, i) => `2027-01-${String((i % 28) + 1).padStart(2, '0')}`);
    expect(
      (netWorthOption({ dates: many, series: six, compact: true }).xAxis as { axisLabel: { interval: number } })
        .axisLabel.interval,
    ).toBe(15);
  });

  it('draws capital growth as areas and net worth as plain lines', () => {
    expect(
      series(capitalGrowthOption({ dates, series: six.slice(0, 2) })).every((s) => s.type === 'line' && s.areaStyle),
    ).toBe(true);
    expect(
      series(netWorthOption({ dates, series: six.slice(0, 2) })).every((s) => s.type === 'line' && !s.areaStyle),
    ).toBe(true);
  });

  it('colours a single cash flow line by sign: green above zero, orange below, switching exactly at zero', () => {
    // Values 0, -500 and 2,500,000: zero sits 2,500,000 / 2,500,500 of the way down the line's box.
    const o = cashFlowOption({ dates, series: six.slice(0, 1) });
    const stops = (series(o)[0].lineStyle as unknown as { color: { colorStops: { offset: number; color: string }[] } })
      .color.colorStops;
    expect(stops.map((s) => s.color)).toEqual([POSITIVE_COLOUR, POSITIVE_COLOUR, NEGATIVE_COLOUR, NEGATIVE_COLOUR]);
    expect(stops[1].offset).toBeCloseTo(2_500_000 / 2_500_500, 9);
    expect(stops[2].offset).toBe(stops[1].offset);
  });

  it('colours a single cash flow line that never crosses zero in its sign colour', () => {
    const negative = cashFlowOption({ dates, series: [{ name: 'A', values: [null, -5, -7] }] });
    expect(series(negative)[0].lineStyle?.color).toBe(NEGATIVE_COLOUR);
    const positive = cashFlowOption({ dates, series: [{ name: 'A', values: [null, 5, 7] }] });
    expect(series(positive)[0].lineStyle?.color).toBe(POSITIVE_COLOUR);
  });

  it('keeps several cash flow lines apart by colour, bands the plot by sign and colours tooltip amounts by sign', () => {
    const o = cashFlowOption({ dates, series: six.slice(0, 3) });
    const s = series(o);
    expect(s.map((x) => x.lineStyle?.color)).toEqual(SERIES_COLOURS.slice(0, 3));
    expect(signColour(-1)).toBe(NEGATIVE_COLOUR);
    expect(signColour(0)).toBe(POSITIVE_COLOUR);
    const formatter = (o.tooltip as { formatter: (p: unknown) => string }).formatter;
    expect(formatter([{ axisValue: '2027-01-31', seriesName: 'A', value: -20 }])).toContain(`color:${NEGATIVE_COLOUR}`);
    expect(formatter([{ axisValue: '2027-01-31', seriesName: 'A', value: 20 }])).toContain(`color:${POSITIVE_COLOUR}`);
    expect(
      (netWorthOption({ dates, series: six }).tooltip as { formatter: (p: unknown) => string }).formatter([
        { axisValue: '2027-01-31', seriesName: 'A', value: 20 },
      ]),
    ).not.toContain('color:');
    const bands = (s[0].markArea as { data: [{ yAxis: number }, { yAxis: number }][] }).data;
    expect(bands.map(([a, b]) => [a.yAxis, b.yAxis])).toEqual([
      [0, 2_500_000],
      [-500, 0],
    ]);
  });
});

describe('compare view (shaped in the worker)', () => {
  const run = (years: number) =>
    compareForScreen({ backup: compareBackup, as_of: COMPARE_AS_OF, years, scenario_ids: ['sc-base', 'sc-loss'] });

  it('samples every month up to 5 years, every 3rd to 15, every 6th beyond, keeping the first and last', () => {
    const five = run(5);
    expect(five.step).toBe(1);
    expect(five.dates).toHaveLength(61);
    const ten = run(10);
    expect(ten.step).toBe(3);
    expect(ten.dates).toHaveLength(41);
    const thirty = run(30);
    expect(thirty.step).toBe(6);
    expect(thirty.dates).toHaveLength(61);
    expect(thirty.dates[0]).toBe(COMPARE_AS_OF);
    expect(thirty.dates.at(-1)).toBe('2056-11-30');
    for (const s of thirty.scenarios) {
      expect(s.net_worth.nominal).toHaveLength(61);
      expect(s.net_worth.nominal[0]).toBe(s.summary.current_net_worth);
      expect(s.net_worth.nominal.at(-1)).toBe(s.summary.projected_net_worth);
      // Snapshot 0 is a moment, not a month: no flow point there.
      expect(s.cash_flow.nominal[0]).toBeNull();
      expect(s.capital_growth.real[0]).toBeNull();
      expect(s.cash_flow.nominal[1]).toEqual(expect.any(Number));
    }
  });

  it("summaries add up (nominal and today's dollars) and the shortfall is found over every month", () => {
    const v = run(5);
    for (const s of v.scenarios) {
      expect(Math.abs(s.summary.from_cash_flow + s.summary.from_growth - s.summary.total_change)).toBeLessThan(0.05);
      const r = s.real_summary;
      expect(Math.abs(r.from_cash_flow + r.from_growth + r.inflation - r.total_change)).toBeLessThan(0.05);
      expect(r.current_net_worth).toBe(s.summary.current_net_worth);
      expect(r.projected_net_worth).toBeCloseTo(s.summary.projected_net_worth * deflator(3, 60), 1);
    }
    expect(v.scenarios[0].shortfall).toBeNull();
    // Job loss: $3,000 cash and $4,000 a month out: short from the first month end (Dec 2026) to the end.
    expect(v.scenarios[1].shortfall).toEqual({ month: '2026-12', months: 60, until_end: true });
  });

  it('finds the first run below zero and its length', () => {
    const snaps = [5, -1, -2, 3, -4].map((liquid_cash, k) => ({ date: `2027-0${k + 1}-28`, liquid_cash }));
    expect(findCashShortfall(snaps)).toEqual({ month: '2027-02', months: 2, until_end: false });
    expect(findCashShortfall([{ date: '2027-01-31', liquid_cash: 0 }])).toBeNull();
  });
});

describe('axis tick steps', () => {
  it('keep abbreviated labels distinct: whole thousands under a million, tenths of a million above', async () => {
    const { axisMinInterval } = await import('../../src/components/charts/chart-options');
    expect(axisMinInterval([{ name: 'a', values: [1200, 1800, null] }])).toBe(1_000);
    expect(axisMinInterval([{ name: 'a', values: [-2_500_000, 10] }])).toBe(100_000);
    expect(axisMinInterval([{ name: 'a', values: [250, -400] }])).toBe(1);
  });
});
