// The example household (src/data/example-household): it loads into its own database, compares in the engine
// without errors (a couple, a mortgage with an offset, two pays, super, a child on the way, three scenarios), never
// touches the user's database, and removing it deletes its database and clears the flag.
import Dexie from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import { exportBackup } from '../../src/data/backup';
import { WyrdDb } from '../../src/data/db';
import {
  exampleDbName,
  loadExample,
  openExampleDb,
  removeExample,
  restoreExample,
  useExampleStore,
} from '../../src/data/example-household/example-household';
import { compareView } from '../../worker/engine/index';

const userId = `example-test-${crypto.randomUUID()}`;

afterEach(async () => {
  await removeExample(userId);
});

describe('example household', () => {
  it('loads a realistic household into its own database, and the engine compares all four scenarios', async () => {
    const own = new WyrdDb(userId);
    await own.open();
    const scenarios = await loadExample(userId, '2026-11-25');
    expect(useExampleStore.getState().activeFor).toBe(userId);
    expect(restoreExample(userId)).toBe(true);

    const db = openExampleDb(userId);
    expect(db.name).toBe(exampleDbName(userId));
    const accounts = await db.accounts.toArray();
    expect(accounts.map((a) => a.account_type).sort()).toEqual(
      expect.arrayContaining(['checking', 'mortgage', 'property', 'savings', 'superannuation']),
    );
    expect(await db.scenarios.count()).toBe(4);
    expect(await db.outbox.count()).toBe(0);
    // The user's own database stays empty.
    expect(await own.accounts.count()).toBe(0);
    expect(await own.scenarios.count()).toBe(0);
    own.close();

    const view = compareView({
      backup: await exportBackup(db),
      as_of: '2026-11-25',
      years: 30,
      scenario_ids: [scenarios.baseline, ...scenarios.others],
    });
    expect(view.scenarios).toHaveLength(4);
    const ends = view.scenarios.map((s) => s.summary.projected_net_worth);
    expect(new Set(ends).size).toBe(4);
  });

  it('removing it deletes its database and the flag', async () => {
    await loadExample(userId, '2026-11-25');
    await removeExample(userId);
    expect(useExampleStore.getState().activeFor).toBeNull();
    expect(restoreExample(userId)).toBe(false);
    expect(await Dexie.exists(exampleDbName(userId))).toBe(false);
  });
});
