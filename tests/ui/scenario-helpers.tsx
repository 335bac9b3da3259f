// Shared setup for the scenario, event form, template and builder UI tests: a fresh signed-in user with a
// real WyrdDb on fake-indexeddb, optional seed data, and the real route tree at a path.
import { screen } from '@testing-library/react';
import type { AuthUser } from '../../src/lib/auth/auth-types';
import { openUserDb, type WyrdDb } from '../../src/data/db';
import { ensureDefaultCategories } from '../../src/data/default-categories';
import { createAccount } from '../../src/data/repositories/accounts';
import { createRecurringItem } from '../../src/data/repositories/recurring-items';
import { renderApp } from './render-app';
import * as adapter from './adapter-mock';

export function uniqueUser(): AuthUser {
  const id = crypto.randomUUID();
  return {
    username: id,
    userId: id,
    attributes: {
      email: `${id.slice(0, 8)}@example.com`,
      email_verified: 'true',
      given_name: 'Ada',
      family_name: 'Lovelace',
    },
  };
}

/** Signs in a new user, seeds their database, renders the app at `path`. */
export async function openAs(path: string, seed?: (db: WyrdDb) => Promise<unknown>) {
  const user = uniqueUser();
  adapter.signedInAs(user);
  const db = openUserDb(user.userId);
  await ensureDefaultCategories(db);
  if (seed) await seed(db);
  const view = await renderApp(path);
  return { ...view, db, user };
}

/** A cash account, a mortgage, a salary and a rent item: enough for every picker. */
export async function seedHousehold(db: WyrdDb) {
  const categories = await db.categories.toArray();
  const cat = (name: string) => categories.find((c) => c.name === name)?.id ?? categories[0].id;
  const cash = await createAccount(db, {
    name: 'Everyday',
    account_type: 'checking',
    current_balance: 20_000,
    is_asset: true,
  });
  const mortgage = await createAccount(db, {
    name: 'Home Loan',
    account_type: 'mortgage',
    current_balance: -400_000,
    is_asset: false,
  });
  const salary = await createRecurringItem(db, {
    name: 'Salary',
    amount: 6_000,
    frequency: 'monthly',
    start_date: '2026-01-01',
    account_id: cash.id,
    category_id: cat('Salary'),
  });
  const rent = await createRecurringItem(db, {
    name: 'Rent',
    amount: -2_400,
    frequency: 'monthly',
    start_date: '2026-01-01',
    account_id: cash.id,
    category_id: cat('Rent'),
  });
  return { cash, mortgage, salary, rent };
}

export async function heading(name: string | RegExp) {
  return screen.findByRole('heading', { level: 1, name });
}
