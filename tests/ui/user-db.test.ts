// The per-user local database: named from the user id, schema v1 tables and indexes, data isolated
// between two users on one device, closed on sign-out.
import Dexie from 'dexie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { closeUserDb, currentUserDb, openUserDb, userDbName } from '../../src/data/db';
import { initAuth, logout } from '../../src/lib/auth/auth-store';
import { resetAppState, TEST_CONFIG } from './render-app';
import * as adapter from './adapter-mock';

vi.mock('../../src/lib/auth/amplify-adapter', () => import('./adapter-mock'));
vi.mock('../../src/lib/config/app-config', async (original) => ({
  ...(await original<typeof import('../../src/lib/config/app-config')>()),
  loadAppConfig: async () => TEST_CONFIG,
}));

const account = (id: string, name: string) => ({
  id,
  name,
  account_type: 'checking' as const,
  current_balance: 100,
  is_asset: true,
  updated_at: '2026-01-01T00:00:00Z',
});

describe('per-user database', () => {
  beforeEach(() => resetAppState());
  afterEach(() => closeUserDb());

  it('is named from the user id', () => {
    expect(userDbName('abc-123')).toBe('wyrd-user-abc-123');
    expect(() => userDbName('')).toThrow();
    expect(openUserDb('abc-123').name).toBe('wyrd-user-abc-123');
  });

  it('schema version 1 has the data-layer tables and indexes (version 2 adds the sync tables, version 3 the bank tables, version 4 keeps only their queried indexes, version 5 indexes the outbox slice rows by record, version 6 stores transactions in account-month blocks, version 7 keeps their heads in one record)', async () => {
    const db = openUserDb('schema-user');
    await db.open();
    expect(db.verno).toBe(7);
    expect(db.tables.map((t) => t.name).sort()).toEqual([
      'accounts',
      'categories',
      'events',
      'import_batches',
      'meta',
      'modifications',
      'outbox',
      'payee_rules',
      'recurring_items',
      'scenarios',
      'sync_base',
      'sync_deferred',
      'sync_rejections',
      'tx_blocks',
      'tx_heads',
    ]);
    expect(
      db
        .table('tx_blocks')
        .schema.indexes.map((i) => i.name)
        .sort(),
    ).toEqual(['head', 'ids', 'month']);
    expect(db.table('events').schema.indexes.map((i) => i.name)).toContain('scenario_id');
    expect(db.table('recurring_items').schema.indexes.map((i) => i.name)).toEqual(
      expect.arrayContaining(['account_id', 'category_id', 'scenario_event_id', 'updated_at']),
    );
    expect(db.table('outbox').schema.primKey.auto).toBe(true);
    expect(db.table('outbox').schema.indexes.find((i) => i.name === 'refs')?.multi).toBe(true);
    const seq = await db.outbox.add({
      entity: 'accounts',
      entity_id: 'a1',
      op: 'create',
      payload: {},
      created_at: '2026-01-01T00:00:00Z',
    });
    expect(typeof seq).toBe('number');
  });

  it('a database made at version 1 opens at the latest version with its rows and outbox intact', async () => {
    const v1 = new Dexie(userDbName('upgrade-user'));
    v1.version(1).stores({
      accounts: 'id, scenario_event_id, updated_at',
      recurring_items: 'id, account_id, category_id, scenario_event_id, updated_at',
      categories: 'id, type, updated_at',
      scenarios: 'id, updated_at',
      events: 'id, scenario_id, template_id, trigger_month, updated_at',
      modifications: 'id, scenario_id, target_id, updated_at',
      outbox: '++seq, [entity+entity_id], created_at',
      meta: 'key',
    });
    await v1.table('accounts').put(account('a1', 'Kept'));
    await v1
      .table('outbox')
      .add({ entity: 'accounts', entity_id: 'a1', op: 'create', payload: {}, created_at: '2026-01-01T00:00:00Z' });
    v1.close();
    const db = openUserDb('upgrade-user');
    expect((await db.accounts.get('a1'))?.name).toBe('Kept');
    expect(await db.outbox.count()).toBe(1);
    expect(await db.sync_rejections.count()).toBe(0);
    expect(await db.transactions.count()).toBe(0);
    expect(db.verno).toBe(7);
  });

  it('two users on one device never see each other’s data', async () => {
    const alice = openUserDb('alice');
    await alice.accounts.put(account('a1', 'Alice savings'));
    const bob = openUserDb('bob');
    expect(alice.isOpen()).toBe(false);
    expect(await bob.accounts.toArray()).toEqual([]);
    await bob.accounts.put(account('b1', 'Bob cheque'));
    const aliceAgain = openUserDb('alice');
    expect((await aliceAgain.accounts.toArray()).map((a) => a.name)).toEqual(['Alice savings']);
  });

  it('returns the same instance while the same user stays signed in', () => {
    expect(openUserDb('same')).toBe(openUserDb('same'));
  });

  it('is closed when the user signs out', async () => {
    adapter.signedInAs();
    await initAuth();
    const db = openUserDb(adapter.TEST_USER.userId);
    await db.open();
    await logout();
    expect(currentUserDb()).toBeNull();
    expect(db.isOpen()).toBe(false);
  });
});
