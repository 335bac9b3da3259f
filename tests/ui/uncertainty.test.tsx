// Component tests for the compare screen's Uncertainty mode: the mode switch, the controls, Run with progress and
// Cancel, the cards, the table alternative to the fan charts, the help panel and the result cache. The worker pool
// runs the uncertainty API in-process (the same code each worker runs).
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { importBackup } from '../../src/data/backup';
import { closeUserDb, openUserDb } from '../../src/data/db';
import { UserDbProvider } from '../../src/data/db-context';
import { createAccount } from '../../src/data/repositories/accounts';
import { ComparePage } from '../../src/features/scenarios/compare/ComparePage';
import { createTrialPool, type TrialPool } from '../../src/lib/forecast/uncertainty-pool';
import { clearUncertaintyCache, setTrialPool } from '../../src/lib/forecast/uncertainty-runner';
import { formatMoney } from '../../src/lib/format/money';
import { createInProcessTrialWorker } from '../../worker/uncertainty-api';
import type { TrialWorker } from '../../worker/uncertainty-protocol';
import { runUncertainty, UNCERTAINTY_HELP_TEXT } from '../../worker/engine/index';
import { COMPARE_AS_OF, compareBackup } from './compare-fixture';

// jsdom has no canvas: the chart component is replaced by a stand-in that records its option and reports drawn.
const preloadCharts = vi.hoisted(() => vi.fn((_charts?: string, _samples?: unknown[]) => Promise.resolve()));

vi.mock('../../src/components/charts/LazyChart', () => ({
  preloadCharts,
  Chart: ({
    option,
    ariaLabel,
    onDrawn,
  }: {
    option: { series: { name: string; data: number[] }[] };
    ariaLabel: string;
    onDrawn?: () => void;
  }) => {
    useEffect(() => onDrawn?.(), [onDrawn]);
    return (
      <div
        data-testid="chart"
        aria-label={ariaLabel}
        data-series={option.series.map((s) => `${s.name}:${s.data.length}`).join(',')}
      />
    );
  },
}));

let userId = '';
let pool: TrialPool;
let gate: Promise<void> | null = null;
let asked = 0;

/** In-process workers; while `gate` is set every chunk waits for it (to watch a run in progress). */
function spawn(): TrialWorker {
  const inner = createInProcessTrialWorker();
  return {
    ...inner,
    trialBatch: async (key, request, range) => {
      asked++;
      if (gate) await gate;
      return inner.trialBatch(key, request, range);
    },
  };
}

async function seed(backup: unknown = compareBackup) {
  const result = await importBackup(openUserDb(userId), backup);
  expect(result.ok).toBe(true);
}

function renderPage(selected: string[] = []) {
  return render(
    <UserDbProvider userId={userId}>
      <ComparePage selected={selected} asOf={COMPARE_AS_OF} />
    </UserDbProvider>,
  );
}

async function openUncertainty() {
  await userEvent.click(await screen.findByRole('radio', { name: 'Uncertainty' }));
  // The Uncertainty view is its own chunk, loaded when the mode is first chosen.
  return screen.findByRole('region', { name: 'Uncertainty' });
}

const runButton = () => screen.getByRole('button', { name: /^(Run|Running\.\.\.)$/ });

async function runAndWait(trials = '500') {
  await userEvent.selectOptions(screen.getByLabelText('Trials'), trials);
  await userEvent.click(runButton());
  await waitFor(() => expect(screen.getAllByTestId('uncertainty-card').length).toBeGreaterThan(0));
}

beforeEach(() => {
  userId = `uncertainty-${crypto.randomUUID()}`;
  gate = null;
  asked = 0;
  clearUncertaintyCache();
  pool = createTrialPool(spawn, 2);
  setTrialPool(pool);
});

afterEach(() => {
  cleanup();
  setTrialPool(null);
  closeUserDb();
});

