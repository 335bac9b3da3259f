// Profile's Household section on a real per-user Dexie database (fake-indexeddb): add a partner, validation
// messages naming the person, and a save through the assumptions repository (outbox row, other settings kept).
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DbOverride, UserDbProvider } from '../../src/data/db-context';
import { closeUserDb, WyrdDb } from '../../src/data/db';
import { getAssumptions, saveAssumptions } from '../../src/data/repositories/assumptions';
import { HouseholdSection } from '../../src/features/profile/HouseholdSection';
import { validateHousehold, validateRetirement, toRetirementForm } from '../../src/features/profile/household-form';

configure({ asyncUtilTimeout: 5_000 });

async function renderSection(seed?: (db: WyrdDb) => Promise<unknown>) {
  const userId = `test-${crypto.randomUUID()}`;
  const db = new WyrdDb(userId);
  if (seed) await seed(db);
  render(
    <UserDbProvider userId={userId}>
      <HouseholdSection />
    </UserDbProvider>,
  );
  await screen.findByRole('heading', { name: 'Household' });
  return db;
}

describe('Household section', () => {
  afterEach(() => cleanup());

  it('a sign-out while the household is still being read leaves no unhandled failure behind', async () => {
    const failures: unknown[] = [];
    const note = (reason: unknown) => failures.push(reason);
    process.on('unhandledRejection', note);
    try {
      render(
        <UserDbProvider userId={`test-${crypto.randomUUID()}`}>
          <HouseholdSection />
        </UserDbProvider>,
      );
      // The read has started (the effect ran in render); the database closes under it, then the screen goes.
      closeUserDb();
      cleanup();
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(failures).toEqual([]);
    } finally {
      process.off('unhandledRejection', note);
    }
  });

  it('says when the household cannot be read, saves nothing, and reads again on Try again', async () => {
    const db = new WyrdDb(`test-${crypto.randomUUID()}`);
    // The assumptions record sits in `meta`: its reads fail while `failing` (a middleware, added before the
    // database opens).
    let failing = false;
    db.use({
      stack: 'dbcore',
      name: 'failing-meta-reads',
      create: (down) => ({
        ...down,
        table: (name) => {
          const table = down.table(name);
          if (name !== 'meta') return table;
          return { ...table, get: (req) => (failing ? Promise.reject(new Error('disk error')) : table.get(req)) };
        },
      }),
    });
    await saveAssumptions(db, { dependent_children: 2 });
    failing = true;
    const logged = console.error;
    console.error = () => {};
    try {
      render(
        <DbOverride db={db}>
          <HouseholdSection />
        </DbOverride>,
      );
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent('Failed to load the household');
      expect(screen.queryByRole('button', { name: /save household/i })).toBeNull();
      failing = false;
      await userEvent.setup().click(within(alert).getByRole('button', { name: 'Try again' }));
      await screen.findByRole('heading', { name: 'Household' });
      expect(screen.queryByRole('alert')).toBeNull();
      expect(screen.getByLabelText(/dependent children/i)).toHaveValue('2');
    } finally {
      console.error = logged;
      db.close();
    }
  });

  it('adds a partner and saves both people, keeping the other assumptions', async () => {
    const db = await renderSection((d) => saveAssumptions(d, { inflation_rate: 3 }));
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Add partner' }));
    const partner = screen.getByRole('group', { name: 'Your partner' });
    const name = within(partner).getByLabelText('Name');
    await user.clear(name);
    await user.type(name, 'Sam');
    await user.type(within(partner).getByLabelText('Birth date (optional)'), '1991-03-04');
    await user.clear(screen.getByLabelText('Dependent children'));
    await user.type(screen.getByLabelText('Dependent children'), '2');
    await user.click(screen.getByRole('button', { name: 'Save Household' }));
    await screen.findByText('Household saved');
    const saved = await getAssumptions(db);
    expect(saved?.inflation_rate).toBe(3);
    expect(saved?.dependent_children).toBe(2);
    expect(saved?.people).toEqual([
      { id: 'self', name: 'Me', birth_date: null },
      { id: 'partner', name: 'Sam', birth_date: '1991-03-04' },
    ]);
    const outbox = await db.outbox.filter((r) => r.entity === 'assumptions').toArray();
    expect(outbox.length).toBeGreaterThanOrEqual(2);
  });

  it('names the person and field of each problem, and saves nothing', async () => {
    const db = await renderSection();
    const user = userEvent.setup();
    const you = screen.getByRole('group', { name: 'You' });
    await user.clear(within(you).getByLabelText('Name'));
    await user.type(within(you).getByLabelText('Taxable income so far this financial year (optional)'), 'lots');
    await user.click(screen.getByRole('button', { name: 'Save Household' }));
    await screen.findByText('You: enter a name');
    expect(screen.getByText('You: enter the income so far as a number of dollars')).toBeInTheDocument();
    expect(await getAssumptions(db)).toBeNull();
  });

  it('removes a partner', async () => {
    const db = await renderSection((d) =>
      saveAssumptions(d, {
        people: [
          { id: 'self', name: 'Alex', birth_date: null },
          { id: 'partner', name: 'Sam', birth_date: null },
        ],
      }),
    );
    const user = userEvent.setup();
    await waitFor(() => expect(screen.getByRole('group', { name: 'Your partner' })).toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Remove partner' }));
    await user.click(screen.getByRole('button', { name: 'Save Household' }));
    await screen.findByText('Household saved');
    expect((await getAssumptions(db))?.people).toEqual([{ id: 'self', name: 'Alex', birth_date: null }]);
  });
});

describe('Household section: retirement settings', () => {
  afterEach(() => cleanup());

  it('saves homeowner, the Age Pension off and a row of unused cap, keeping the other assumptions', async () => {
    const db = await renderSection((d) => saveAssumptions(d, { inflation_rate: 3 }));
    const user = userEvent.setup();
    const group = screen.getByRole('group', { name: 'Retirement and Age Pension' });
    await user.selectOptions(within(group).getByLabelText('Do you own the home you live in?'), 'no');
    await user.click(within(group).getByRole('checkbox', { name: 'Include the Age Pension in the forecast' }));
    await user.click(within(group).getByRole('button', { name: 'Add unused cap' }));
    const row = within(group).getByRole('group', { name: 'Unused cap 1' });
    await user.type(within(row).getByLabelText('Financial year it starts (2023 for 2023-24)'), '2023');
    await user.type(within(row).getByLabelText('Unused cap ($)'), '12,500');
    await user.click(screen.getByRole('button', { name: 'Save Household' }));
    await screen.findByText('Household saved');
    const saved = await getAssumptions(db);
    expect(saved?.inflation_rate).toBe(3);
    expect(saved?.retirement).toEqual({
      homeowner: false,
      age_pension: false,
      unused_concessional_cap: [{ person: 'self', financial_year: 2023, amount: 12_500 }],
    });
  });

  it('shows the saved settings, and back to the defaults saves no retirement settings', async () => {
    const db = await renderSection((d) =>
      saveAssumptions(d, {
        retirement: {
          homeowner: true,
          age_pension: false,
          unused_concessional_cap: [{ person: 'self', financial_year: 2022, amount: 4_000 }],
        },
      }),
    );
    const user = userEvent.setup();
    const group = await screen.findByRole('group', { name: 'Retirement and Age Pension' });
    await waitFor(() => expect(within(group).getByLabelText('Do you own the home you live in?')).toHaveValue('yes'));
    const pension = within(group).getByRole('checkbox', { name: 'Include the Age Pension in the forecast' });
    expect(pension).not.toBeChecked();
    expect(within(group).getByLabelText('Unused cap ($)')).toHaveValue('4000');
    await user.selectOptions(within(group).getByLabelText('Do you own the home you live in?'), 'auto');
    await user.click(pension);
    await user.click(within(group).getByRole('button', { name: 'Remove unused cap 1' }));
    await user.click(screen.getByRole('button', { name: 'Save Household' }));
    await screen.findByText('Household saved');
    expect((await getAssumptions(db))?.retirement).toBeUndefined();
  });

  it('names the row and field of each problem, and saves nothing', async () => {
    const db = await renderSection();
    const user = userEvent.setup();
    const group = screen.getByRole('group', { name: 'Retirement and Age Pension' });
    await user.click(within(group).getByRole('button', { name: 'Add unused cap' }));
    const row = within(group).getByRole('group', { name: 'Unused cap 1' });
    await user.type(within(row).getByLabelText('Financial year it starts (2023 for 2023-24)'), '2015');
    await user.type(within(row).getByLabelText('Unused cap ($)'), 'some');
    await user.click(screen.getByRole('button', { name: 'Save Household' }));
    expect(await within(row).findByText(/Unused cap row 1: enter the year a past financial year starts/)).toBeVisible();
    expect(within(row).getByText('Unused cap row 1: enter an amount from $0 to $1,000,000')).toBeInTheDocument();
    expect(await getAssumptions(db)).toBeNull();
  });
});

describe('validateRetirement', () => {
  const TODAY = '2026-11-23'; // 2026-27: the last year that can be entered is 2025 (2025-26)
  const form = (caps: Array<[string, string, string]>, extra = {}) => ({
    ...toRetirementForm(undefined),
    ...extra,
    caps: caps.map(([person, year, amount], i) => ({ key: `k${i}`, person: person as 'self', year, amount })),
  });
  it('accepts past years up to the one before today, and a partner row only with a partner', () => {
    expect(validateRetirement(form([['self', '2025', '1000']]), ['self'], TODAY).value).toEqual({
      unused_concessional_cap: [{ person: 'self', financial_year: 2025, amount: 1_000 }],
    });
    expect(validateRetirement(form([['self', '2026', '1000']]), ['self'], TODAY).errors['cap.k0.year']).toMatch(
      /from 2018 to 2025/,
    );
    expect(validateRetirement(form([['partner', '2024', '1']]), ['self'], TODAY).errors['cap.k0.person']).toMatch(
      /add a partner/,
    );
    expect(
      validateRetirement(
        form([
          ['self', '2024', '1'],
          ['self', '2024', '2'],
        ]),
        ['self'],
        TODAY,
      ).errors['cap.k1.year'],
    ).toBe('Unused cap row 2: 2024-25 is entered twice for this person');
    // In June the financial year under way started the calendar year before.
    expect(validateRetirement(form([['self', '2025', '1']]), ['self'], '2026-06-30').errors['cap.k0.year']).toMatch(
      /to 2024/,
    );
    expect(validateRetirement(form([]), ['self'], TODAY).value).toBeUndefined();
    expect(validateRetirement(form([], { homeowner: 'yes' }), ['self'], TODAY).value).toEqual({ homeowner: true });
  });
});

describe('validateHousehold', () => {
  const person = { id: 'self' as const, name: 'Me', birth_date: '', ytd_income: '', ytd_date: '' };
  it('rejects future dates and a date without income; accepts year-to-date income', () => {
    expect(validateHousehold([{ ...person, birth_date: '2030-01-01' }], '0', '2026-11-23').errors).toEqual({
      'self.birth_date': 'You: the birth date cannot be in the future',
    });
    expect(validateHousehold([{ ...person, ytd_date: '2026-10-31' }], '0', '2026-11-23').errors).toEqual({
      'self.ytd_income': 'You: enter the income so far, or clear its date',
    });
    expect(validateHousehold([person], '1.5', '2026-11-23').errors.children).toMatch(/whole number/);
    expect(
      validateHousehold([{ ...person, ytd_income: '42000', ytd_date: '2026-10-31' }], '', '2026-11-23').value,
    ).toEqual({
      people: [{ id: 'self', name: 'Me', birth_date: null, ytd_taxable_income: 42_000, ytd_date: '2026-10-31' }],
      dependent_children: 0,
    });
  });
});
