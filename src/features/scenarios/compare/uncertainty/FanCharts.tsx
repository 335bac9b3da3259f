// One fan chart per scenario (net worth percentiles), 300 px high, mounted one after another (each once the previous
// one has drawn) so drawing several never adds up to one long main-thread task. A fan chart draws in a few ms, so
// each draws in the task after it is created rather than waiting for a frame of its own.
import { useMemo } from 'react';
import { ChartSequence, useCompactCharts, type SequencedChart } from '../../../../components/charts/ChartSequence';
import type { UncertaintyResult } from '../../../../../worker/engine/index';
import { fanChartOption } from './fan-chart-option';

export const FAN_CHART_HEIGHT = 300;

/**
 * A number for each result object: a new result draws on the charts already on screen (ChartSequence's version),
 * while the same result shown again (a Run answered from the cache) leaves them as they are.
 */
const resultIds = new WeakMap<UncertaintyResult, number>();
let lastResultId = 0;
function resultId(result: UncertaintyResult): number {
  let id = resultIds.get(result);
  if (id === undefined) {
    id = ++lastResultId;
    resultIds.set(result, id);
  }
  return id;
}

export function FanCharts({ result, todaysDollars }: { result: UncertaintyResult; todaysDollars: boolean }) {
  const compact = useCompactCharts();
  const charts = useMemo<SequencedChart[]>(
    () =>
      result.scenarios.map((s, index) => {
        const title = `${s.name}: net worth range`;
        return {
          key: s.scenario_id,
          title,
          ariaLabel: `${title}: 10th to 90th and 25th to 75th percentile bands and the median. The table below lists the figures.`,
          option: fanChartOption({
            name: s.name,
            index,
            months: s.sample_months,
            percentiles: todaysDollars ? s.real : s.nominal,
            todaysDollars,
            compact,
          }),
          head: (
            <>
              <h3>{title}</h3>
              {todaysDollars && <p className="compare-chart-real">In today&apos;s dollars</p>}
            </>
          ),
        };
      }),
    [result, todaysDollars, compact],
  );
  return (
    <ChartSequence
      charts={charts}
      height={FAN_CHART_HEIGHT}
      className="uncertainty-charts"
      sectionClassName="compare-chart"
      testId="fan-charts"
      drawAtOnce
      version={`${resultId(result)}-${todaysDollars}`}
    />
  );
}
