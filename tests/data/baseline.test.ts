// The baseline assistant's acceptance (repositories/baseline): the baseline scenario, its materialised events and
// the retirement of what they replace are written in one transaction with their outbox rows, or not at all.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { proposeBaselineEvents } from '../../worker/engine/index';
import type { WyrdDb } from '../../src/data/db';
import { ensureDefaultCategories } from '../../src/data/default-categories';
import { pendingOutbox } from '../../src/data/outbox';
import { createAccount } from '../../src/data/repositories/accounts';
import {
  acceptBaseline,
  BASELINE_SCENARIO_DESCRIPTION,
  BASELINE_SCENARIO_NAME,
} from '../../src/data/repositories/baseline';
import { createRecurringItem } from '../../src/data/repositories/recurring-items';
import { freshDb, steppingClock } from './helpers';

let db: WyrdDb;
let clock: () => string;

beforeEach(async () => {
  db = freshDb('baseline');
  await db.open();
  clock = steppingClock();
  await ensureDefaultCategories(db, { now: clock });
});
afterEach(async () => {
  db.close();
  await db.delete();
});

/** A home owner: cash, the house, its loan and the repayment paid from cash. */
async function homeOwner() {
  const categories = await db.categories.toArray();
  const cash = await createAccount(
    db,
    { name: 'Everyday', account_type: 'checking', current_balance: 10_000 },
    { now: clock },
  );
  const home = await createAccount(
    db,
    { name: 'Our House', account_type: 'property', current_balance: 900_000 },
    { now: clock },
  );
  const loan = await createAccount(
    db,
    { name: 'Home Loan', account_type: 'mortgage', current_balance: -500_000, is_asset: false },
    { now: clock },
  );
  const repay = await createRecurringItem(
    db,
    {
      name: 'Mortgage repayment',
      amount: -3_200,
      start_date: '2026-01-01',
      account_id: cash.id,
      category_id: categories.find((c) => c.name === 'Mortgage repayments')!.id,
    },
    { now: clock },
  );
  const proposals = proposeBaselineEvents({
    accounts: await db.accounts.toArray(),
    recurring_items: await db.recurring_items.toArray(),
    categories,
    today: '2026-11-21',
  });
  return { cash, home, loan, repay, proposals };
}

describe('acceptBaseline', () => {
  it('creates the baseline scenario with the accepted events and retires what they replace, with outbox rows', async () => {
    const { cash, home, loan, repay, proposals } = await homeOwner();
    const buy = proposals.find((p) => p.template_id === 'buy_first_home');
    expect(buy?.supersedes.sort()).toEqual([home.id, loan.id, repay.id].sort());
    const before = await db.outbox.count();

    const scenario = await acceptBaseline(db, [buy!], { now: clock });

    expect(scenario).toMatchObject({
      name: BASELINE_SCENARIO_NAME,
      description: BASELINE_SCENARIO_DESCRIPTION,
      is_baseline: true,
    });
    expect(await db.scenarios.get(scenario.id)).toEqual(scenario);
    const events = await db.events.toArray();
    expect(events.map((e) => [e.scenario_id, e.template_id])).toEqual([[scenario.id, 'buy_first_home']]);
    expect(await db.accounts.get(home.id)).toBeUndefined();
    expect(await db.accounts.get(loan.id)).toBeUndefined();
    expect(await db.recurring_items.get(repay.id)).toBeUndefined();
    expect(await db.accounts.get(cash.id)).toBeDefined();
    const own = await db.accounts.where('scenario_event_id').equals(events[0].id).toArray();
    expect(own.map((a) => a.account_type).sort()).toEqual(['mortgage', 'property']);

    const rows = (await pendingOutbox(db)).slice(before).map((r) => `${r.entity}:${r.op}:${r.entity_id}`);
    expect(rows).toContain(`scenarios:create:${scenario.id}`);
    expect(rows).toContain(`events:create:${events[0].id}`);
    expect(rows).toContain(`recurring_items:delete:${repay.id}`);
    expect(rows).toContain(`accounts:delete:${home.id}`);
    expect(rows).toContain(`accounts:delete:${loan.id}`);
  });

  it('keeps a replaced account some remaining item still uses', async () => {
    const { cash, proposals } = await homeOwner();
    const buy = proposals.find((p) => p.template_id === 'buy_first_home')!;
    await acceptBaseline(db, [{ ...buy, supersedes: [...buy.supersedes, cash.id] }], { now: clock });
    expect(await db.accounts.get(cash.id)).toBeDefined();
  });

  it('writes nothing when one accepted event is invalid', async () => {
    const { home, repay, proposals } = await homeOwner();
    const buy = proposals.find((p) => p.template_id === 'buy_first_home')!;
    const before = { scenarios: await db.scenarios.count(), outbox: await db.outbox.count() };
    const broken = {
      name: 'Broken',
      trigger_month: '2026-11',
      template_id: 'no_such_template' as never,
      template_parameters: {},
      supersedes: [],
    };

    await expect(acceptBaseline(db, [buy, broken], { now: clock })).rejects.toThrow();

    expect(await db.scenarios.count()).toBe(before.scenarios);
    expect(await db.events.count()).toBe(0);
    expect(await db.accounts.get(home.id)).toBeDefined();
    expect(await db.recurring_items.get(repay.id)).toBeDefined();
    expect(await db.outbox.count()).toBe(before.outbox);
  });
});
