// The service worker's Background Sync handler on fake-indexeddb: it pushes the outbox through the sync
// engine's push with the stored ID token, and sends nothing when the token has expired, is missing or refused.
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { WyrdDb } from '../../src/data/db';
import { createAccount } from '../../src/data/repositories/accounts';
import { backgroundPush } from '../../src/data/sync/background-sync';
import { clearSyncSession, readSyncSession, saveSyncSession, tokenExpiry } from '../../src/data/sync/sync-session';
import { fakeServer } from './support/fake-server';

const NOW = Date.parse('2026-11-23T10:00:00.000Z');

function jwt(expMs: number): string {
  const enc = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${enc({ alg: 'RS256' })}.${enc({ sub: 'user-1', token_use: 'id', exp: Math.floor(expMs / 1000) })}.sig`;
}

async function setup(tokenExpiresAt: number) {
  const dexie = { indexedDB: new IDBFactory(), IDBKeyRange };
  const db = new WyrdDb('user-1', dexie);
  const account = await createAccount(db, { name: 'Made offline', current_balance: 5 });
  db.close();
  const token = jwt(tokenExpiresAt);
  await saveSyncSession({ userId: 'user-1', apiBaseUrl: 'http://api.test', idToken: token }, dexie);
  const server = fakeServer();
  server.validTokens = new Set([token]);
  const outbox = async () => {
    const again = new WyrdDb('user-1', dexie);
    try {
      return await again.outbox.count();
    } finally {
      again.close();
    }
  };
  return { dexie, server, account, token, outbox };
}

describe('Background Sync handler', () => {
  it('stores the token with the expiry from its exp claim, and clears it', async () => {
    const { dexie, token } = await setup(NOW + 3_600_000);
    expect(tokenExpiry(token)).toBe(NOW + 3_600_000);
    expect(await readSyncSession(dexie)).toMatchObject({
      userId: 'user-1',
      idToken: token,
      expiresAt: NOW + 3_600_000,
    });
    await clearSyncSession(dexie);
    expect(await readSyncSession(dexie)).toBeNull();
    expect(await backgroundPush({ dexie, now: () => NOW })).toEqual({ result: 'no-session' });
  });

  it('with a usable token pushes the outbox and the acknowledged rows leave it', async () => {
    const { dexie, server, account, token, outbox } = await setup(NOW + 3_600_000);
    const outcome = await backgroundPush({ dexie, fetch: server.fetch, now: () => NOW });
    expect(outcome).toEqual({ result: 'pushed', applied: 1, rejected: 0 });
    expect(server.requests.map((r) => [r.method, r.path, r.auth])).toEqual([['POST', '/sync/push', `Bearer ${token}`]]);
    expect(server.live().get(`accounts/${account.id}`)).toMatchObject({ name: 'Made offline' });
    expect(await outbox()).toBe(0);
    expect(await backgroundPush({ dexie, fetch: server.fetch, now: () => NOW })).toEqual({
      result: 'nothing-to-send',
    });
    expect(server.requests).toHaveLength(1);
  });

  it('with an expired (or about to expire) token sends nothing and keeps the outbox', async () => {
    const { dexie, server, outbox } = await setup(NOW + 30_000);
    expect(await backgroundPush({ dexie, fetch: server.fetch, now: () => NOW })).toEqual({ result: 'expired' });
    expect(server.requests).toHaveLength(0);
    expect(await outbox()).toBe(1);
  });

  it('never refreshes: a refused token ends the push after one request, keeping the outbox', async () => {
    const { dexie, server, outbox } = await setup(NOW + 3_600_000);
    server.validTokens = new Set(['another']);
    expect(await backgroundPush({ dexie, fetch: server.fetch, now: () => NOW })).toEqual({ result: 'refused' });
    expect(server.requests).toHaveLength(1);
    expect(await outbox()).toBe(1);
  });

  it('asks the browser to try again later when the server cannot be reached', async () => {
    const { dexie, server, outbox } = await setup(NOW + 3_600_000);
    server.failNext = [0, 0, 0];
    const outcome = await backgroundPush({
      dexie,
      fetch: server.fetch,
      now: () => NOW,
    });
    expect(outcome.result).toBe('retry');
    expect(await outbox()).toBe(1);
  }, 20_000);
});
