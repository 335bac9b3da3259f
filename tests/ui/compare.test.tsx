// Component tests for the compare screen's states. The forecast worker is replaced by the adapter's in-process
// runner: the same engine code the worker runs, on the same backup object, on this thread.
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { importBackup } from '../../src/data/backup';
import { closeUserDb, openUserDb } from '../../src/data/db';
import { UserDbProvider } from '../../src/data/db-context';
import { ComparePage } from '../../src/features/scenarios/compare/ComparePage';
import {
  inProcessCompareRunner,
  setCompareRunner,
  type CompareRequest,
  type CompareRunner,
} from '../../src/lib/forecast/compare-runner';
import { compareView } from '../../worker/engine/index';
import { COMPARE_AS_OF, compareBackup } from './compare-fixture';

// jsdom has no canvas: the chart component is replaced by a stand-in that records its option and reports drawn.
// The options themselves are unit-tested (charts-options.test.ts) and drawn for real in the browser tests.
vi.mock('../../src/components/charts/LazyChart', () => ({
  preloadCharts: () => Promise.resolve(),
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
let calls: CompareRequest[] = [];

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

/** A runner that records calls and can be held open to observe the running state. */
function recordingRunner(hold?: Promise<void>): CompareRunner {
  return async (request) => {
    calls.push(request);
    if (hold) await hold;
    return inProcessCompareRunner(request);
  };
}

const cards = () => screen.queryAllByTestId('compare-card');
const compareButton = () => screen.getByRole('button', { name: /^(Compare|Comparing\.\.\.)$/ });

beforeEach(() => {
  userId = `compare-${crypto.randomUUID()}`;
  calls = [];
  setCompareRunner(recordingRunner());
});

afterEach(() => {
  cleanup();
  setCompareRunner(null);
  closeUserDb();
});

describe('compare screen', () => {
  it('lists every scenario with its description and Baseline badge, preselects the baseline and compares it on opening', async () => {
    await seed();
    renderPage();
    const today = await screen.findByRole('checkbox', { name: /Today/ });
    expect(today).toBeChecked();
    expect(screen.getByRole('checkbox', { name: /Job loss/ })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: /Side hustle/ })).not.toBeChecked();
    expect(screen.getByText('Baseline')).toBeInTheDocument();
    expect(screen.getByText('No pay from next year')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: /Job loss/ })).toHaveAccessibleDescription('No pay from next year');
    const period = screen.getByLabelText('Forecast period');
    expect(period).toHaveValue('5');
    expect(
      within(period)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['1 year', '2 years', '5 years', '10 years', '15 years', '20 years', '25 years', '30 years']);
    // The screen opens with the baseline drawn (issue 21), not empty.
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(compareButton()).toBeEnabled();
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ years: 5, scenario_ids: ['sc-base'] });
  });

  it('disables Compare and asks for a scenario when nothing is selected', async () => {
    await seed();
    renderPage();
    await userEvent.click(await screen.findByRole('checkbox', { name: /Today/ }));
    expect(compareButton()).toBeDisabled();
    expect(screen.getByText('Please select at least one scenario')).toBeInTheDocument();
  });

  it("reads 'Comparing...' and stays disabled while running, then shows one card per scenario with the engine's figures", async () => {
    await seed();
    let release = () => {};
    renderPage();
    // The opening run (the baseline) first; then hold the next one open.
    await waitFor(() => expect(cards()).toHaveLength(1));
    setCompareRunner(recordingRunner(new Promise<void>((r) => (release = r))));
    await userEvent.click(await screen.findByRole('checkbox', { name: /Job loss/ }));
    await userEvent.click(compareButton());
    expect(compareButton()).toHaveTextContent('Comparing...');
    expect(compareButton()).toBeDisabled();
    await act(async () => release());
    await waitFor(() => expect(cards()).toHaveLength(2));
    expect(compareButton()).toHaveTextContent(/^Compare$/);
    expect(calls[1]).toMatchObject({ as_of: COMPARE_AS_OF, years: 5, scenario_ids: ['sc-base', 'sc-loss'] });

    const expected = compareView({
      backup: compareBackup,
      as_of: COMPARE_AS_OF,
      years: 5,
      scenario_ids: ['sc-base', 'sc-loss'],
    });
    const [base, loss] = cards();
    expect(within(base).getByRole('heading', { name: 'Today' })).toBeInTheDocument();
    expect(within(base).getByText('Current Net Worth')).toBeInTheDocument();
    expect(within(base).getByText('Projected (5 years)')).toBeInTheDocument();
    expect(within(base).getByText('Total Change')).toBeInTheDocument();
    expect(within(base).getByText('From Cashflow')).toBeInTheDocument();
    expect(within(base).getByText('From Growth')).toBeInTheDocument();
    const s = expected.scenarios[0].summary;
    expect(within(base).getByTestId('current-net-worth')).toHaveTextContent('$603,000');
    expect(within(base).getByTestId('projected-net-worth')).toHaveAttribute(
      'data-value',
      s.projected_net_worth.toFixed(2),
    );
    expect(within(base).getByTestId('total-change')).toHaveTextContent(/^\+\$/);
    expect(within(base).getByTestId('total-change')).toHaveClass('compare-positive');
    expect(within(base).queryByTestId('cash-shortfall')).toBeNull();
    expect(within(loss).getByTestId('cash-shortfall')).toHaveTextContent(
      'Cash runs short in Dec 2026 for 60 months, to the end of the forecast',
    );
    // The cards' breakdown adds up to the total change.
    for (const card of cards()) {
      const v = (id: string) => Number(within(card).getByTestId(id).getAttribute('data-value'));
      expect(Math.abs(v('from-cash-flow') + v('from-growth') - v('total-change'))).toBeLessThan(0.05);
    }
    // The three charts, their titles and subtitles.
    for (const title of ['Net Worth Projection', 'Monthly Capital Growth', 'Monthly Cash Flow Projection']) {
      expect(screen.getByRole('heading', { name: title })).toBeInTheDocument();
    }
    expect(screen.getByText('Shows property/asset appreciation over time')).toBeInTheDocument();
    expect(
      screen.getByText('Shows income minus expenses (green = positive, orange/red = negative)'),
    ).toBeInTheDocument();
  });

  it('colours a negative total change', async () => {
    await seed({
      ...compareBackup,
      accounts: compareBackup.accounts.filter((a) => a.id === 'acc-chk'),
      scenarios: compareBackup.scenarios.slice(0, 2),
    });
    renderPage(['sc-loss']);
    await waitFor(() => expect(cards()).toHaveLength(1));
    const change = screen.getByTestId('total-change');
    expect(change).toHaveTextContent(/^-\$/);
    expect(change).toHaveClass('compare-negative');
  });

  it('preselects from the repeated selected parameter and runs automatically; a period change re-runs', async () => {
    await seed();
    renderPage(['sc-side', 'sc-loss', 'nope']);
    await waitFor(() => expect(cards()).toHaveLength(2));
    expect(screen.getByRole('checkbox', { name: /Today/ })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: /Job loss/ })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: /Side hustle/ })).toBeChecked();
    expect(calls).toHaveLength(1);
    expect(calls[0].scenario_ids).toEqual(['sc-loss', 'sc-side']);
    expect(calls[0].years).toBe(5);

    await userEvent.selectOptions(screen.getByLabelText('Forecast period'), '1');
    await waitFor(() => expect(screen.getAllByText('Projected (1 year)')).toHaveLength(2));
    expect(calls).toHaveLength(2);
    expect(calls[1].years).toBe(1);
  });

  it('re-runs for a period changed while the opening comparison still runs, and shows only that period', async () => {
    await seed();
    let release: () => void = () => undefined;
    setCompareRunner(recordingRunner(new Promise<void>((resolve) => (release = resolve))));
    renderPage(['sc-side', 'sc-loss']);
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0].years).toBe(5);
    await userEvent.selectOptions(screen.getByLabelText('Forecast period'), '1');
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1].years).toBe(1);
    act(() => release());
    await waitFor(() => expect(screen.getAllByText('Projected (1 year)')).toHaveLength(2));
    expect(screen.queryByText('Projected (5 years)')).not.toBeInTheDocument();
  });

  it('does not run when the period changes before any result', async () => {
    // Without a baseline nothing is preselected, so nothing runs on opening.
    await seed({ ...compareBackup, scenarios: compareBackup.scenarios.map((sc) => ({ ...sc, is_baseline: false })) });
    renderPage();
    await screen.findByRole('checkbox', { name: /Today/ });
    await userEvent.selectOptions(screen.getByLabelText('Forecast period'), '10');
    expect(calls).toHaveLength(0);
  });

  it("shows today's dollars, clearly labelled, with an inflation part that keeps the breakdown adding up", async () => {
    await seed();
    renderPage(['sc-base']);
    await waitFor(() => expect(cards()).toHaveLength(1));
    const nominal = Number(screen.getByTestId('projected-net-worth').getAttribute('data-value'));
    await userEvent.click(screen.getByRole('checkbox', { name: "Show in today's dollars" }));
    expect(screen.getByText("Today's dollars")).toBeInTheDocument();
    expect(screen.getByText(/deflated by 3% a year inflation/)).toBeInTheDocument();
    expect(screen.getAllByText("In today's dollars (3% a year inflation)").length).toBeGreaterThan(0);
    const real = Number(screen.getByTestId('projected-net-worth').getAttribute('data-value'));
    expect(real).toBeCloseTo(nominal * Math.pow(1.03, -5), 0);
    const v = (id: string) => Number(screen.getByTestId(id).getAttribute('data-value'));
    expect(Math.abs(v('from-cash-flow') + v('from-growth') + v('from-inflation') - v('total-change'))).toBeLessThan(
      0.05,
    );
  });

  it("shows 'Failed to compare scenarios' when the engine rejects the data", async () => {
    await seed();
    setCompareRunner(async () => ({ ok: false, message: 'bad', errors: [{ path: '$.accounts[0]', message: 'bad' }] }));
    renderPage(['sc-base']);
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to compare scenarios');
    expect(compareButton()).toBeEnabled();
  });

  it("shows 'Failed to load scenarios' when the database cannot be read", async () => {
    // A closed database rejects every read, as a broken or blocked IndexedDB would.
    openUserDb(userId).close();
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load scenarios');
  });
});