describe('compare screen, Uncertainty mode', () => {
  it('switches between Projection and Uncertainty with a labelled radio group', async () => {
    await seed();
    renderPage();
    const group = await screen.findByRole('radiogroup', { name: 'View' });
    const [projection, uncertainty] = within(group).getAllByRole('radio');
    expect(projection).toHaveAccessibleName('Projection');
    expect(projection).toBeChecked();
    expect(uncertainty).not.toBeChecked();
    // Once the opening comparison of the baseline has run ('Comparing...' until then).
    expect(await screen.findByRole('button', { name: 'Compare' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Uncertainty' })).toBeNull();

    await openUncertainty();
    expect(uncertainty).toBeChecked();
    expect(screen.queryByRole('button', { name: 'Compare' })).toBeNull();
    // The view warms the chart code on two made-up fan charts, so the first result's draws run warm code.
    const fanWarmUp = preloadCharts.mock.calls.find(([charts]) => charts === 'fan');
    expect(fanWarmUp?.[1]).toHaveLength(2);
    expect(runButton()).toBeEnabled();
    // The scenario list and the period stay: the Uncertainty view uses them.
    expect(screen.getByRole('checkbox', { name: /Today/ })).toBeChecked();
    expect(screen.getByLabelText('Forecast period')).toHaveValue('5');

    await userEvent.click(projection);
    expect(screen.getByRole('button', { name: 'Compare' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Uncertainty' })).toBeNull();
  });

  it('offers 500, 1,000 and 5,000 trials (1,000 first), None and five stress tests, an event picker and a goal', async () => {
    await seed();
    await openUserDb(userId).events.add({
      id: 'ev-1',
      scenario_id: 'sc-loss',
      name: 'Move out',
      trigger_month: '2028-03',
      trigger_date: '2028-03-01',
      template_id: 'job_change',
      template_parameters: {},
      updated_at: '2026-11-01T00:00:00.000Z',
    });
    renderPage();
    await openUncertainty();
    const trials = screen.getByLabelText('Trials');
    expect(trials).toHaveValue('1000');
    expect(
      within(trials)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['500', '1,000', '5,000']);
    const stress = screen.getByLabelText('Stress test');
    expect(
      within(stress)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([
      'None',
      'Market crash in the first year',
      'Market crash in the year of an event',
      'Market crash in the year of retirement',
      'Ten years of 7% inflation',
      'Interest rates 3 points higher for 5 years',
    ]);
    expect(screen.queryByLabelText('Event')).toBeNull();
    await userEvent.selectOptions(stress, 'crash_at_event');
    expect(within(screen.getByLabelText('Event')).getAllByRole('option')).toHaveLength(1);
    expect(runButton()).toBeDisabled();
    expect(screen.getByText('Choose the event for the crash')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('checkbox', { name: /Job loss/ }));
    const event = screen.getByLabelText('Event');
    // Events of the chosen scenarios (and the baseline's) only.
    expect(
      within(event)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose an event', 'Job loss: Move out (Mar 2028)']);
    await userEvent.selectOptions(event, 'ev-1');
    expect(runButton()).toBeEnabled();
    await userEvent.selectOptions(stress, '');

    // A goal needs both an amount and a date within the period.
    const amount = screen.getByLabelText('Goal net worth');
    await userEvent.type(amount, '1000000');
    expect(amount).toHaveValue('1,000,000');
    expect(runButton()).toBeDisabled();
    expect(screen.getByText('Enter both a goal amount and a goal date, or neither')).toBeInTheDocument();
    const date = screen.getByLabelText('Goal date');
    await userEvent.type(date, '2040-01-01');
    expect(screen.getByText('The goal date must fall within the forecast period')).toBeInTheDocument();
    await userEvent.clear(date);
    await userEvent.type(date, '2030-06-30');
    expect(runButton()).toBeEnabled();
  });

  it("runs the trials in the pool and shows each scenario's chances, fan chart and percentile table", async () => {
    await seed();
    renderPage();
    await userEvent.click(await screen.findByRole('checkbox', { name: /Job loss/ }));
    await openUncertainty();
    await userEvent.type(screen.getByLabelText('Goal net worth'), '650000');
    await userEvent.type(screen.getByLabelText('Goal date'), '2030-06-30');
    await runAndWait('500');

    const expected = runUncertainty(compareBackup, {
      as_of: COMPARE_AS_OF,
      years: 5,
      trials: 500,
      stress: null,
      goal: { amount: 650000, date: '2030-06-30' },
      scenario_ids: ['sc-base', 'sc-loss'],
    });
    const cards = screen.getAllByTestId('uncertainty-card');
    expect(cards.map((c) => c.getAttribute('data-scenario-id'))).toEqual(['sc-base', 'sc-loss']);
    for (const [i, card] of cards.entries()) {
      const s = expected.scenarios[i];
      const last = s.nominal.p50.length - 1;
      expect(within(card).getByRole('heading', { name: s.name })).toBeInTheDocument();
      expect(within(card).getByTestId('median-net-worth')).toHaveTextContent(formatMoney(s.nominal.p50[last]));
      expect(within(card).getByTestId('net-worth-range')).toHaveTextContent(
        `${formatMoney(s.nominal.p10[last])} to ${formatMoney(s.nominal.p90[last])}`,
      );
      expect(within(card).getByTestId('shortfall-chance')).toHaveAttribute(
        'data-value',
        String(s.shortfall_probability),
      );
      expect(within(card).getByTestId('goal-chance')).toHaveAttribute('data-value', String(s.goal_probability));
      expect(within(card).getByText('Chance of running short of cash')).toBeInTheDocument();
      expect(within(card).getByText('Chance of reaching your goal')).toBeInTheDocument();
    }
    // Cash runs short in the job-loss scenario: its most likely first month is shown.
    expect(within(cards[1]).getByTestId('shortfall-chance')).toHaveTextContent(/%$/);
    if (expected.scenarios[1].shortfall_most_likely_first_month)
      expect(within(cards[1]).getByTestId('shortfall-month')).toBeInTheDocument();

    // One fan chart per scenario (each mounts once the one before has drawn): the two bands (each a hidden base
    // and its width) and the median.
    await waitFor(() => expect(screen.getByTestId('fan-charts')).toHaveAttribute('data-charts-drawn', 'true'));
    const charts = screen.getAllByTestId('chart');
    expect(charts).toHaveLength(2);
    const points = expected.scenarios[0].sample_months.length;
    expect(charts[0]).toHaveAttribute(
      'data-series',
      [
        '10th to 90th percentile base',
        '10th to 90th percentile',
        '25th to 75th percentile base',
        '25th to 75th percentile',
        'Median',
      ]
        .map((n) => `${n}:${points}`)
        .join(','),
    );
    expect(screen.getByText('Done: 500 trials for each scenario.')).toBeInTheDocument();

    // The text alternative: a table per scenario at yearly points, behind a disclosure.
    expect(screen.queryAllByTestId('percentile-table')).toHaveLength(0);
    await userEvent.click(screen.getByText('Show table'));
    const tables = await screen.findAllByTestId('percentile-table');
    expect(tables).toHaveLength(2);
    const rows = within(tables[0]).getAllByRole('row');
    expect(
      within(rows[0])
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Month', '10th', '25th', 'Median', '75th', '90th']);
    // Snapshot 0 and five yearly points.
    expect(rows.slice(1).map((r) => within(r).getByRole('rowheader').textContent)).toEqual([
      'Nov 2026',
      'Nov 2027',
      'Nov 2028',
      'Nov 2029',
      'Nov 2030',
      'Nov 2031',
    ]);
    const s0 = expected.scenarios[0];
    const lastRow = within(rows[rows.length - 1])
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(lastRow).toEqual(
      [s0.nominal.p10, s0.nominal.p25, s0.nominal.p50, s0.nominal.p75, s0.nominal.p90].map((p) =>
        formatMoney(p[p.length - 1]),
      ),
    );
    expect(screen.getByText('Hide table')).toBeInTheDocument();

    // Today's dollars: the same toggle as the projection.
    await userEvent.click(screen.getByRole('checkbox', { name: /today's dollars/i }));
    const realRow = within(within(screen.getAllByTestId('percentile-table')[0]).getAllByRole('row').at(-1)!)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(realRow[2]).toBe(formatMoney(s0.real.p50[s0.real.p50.length - 1]));
  });

  it('shows a progress bar while running; Cancel stops the run, keeps no result and frees Run', async () => {
    await seed();
    let release = () => {};
    gate = new Promise<void>((resolve) => (release = resolve));
    renderPage();
    await openUncertainty();
    await userEvent.selectOptions(screen.getByLabelText('Trials'), '500');
    await userEvent.click(runButton());
    const bar = await screen.findByRole('progressbar', { name: 'Trials run' });
    expect(bar).toHaveAttribute('aria-valuenow', '0');
    expect(bar).toHaveAttribute('aria-valuetext', '0 of 500 trials');
    expect(runButton()).toHaveTextContent('Running...');
    expect(runButton()).toBeDisabled();
    expect(screen.getByText('Running 500 trials for each scenario...')).toBeInTheDocument();
    // Let the first chunks through: progress moves.
    await waitFor(() => expect(asked).toBeGreaterThan(0));
    await act(async () => {
      release();
      gate = new Promise<void>((resolve) => (release = resolve));
    });
    await waitFor(() => expect(Number(bar.getAttribute('aria-valuenow'))).toBeGreaterThan(0));

    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.getByText('Cancelled. No results were kept.')).toBeInTheDocument();
    expect(runButton()).toHaveTextContent(/^Run$/);
    expect(runButton()).toBeEnabled();
    await act(async () => release());
    gate = null;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryAllByTestId('uncertainty-card')).toHaveLength(0);

    // A run after a cancel completes.
    await runAndWait('500');
  });

  it('answers a repeated run from the cache until the data change', async () => {
    await seed();
    const runs = vi.spyOn(pool, 'run');
    renderPage();
    await openUncertainty();
    await runAndWait('500');
    expect(runs).toHaveBeenCalledTimes(1);

    await userEvent.click(runButton());
    await screen.findByText('Done: 500 trials for each scenario (saved result).');
    expect(runs).toHaveBeenCalledTimes(1);

    // Another request is a new run.
    await userEvent.selectOptions(screen.getByLabelText('Stress test'), 'high_inflation_decade');
    await userEvent.click(runButton());
    await screen.findByText('Done: 500 trials for each scenario.');
    expect(runs).toHaveBeenCalledTimes(2);

    // Changed data (a new account) is a new run too.
    await createAccount(openUserDb(userId), {
      name: 'Shares',
      account_type: 'investment',
      current_balance: 10000,
      institution: null,
      is_asset: true,
    });
    await userEvent.click(runButton());
    await waitFor(() => expect(runs).toHaveBeenCalledTimes(3));
    await screen.findByText('Done: 500 trials for each scenario.');
  });

  it("says why the engine refused a stress test the scenarios can't take", async () => {
    await seed();
    renderPage();
    await openUncertainty();
    await userEvent.selectOptions(screen.getByLabelText('Stress test'), 'crash_at_retirement');
    await userEvent.selectOptions(screen.getByLabelText('Trials'), '500');
    await userEvent.click(runButton());
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'Failed to run the uncertainty analysis: scenario "Today" has no retirement event: crash_at_retirement needs one in every scenario compared',
    );
    expect(runButton()).toBeEnabled();
  });

  it("explains the model in a help panel in the engine's words", async () => {
    await seed();
    renderPage();
    await openUncertainty();
    const help = screen.getByText('How this works').closest('details');
    expect(help).not.toBeNull();
    expect(help?.textContent).toContain(UNCERTAINTY_HELP_TEXT.slice(0, 60));
  });
});
