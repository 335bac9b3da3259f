// Profile's Household section on a real per-user Dexie database (fake-indexeddb): add a partner, validation
// messages naming the person, and a save through the assumptions repository (outbox row, other settings kept).
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { UserDbProvider } from '../../src/data/db-context';
import { WyrdDb } from '../../src/data/db';
import { getAssumptions, saveAssumptions } from '../../src/data/repositories/assumptions';
import { HouseholdSection } from '../../src/features/profile/HouseholdSection';
import { validateHousehold } from '../../src/features/profile/household-form';

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
