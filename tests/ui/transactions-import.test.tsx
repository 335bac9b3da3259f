// The statement import screens (Testing Library, jsdom): a file that is not a statement changes nothing, the
// column-mapping step's live preview, the preview's totals, skipped lines and possible duplicates decided one by
// one; plus the preview and plan-versus-actual figures they show.
import { act, cleanup, configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { closeUserDb } from '../../src/data/db';
import { createAccount } from '../../src/data/repositories/accounts';
import { planVersusActualMonths } from '../../src/data/statements/plan-actual';
import { AccountsPage } from '../../src/features/accounts/AccountsPage';
import { ImportPage } from '../../src/features/transactions/import/ImportPage';
import { MappingStep } from '../../src/features/transactions/import/MappingStep';
import { PreviewStep } from '../../src/features/transactions/import/PreviewStep';
import { buildPreview, closingBalance, rowsToWrite } from '../../src/features/transactions/import/import-preview';
import type { FileResult, ImportPlan, PlannedRow } from '../../src/features/transactions/import/import-types';
import { createInProcessReader } from '../../src/features/transactions/import/in-process-reader';
import { renderUserPage } from './page-harness';

configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
  closeUserDb();
  vi.restoreAllMocks();
});

function planned(line: number, date: string, amount: number, description: string, balance: number | null = null) {
  return {
    line,
    date,
    amount_cents: amount,
    description,
    payee: description.split(' ')[0],
    bank_id: null,
    balance_cents: balance,
    fingerprint: `f-${line}`,
    file_index: 0,
    key: `0:${line}`,
  } satisfies PlannedRow;
}

const rows = [
  planned(2, '2026-03-01', 250000, 'SALARY ACME', 1250000),
  planned(3, '2026-03-02', -4550, 'WOOLWORTHS 1234 SYDNEY', 1245450),
  planned(4, '2026-03-05', -12000, 'NETFLIX COM', 1233450),
];
const results: FileResult[] = [
  {
    kind: 'parsed',
    file_name: 'march.csv',
    statement: { format: 'csv', bank: 'commbank', rows, skipped: [{ line: 5, reason: 'no amount' }] },
  },
];
const plan: ImportPlan = {
  toAdd: rows,
  duplicates: [{ incoming: planned(1, '2026-02-28', -500, 'COFFEE'), existing_id: 'x', reason: 'same bank row' }],
  proposed: [{ incoming: rows[2], existing_id: 'y', reason: 'same amount 1 day apart, similar description' }],
};

