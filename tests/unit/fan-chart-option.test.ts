// The fan chart's option and its table rows: bands stacked on invisible bases (so they work below zero too), the
// median line, tooltips in full AUD, and the yearly points the percentile table lists.
import { describe, expect, it } from 'vitest';
import {
  BAND_INNER,
  BAND_OUTER,
  MEDIAN,
  fanChartOption,
  fanTooltipHtml,
  warmUpFanChartOptions,
  yearlyIndices,
  type FanChartInput,
} from '../../src/features/scenarios/compare/uncertainty/fan-chart-option';

const input: FanChartInput = {
  name: 'Plan',
  index: 1,
  months: ['2026-11', '2027-11', '2028-11'],
  percentiles: {
    p10: [-5000, 1000, 2000],
    p25: [-1000, 2000, 4000],
    p50: [0, 3000, 6000],
    p75: [1000, 4000, 8000],
    p90: [5000, 5000, 10000],
  },
};

type Series = { name: string; data: number[]; stack?: string; stackStrategy?: string; areaStyle?: unknown };

describe('fan chart option', () => {
  it('stacks each band on an invisible base at its lower percentile, with the median on top', () => {
    const series = fanChartOption(input).series as Series[];
    expect(series.map((s) => s.name)).toEqual([
      `${BAND_OUTER} base`,
      BAND_OUTER,
      `${BAND_INNER} base`,
      BAND_INNER,
      MEDIAN,
    ]);
    expect(series[0].data).toEqual([-5000, 1000, 2000]);
    expect(series[1].data).toEqual([10000, 4000, 8000]);
    expect(series[2].data).toEqual([-1000, 2000, 4000]);
    expect(series[3].data).toEqual([2000, 2000, 4000]);
    expect(series[4].data).toEqual([0, 3000, 6000]);
    for (const s of series.slice(0, 4)) expect(s.stackStrategy).toBe('all');
    expect(series[0].areaStyle).toBeUndefined();
    expect(series[1].areaStyle).toBeDefined();
    expect((fanChartOption(input).legend as { data: string[] }).data).toEqual([MEDIAN, BAND_INNER, BAND_OUTER]);
  });

  it('lists every percentile of the month in its tooltip', () => {
    expect(fanTooltipHtml({ ...input, todaysDollars: true }, 1)).toBe(
      "<strong>Nov 2027</strong> (today's dollars)<br/>90th: <strong>$5,000</strong><br/>75th: <strong>$4,000</strong><br/>Median: <strong>$3,000</strong><br/>25th: <strong>$2,000</strong><br/>10th: <strong>$1,000</strong>",
    );
  });

  it('takes yearly points from as_of, and the last point', () => {
    expect(yearlyIndices([])).toEqual([]);
    expect(yearlyIndices(['2026-11', '2027-02', '2027-11', '2028-05', '2028-11', '2029-02'])).toEqual([0, 2, 4, 5]);
    const sixMonthly = Array.from({ length: 61 }, (_, i) => {
      const m = 2026 * 12 + 10 + i * 6;
      return `${Math.floor(m / 12)}-${String((m % 12) + 1).padStart(2, '0')}`;
    });
    expect(yearlyIndices(sixMonthly)).toEqual(Array.from({ length: 31 }, (_, i) => i * 2));
  });

  it("gives the chart warm-up two options shaped like a 30-year result's, in dollars of the day and today's", () => {
    const [nominal, real] = warmUpFanChartOptions(false);
    const real1 = fanChartOption({ ...input, todaysDollars: true });
    for (const option of [nominal, real]) {
      const series = option.series as Series[];
      expect(series.map((s) => s.name)).toEqual((real1.series as Series[]).map((s) => s.name));
      for (const s of series) expect(s.data).toHaveLength(61);
      const months = (option.xAxis as { data: string[] }).data;
      expect(months[0]).toBe('2030-01');
      expect(months[60]).toBe('2060-01');
    }
    const tooltip = (option: typeof nominal) => (option.tooltip as { formatter: (p: unknown) => string }).formatter;
    expect(tooltip(nominal)({ dataIndex: 0 })).not.toContain("today's dollars");
    expect(tooltip(real)({ dataIndex: 0 })).toContain("today's dollars");
  });
});
