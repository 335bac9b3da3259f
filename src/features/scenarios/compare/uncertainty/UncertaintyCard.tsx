// One scenario's card in the Uncertainty view: the median and the 10th-90th range of net worth at the end, the chance
// of running short of cash (and when it most often starts) and, with a goal, the chance of reaching it.
import { seriesColour } from '../../../../components/charts/chart-options';
import { formatMoney, formatPercent } from '../../../../lib/format/money';
import type { ScenarioUncertainty } from '../../../../../worker/engine/index';
import { projectedLabel, shortMonth } from '../SummaryCard';

/** A probability (0..1) as a whole or one-decimal percentage: '23%', '0.4%'. */
export function chanceText(probability: number): string {
  return formatPercent(Math.round(probability * 1000) / 10);
}

type Props = { scenario: ScenarioUncertainty; index: number; years: number; todaysDollars: boolean };

export function UncertaintyCard({ scenario, index, years, todaysDollars }: Props) {
  const p = todaysDollars ? scenario.real : scenario.nominal;
  const last = p.p50.length - 1;
  const headingId = `uncertainty-card-${scenario.scenario_id}`;
  return (
    <article
      className="compare-card scenario-surface"
      data-testid="uncertainty-card"
      data-scenario-id={scenario.scenario_id}
      aria-labelledby={headingId}
    >
      <header className="compare-card-header">
        <span className="compare-swatch" style={{ background: seriesColour(index) }} aria-hidden="true" />
        <h3 id={headingId}>{scenario.name}</h3>
        {todaysDollars && <span className="badge badge-muted">Today&apos;s dollars</span>}
      </header>
      <dl className="compare-figures">
        <div className="compare-figure">
          <dt>{projectedLabel(years)}, median</dt>
          <dd data-testid="median-net-worth">{formatMoney(p.p50[last])}</dd>
        </div>
        <div className="compare-figure">
          <dt>Likely range (10th to 90th)</dt>
          <dd data-testid="net-worth-range">
            {formatMoney(p.p10[last])} to {formatMoney(p.p90[last])}
          </dd>
        </div>
        <div className="compare-figure">
          <dt>Chance of running short of cash</dt>
          <dd data-testid="shortfall-chance" data-value={scenario.shortfall_probability}>
            {chanceText(scenario.shortfall_probability)}
          </dd>
        </div>
        {scenario.shortfall_most_likely_first_month && (
          <div className="compare-figure">
            <dt>Most often starts in</dt>
            <dd data-testid="shortfall-month">{shortMonth(scenario.shortfall_most_likely_first_month)}</dd>
          </div>
        )}
        {scenario.goal_probability !== null && (
          <div className="compare-figure">
            <dt>Chance of reaching your goal</dt>
            <dd data-testid="goal-chance" data-value={scenario.goal_probability}>
              {chanceText(scenario.goal_probability)}
            </dd>
          </div>
        )}
      </dl>
    </article>
  );
}