describe('import preview', () => {
  it('shows totals, dates, skipped lines and duplicates; a possible duplicate is kept unless marked the same', async () => {
    const onConfirm = vi.fn();
    render(
      <PreviewStep
        preview={buildPreview(results, plan)}
        accountName="Everyday"
        onConfirm={onConfirm}
        onCancel={() => {}}
      />,
    );
    const totals = screen.getByLabelText('Import totals');
    expect(totals).toHaveTextContent('Transactions to add3');
    expect(totals).toHaveTextContent('Money in$2,500.00');
    expect(totals).toHaveTextContent('Money out$165.50');
    expect(totals).toHaveTextContent('Net+$2,334.50');
    expect(totals).toHaveTextContent('1 Mar 2026 to 5 Mar 2026');
    expect(screen.getByRole('table', { name: 'Lines skipped (1)' })).toHaveTextContent('march.csv5no amount');
    expect(screen.getByText('1 transaction already imported: skipped')).toBeInTheDocument();
    const proposal = screen.getByRole('group', { name: /Possible duplicate: NETFLIX COM/ });
    expect(within(proposal).getByRole('button', { name: 'Keep both' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(within(proposal).getByRole('button', { name: 'Same transaction' }));
    expect(screen.getByText('Marked as the same: it will not be added.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Import 2 transactions' }));
    expect(onConfirm).toHaveBeenCalledWith(new Set([0]));
    const preview = buildPreview(results, plan);
    expect(rowsToWrite(preview, new Set([0])).map((r) => r.line)).toEqual([2, 3]);
    expect(rowsToWrite(preview, new Set()).map((r) => r.line)).toEqual([2, 3, 4]);
  });

  it('offers the latest printed balance as the closing balance, or the one the file states', () => {
    const preview = buildPreview(results, plan);
    expect(closingBalance(preview, rows)).toEqual({ cents: 1233450, date: '2026-03-05' });
    const stated = buildPreview(
      [
        {
          kind: 'parsed',
          file_name: 'march.ofx',
          statement: {
            format: 'ofx',
            bank: 'ofx',
            rows,
            skipped: [],
            closing_balance_cents: 99,
            closing_balance_date: '2026-03-31',
          },
        },
      ],
      plan,
    );
    expect(closingBalance(stated, rows)).toEqual({ cents: 99, date: '2026-03-31' });
  });
});

describe('column mapping', () => {
  it('reads an unknown CSV with the chosen columns as a live preview', async () => {
    const csv = 'When,Text,Value,Left\n03/03/2026,COFFEE CART,-4.50,95.50\n04/03/2026,PAY ACME,100.00,195.50\n';
    const file = new File([csv], 'odd.csv', { type: 'text/csv' });
    const reader = createInProcessReader();
    const [result] = await reader.parseFiles([file]);
    expect(result.kind).toBe('mapping_needed');
    if (result.kind !== 'mapping_needed') return;
    const onConfirm = vi.fn();
    render(
      <MappingStep
        fileName="odd.csv"
        preview={result.preview}
        initial={null}
        file={file}
        getReader={() => Promise.resolve(reader)}
        onConfirm={onConfirm}
        onCancel={() => {}}
      />,
    );
    expect(screen.getByRole('table', { name: 'The first lines of the file' })).toHaveTextContent('COFFEE CART');
    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText('Date'), 'When');
    await user.selectOptions(screen.getByLabelText('Description'), 'Text');
    await user.selectOptions(screen.getByLabelText('Amount'), 'Value');
    await user.selectOptions(screen.getByLabelText('Balance'), 'Left');
    const table = await screen.findByRole('table', { name: /Read with these columns: 2 transactions/ });
    expect(table).toHaveTextContent('COFFEE CART');
    expect(table).toHaveTextContent('-$4.50');
    await user.click(screen.getByRole('button', { name: 'Use these columns' }));
    expect(onConfirm).toHaveBeenCalledWith(
      expect.objectContaining({ date: 0, amount: 2, description: [1], balance: 3 }),
    );
  });
});

describe('import page', () => {
  it('a file that is not a statement gets a clear message and nothing changes', async () => {
    const { db } = await renderUserPage(() => <ImportPage reader={createInProcessReader()} />, '/transactions/import', {
      prepare: (d) => createAccount(d, { name: 'Everyday', current_balance: 100 }),
    });
    // A person can pick any file (the picker's filter is only a suggestion).
    const user = userEvent.setup({ applyAccept: false });
    await user.selectOptions(await screen.findByLabelText('Account'), 'Everyday');
    const pdf = new File([new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 0x31])], 'statement.pdf');
    await user.upload(screen.getByLabelText(/Statement files/), pdf);
    const outboxBefore = await db.outbox.count();
    await act(async () => {
      await user.click(screen.getByRole('button', { name: 'Read file' }));
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('statement.pdf: This file is a PDF, not a bank statement.');
    expect(alert).toHaveTextContent('Nothing was imported.');
    expect(await db.outbox.count()).toBe(outboxBefore);
  });

  it('asks for the account and the files before reading', async () => {
    await renderUserPage(() => <ImportPage reader={createInProcessReader()} />, '/transactions/import', {
      prepare: (d) => createAccount(d, { name: 'Everyday', current_balance: 100 }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Read file' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Choose the account'));
  });
});

describe('accounts screen', () => {
  it("each real account's row links to the import with that account chosen", async () => {
    let id = '';
    await renderUserPage(AccountsPage, '/accounts', {
      prepare: async (d) => {
        id = (await createAccount(d, { name: 'Everyday', current_balance: 100 })).id;
      },
    });
    const link = await screen.findByRole('link', { name: 'Import a statement into Everyday' });
    expect(link).toHaveAttribute('href', `/transactions/import?account=${id}`);
  });
});

describe('plan versus actual figures', () => {
  it("compares each month per category and per account balance; an early bill is its month's bill; transfers count as neither", () => {
    const account = {
      id: 'a1',
      name: 'Everyday',
      account_type: 'checking',
      current_balance: 1000,
      is_asset: true,
      institution: null,
      scenario_event_id: null,
      updated_at: '',
    } as const;
    const result = planVersusActualMonths(
      {
        accounts: [account],
        recurringItems: [
          {
            id: 'r1',
            name: 'Rent',
            amount: -500,
            frequency: 'monthly',
            start_date: '2026-01-03',
            end_date: null,
            account_id: 'a1',
            category_id: 'c-rent',
            is_active: true,
            scenario_event_id: null,
            updated_at: '',
          },
        ],
        categories: [{ id: 'c-rent', name: 'Rent', type: 'expense', updated_at: '' }],
        scenarios: [],
        events: [],
        transactions: [
          { id: 't1', account_id: 'a1', date: '2026-02-02', amount_cents: -52000, category_id: 'c-rent' },
          { id: 't2', account_id: 'a1', date: '2026-02-10', amount_cents: -10000, transfer_id: 't9' },
          { id: 't3', account_id: 'a1', date: '2026-03-03', amount_cents: -50000, category_id: 'c-rent' },
        ],
      },
      '2026-04-15',
      3,
    );
    expect(result.months.map((m) => m.month)).toEqual(['2026-02', '2026-03']);
    const feb = result.months[0];
    // The rent paid a day early (2 Feb for the 3rd) is February's rent: a $20 variance, not an extra payment.
    expect(feb.categories).toEqual([
      { category_id: 'c-rent', name: 'Rent', type: 'expense', expected: -50000, actual: -52000, variance: -2000 },
    ]);
    expect(result.months[1].variance).toBe(0);
    // Balances: the plan starts from the actual balance on 31 January (today's $1,000 plus everything since:
    // $2,120), then takes off the plan's rents; the transfer out moves the actual balance only.
    expect(result.months[0].accounts[0]).toMatchObject({ expected: 162000, actual: 150000, variance: -12000 });
    expect(result.months[1].accounts[0]).toMatchObject({ expected: 112000, actual: 100000, variance: -12000 });
    expect(result.aheadBy).toBe(-12000);
  });
});
