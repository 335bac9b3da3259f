// The one sync contract: the entity list matches the server's tables and the device's, and a device on another
// protocol version gets a clear 426 and a readable sync status instead of a silent mismatch (real HTTP, PGlite).
import 'fake-indexeddb/auto';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENTITY_NAMES } from '../../server/db/schema';
import { storesOf, WyrdDb } from '../../src/data/db';
import { createAccount } from '../../src/data/repositories/accounts';
import { entityTable, mergeTables } from '../../src/data/sync/merge';
import { SyncEngine } from '../../src/data/sync/sync-engine';
import { createApiClient } from '../../src/lib/http/api-client';
import {
  SYNC_ENTITIES,
  SYNC_PROTOCOL_VERSION,
  SYNC_ROW_ENTITIES,
  SYNC_VERSION_HEADER,
} from '../../worker/engine/index';
import { startTestApi, type TestApi } from './harness';

describe('the entity list', () => {
  it('is exactly the server tables and, but for the singleton, the device tables', () => {
    expect([...ENTITY_NAMES].sort()).toEqual([...SYNC_ENTITIES].sort());
    const db = new WyrdDb('contract-user', { indexedDB: new IDBFactory(), IDBKeyRange });
    for (const entity of SYNC_ROW_ENTITIES) expect(entityTable(db, entity)?.name).toBe(entity);
    expect(entityTable(db, 'assumptions')).toBeNull();
    expect(entityTable(db, 'from_a_newer_app')).toBeNull();
    // Transactions are stored in account-month blocks (src/data/tx-blocks.ts): the merge locks their store.
    const stores = SYNC_ROW_ENTITIES.flatMap((entity) => storesOf(db, entity).map((t) => t.name));
    expect(stores).toContain('tx_blocks');
    expect(mergeTables(db).map((t) => t.name)).toEqual(expect.arrayContaining(stores));
    db.close();
  });
});

describe('sync protocol version', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi('pglite');
  }, 120_000);
  afterAll(async () => {
    await api?.close();
  });

  const pull = (version?: string) =>
    fetch(`${api.url}/sync/pull?since=0`, {
      headers: {
        Authorization: `Bearer ${api.token('user-v')}`,
        ...(version === undefined ? {} : { [SYNC_VERSION_HEADER]: version }),
      },
    });

  it('serves the current version and requests without the header; refuses any other with 426 and a message', async () => {
    expect((await pull(String(SYNC_PROTOCOL_VERSION))).status).toBe(200);
    expect((await pull()).status).toBe(200);
    const older = await pull(String(SYNC_PROTOCOL_VERSION - 1));
    expect(older.status).toBe(426);
    expect(await older.json()).toEqual({
      detail: `This app speaks sync protocol version ${SYNC_PROTOCOL_VERSION - 1}; the server speaks ${SYNC_PROTOCOL_VERSION}. Reload the app to update it.`,
      sync_version: SYNC_PROTOCOL_VERSION,
      client_sync_version: SYNC_PROTOCOL_VERSION - 1,
    });
    const newer = await pull(String(SYNC_PROTOCOL_VERSION + 1));
    expect(newer.status).toBe(426);
    expect(((await newer.json()) as { detail: string }).detail).toMatch(/Sync resumes once the server is updated/);
    const push = await fetch(`${api.url}/sync/push`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${api.token('user-v')}`,
        'Content-Type': 'application/json',
        [SYNC_VERSION_HEADER]: 'garbage',
      },
      body: JSON.stringify({ client_id: 'c', mutations: [] }),
    });
    expect(push.status).toBe(426);
  });

  function deviceEngine(rewriteVersion?: string) {
    const db = new WyrdDb('user-v', { indexedDB: new IDBFactory(), IDBKeyRange });
    const sent: (string | null)[] = [];
    const apiClient = createApiClient({
      baseUrl: api.url,
      retry: { baseDelayMs: 1, maxDelayMs: 2 },
      getToken: async () => api.token('user-v'),
      fetch: async (input, init) => {
        const headers = new Headers(init?.headers);
        sent.push(headers.get(SYNC_VERSION_HEADER));
        if (rewriteVersion !== undefined) headers.set(SYNC_VERSION_HEADER, rewriteVersion);
        return fetch(input, { ...init, headers });
      },
    });
    const engine = new SyncEngine({ db, api: apiClient, retryDelaysMs: [3_600_000] });
    return { db, engine, sent };
  }

  it('the device sends its version on every sync request and syncs when it matches', async () => {
    const { db, engine, sent } = deviceEngine();
    await createAccount(db, { name: 'Everyday', current_balance: 10 });
    expect(await engine.sync()).toBe('synced');
    expect(sent.length).toBeGreaterThan(1);
    expect(sent.every((v) => v === String(SYNC_PROTOCOL_VERSION))).toBe(true);
    engine.stop();
    db.close();
  });

  it('an older app shows "needs an update" in its sync status and keeps its changes', async () => {
    const { db, engine } = deviceEngine(String(SYNC_PROTOCOL_VERSION - 1));
    await createAccount(db, { name: 'Kept locally', current_balance: 1 });
    expect(await engine.sync()).toBe('failed');
    expect(engine.getState().error).toEqual({
      kind: 'version',
      message: 'This app needs an update to sync. Reload to update.',
    });
    expect(await db.outbox.count()).toBe(1);
    engine.stop();
    db.close();
  });
});
