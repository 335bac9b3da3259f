// Explain this number on the compare screen: the month control and a chart click open a dialog with each
// scenario's breakdown (the engine's figures, run in-process here), keyboard-operable with focus managed.
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { importBackup } from '../../src/data/backup';
import { closeUserDb, openUserDb } from '../../src/data/db';
import { UserDbProvider } from '../../src/data/db-context';
import { ComparePage } from '../../src/features/scenarios/compare/ComparePage';
import {
  inProcessExplainRunner,
  setExplainRunner,
  type ExplainRequest,
} from '../../src/features/scenarios/compare/explain/explain-runner';
import { explainMonths } from '../../worker/engine/index';
import { COMPARE_AS_OF, compareBackup } from './compare-fixture';

// jsdom has no canvas: the chart stand-in reports drawn and offers a button that clicks its 4th point.
vi.mock('../../src/components/charts/LazyChart', () => ({
  preloadCharts: () => Promise.resolve(),
  Chart: ({
    ariaLabel,
    onDrawn,
    onCategoryClick,
  }: {
    ariaLabel: string;
    onDrawn?: () => void;
    onCategoryClick?: (index: number) => void;
  }) => {
    useEffect(() => onDrawn?.(), [onDrawn]);
    return (
      <div data-testid="chart" aria-label={ariaLabel}>
        <button type="button" onClick={() => onCategoryClick?.(3)}>
          Click point 3 of {ariaLabel}
        </button>
      </div>
    );
  },
}));

let userId = '';
let requests: ExplainRequest[] = [];

async function renderCompared() {
  const result = await importBackup(openUserDb(userId), compareBackup);
  expect(result.ok).toBe(true);
  render(
    <UserDbProvider userId={userId}>
      <ComparePage selected={['sc-base', 'sc-loss']} asOf={COMPARE_AS_OF} />
    </UserDbProvider>,
  );
  await waitFor(() => expect(screen.getAllByTestId('compare-card')).toHaveLength(2));
}

const cents = (text: string) => Math.round(Number(text.replace(/[$,]/g, '')) * 100);

beforeEach(() => {
  userId = `explain-${crypto.randomUUID()}`;
  requests = [];
  setExplainRunner(async (request) => {
    requests.push(request);
    return inProcessExplainRunner(request);
  });
});

afterEach(() => {
  cleanup();
  setExplainRunner(null);
  closeUserDb();
});

describe('explain this number', () => {
  it('opens a month from the keyboard: a table per scenario whose lines add up to the engine figures', async () => {
    await renderCompared();
    const slider = screen.getByRole('slider', { name: /Explain a month/ });
    expect(slider).toHaveAttribute('aria-valuetext', 'December 2026');
    expect(slider).toHaveAccessibleDescription(/Arrow keys move a month/);
    slider.focus();
    // Arrow keys move a native range input; jsdom does not, so the change they cause is fired directly.
    fireEvent.change(slider, { target: { value: '2' } });
    expect(slider).toHaveAttribute('aria-valuetext', 'February 2027');
    await userEvent.tab();
    const explain = screen.getByRole('button', { name: 'Explain February 2027' });
    expect(explain).toHaveFocus();
    await userEvent.keyboard('{Enter}');

    const dialog = await screen.findByRole('dialog', { name: 'Explain February 2027' });
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    await waitFor(() => expect(within(dialog).getAllByTestId('explain-scenario')).toHaveLength(2));
    expect(requests[0].options).toEqual({
      as_of: COMPARE_AS_OF,
      years: 5,
      month: '2027-02',
      scenario_ids: ['sc-base', 'sc-loss'],
    });

    const expected = explainMonths(compareBackup, requests[0].options);
    const [today, loss] = within(dialog).getAllByTestId('explain-scenario');
    expect(within(today).getByRole('heading', { level: 3, name: 'Today' })).toBeInTheDocument();
    expect(within(loss).getByRole('heading', { level: 3, name: 'Job loss' })).toBeInTheDocument();

    const cashTable = within(today).getByRole('table', { name: 'Cash flow' });
    expect(within(cashTable).getByRole('rowheader', { name: /^Pay/ })).toBeInTheDocument();
    const rows = within(cashTable).getAllByRole('row');
    const payRow = rows.find((r) => within(r).queryByRole('rowheader', { name: /^Pay/ }))!;
    expect(payRow).toHaveTextContent('$5,000.00');
    const lineCents = within(cashTable)
      .getAllByRole('row')
      .filter((r) => !r.classList.contains('explain-subtotal') && r.closest('tbody'))
      .map((r) => r.querySelector('td.explain-amount')?.textContent)
      .filter((t): t is string => !!t)
      .reduce((a, t) => a + cents(t), 0);
    const total = within(today).getByTestId('explain-cash-flow-total').textContent!;
    expect(lineCents).toBe(cents(total));
    expect(cents(total)).toBe(Math.round(expected[0].cash_flow.total * 100));
    expect(total).toBe('$1,000.00');

    const growth = within(today).getByRole('table', { name: 'Capital growth' });
    expect(within(growth).getByRole('rowheader', { name: 'Home' })).toBeInTheDocument();
    expect(within(today).getByTestId('explain-capital-growth-total')).toHaveTextContent(
      new Intl.NumberFormat('en-AU', { style: 'currency', currency: 'AUD' }).format(expected[0].capital_growth.total),
    );
    // Job loss: no pay, so the cash flow is the living costs alone.
    expect(within(loss).getByTestId('explain-cash-flow-total')).toHaveTextContent('-$4,000.00');
    expect(within(loss).getByText(/Net worth went from .* in February 2027/)).toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Next month' }));
    await screen.findByRole('dialog', { name: 'Explain March 2027' });
    await waitFor(() => expect(requests).toHaveLength(2));
    expect(requests[1].options.month).toBe('2027-03');

    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Explain March 2027' })).toHaveFocus();
  });

  it("opens the month of a chart point that is clicked, and says so when the engine can't explain it", async () => {
    await renderCompared();
    // The charts come in after the cards (their module loads on its own), so the point is waited for.
    await userEvent.click(await screen.findByRole('button', { name: 'Click point 3 of Net Worth Projection' }));
    // Five years are charted monthly: point 3 is the end of February 2027.
    const dialog = await screen.findByRole('dialog', { name: 'Explain February 2027' });
    await waitFor(() => expect(within(dialog).getAllByTestId('explain-scenario')).toHaveLength(2));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));

    setExplainRunner(async () => ({ ok: false, message: 'bad', errors: [{ path: '$options.month', message: 'bad' }] }));
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    await userEvent.click(screen.getByRole('button', { name: 'Explain February 2027' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not explain this month');
    error.mockRestore();
  });
});
