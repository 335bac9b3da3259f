// The database activity count (db-activity.ts): reading ahead waits until the screens' own transactions are done
// and the database has been still for a moment, and never longer than its cap.
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { closeUserDb, openUserDb } from '../../src/data/db';
import { whenQuiet } from '../../src/data/db-activity';
import { createAccount } from '../../src/data/repositories/accounts';

afterEach(() => closeUserDb());

const never = new AbortController().signal;

describe('whenQuiet', () => {
  it('waits for a transaction in flight to end, then for the quiet spell', async () => {
    const db = openUserDb(`activity-${crypto.randomUUID()}`);
    await db.open();
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    // A read transaction kept open by a chain of requests until released.
    let begun: () => void = () => undefined;
    const inside = new Promise<void>((resolve) => (begun = resolve));
    const reading = db.transaction('r', db.accounts, async () => {
      let go = false;
      void held.then(() => (go = true));
      begun();
      while (!go) await db.accounts.count();
    });
    // Dexie starts the IndexedDB transaction asynchronously: wait until it is in flight.
    await inside;
    let quietAt = 0;
    const quiet = whenQuiet(db, 50, 10_000, never).then(() => (quietAt = performance.now()));
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(quietAt).toBe(0);
    const releasedAt = performance.now();
    release();
    await reading;
    await quiet;
    expect(quietAt - releasedAt).toBeGreaterThanOrEqual(45);
  });

  it('gives up waiting after its cap while the database stays busy', async () => {
    const db = openUserDb(`activity-${crypto.randomUUID()}`);
    await db.open();
    let busy = true;
    const writes = (async () => {
      while (busy) await createAccount(db, { name: 'A', current_balance: 1 });
    })();
    const started = performance.now();
    await whenQuiet(db, 1_000, 200, never);
    expect(performance.now() - started).toBeLessThan(1_000);
    busy = false;
    await writes;
  });

  it('never resolves once stopped', async () => {
    const db = openUserDb(`activity-${crypto.randomUUID()}`);
    const stop = new AbortController();
    let resolved = false;
    let control = false;
    // A quiet spell far longer than the test, so only the 60 ms cap could resolve it: a database that happens to
    // be still already (a slow host pausing between open and wait) would resolve at the first check, before abort.
    void whenQuiet(db, 60_000, 60, stop.signal).then(() => (resolved = true));
    void whenQuiet(db, 60_000, 60, never).then(() => (control = true));
    stop.abort();
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(control).toBe(true);
    expect(resolved).toBe(false);
  });
});
