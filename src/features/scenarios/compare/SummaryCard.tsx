// One scenario's summary card on the compare screen: current and projected net worth, the total change and
// its breakdown (which add up, the engine's identity), and a warning when liquid cash goes below zero.
import { seriesColour } from '../../../components/charts/chart-options';
import { displayedSign, formatMoney, formatSignedMoney } from '../../../lib/format/money';
import {
  MONTH_SHORT_NAMES,
  toDecimalString,
  type CashShortfall,
  type ScenarioView,
} from '../../../../worker/engine/index';

/** 'Mar 2029' from 'YYYY-MM'. */
export function shortMonth(yyyyMm: string): string {
  return `${MONTH_SHORT_NAMES[Number(yyyyMm.slice(5, 7)) - 1] ?? ''} ${yyyyMm.slice(0, 4)}`;
}

export function projectedLabel(years: number): string {
  return `Projected (${years} ${years === 1 ? 'year' : 'years'})`;
}

/** 'Cash runs short in Mar 2029' and for how long. */
export function shortfallText(s: CashShortfall): { headline: string; duration: string } {
  const months = `${s.months} ${s.months === 1 ? 'month' : 'months'}`;
  return {
    headline: `Cash runs short in ${shortMonth(s.month)}`,
    duration: s.until_end ? `for ${months}, to the end of the forecast` : `for ${months}`,
  };
}

function signClass(value: number): string {
  const r = displayedSign(value);
  return r > 0 ? 'compare-positive' : r < 0 ? 'compare-negative' : '';
}

function Figure({ label, value, signed, testId }: { label: string; value: number; signed?: boolean; testId: string }) {
  return (
    <div className="compare-figure">
      <dt>{label}</dt>
      <dd className={signed ? signClass(value) : undefined} data-testid={testId} data-value={toDecimalString(value)}>
        {signed && displayedSign(value) !== 0 ? formatSignedMoney(value) : formatMoney(value)}
      </dd>
    </div>
  );
}

type Props = { scenario: ScenarioView; index: number; years: number; todaysDollars: boolean };

export function SummaryCard({ scenario, index, years, todaysDollars }: Props) {
  const f = todaysDollars ? scenario.real_summary : scenario.summary;
  const shortfall = scenario.shortfall ? shortfallText(scenario.shortfall) : null;
  return (
    <article
      className="compare-card scenario-surface"
      data-testid="compare-card"
      data-scenario-id={scenario.scenario_id}
      aria-labelledby={`card-${scenario.scenario_id}`}
    >
      <header className="compare-card-header">
        <span className="compare-swatch" style={{ background: seriesColour(index) }} aria-hidden="true" />
        <h2 id={`card-${scenario.scenario_id}`}>{scenario.name}</h2>
        {todaysDollars && <span className="badge badge-muted">Today&apos;s dollars</span>}
      </header>
      <dl className="compare-figures">
        <Figure label="Current Net Worth" value={f.current_net_worth} testId="current-net-worth" />
        <Figure label={projectedLabel(years)} value={f.projected_net_worth} testId="projected-net-worth" />
        <Figure label="Total Change" value={f.total_change} signed testId="total-change" />
      </dl>
      <dl className="compare-breakdown">
        <Figure label="From Cashflow" value={f.from_cash_flow} signed testId="from-cash-flow" />
        <Figure label="From Growth" value={f.from_growth} signed testId="from-growth" />
        {todaysDollars && <Figure label="From Inflation" value={f.inflation} signed testId="from-inflation" />}
      </dl>
      {shortfall && (
        <p className="compare-warning" role="status" data-testid="cash-shortfall">
          <strong>{shortfall.headline}</strong> {shortfall.duration}
        </p>
      )}
    </article>
  );
}
