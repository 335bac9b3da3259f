// Identity and isolation: every product endpoint refuses missing and bad ID tokens (expired, wrong issuer or
// audience, access token, alg none, tampered or foreign signature), and another user's ids are 404 everywhere,
// over REST and sync, leaving the owner's data untouched. Runs on PGlite and PostgreSQL.
import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  Account,
  Category,
  Modification,
  RecurringItem,
  ScenarioEvent,
  ScenarioWithChildren,
} from '../../worker/engine/index';
import {
  base64url,
  idClaims,
  mintToken,
  postgresAvailability,
  startTestApi,
  stopSharedPostgres,
  type TestApi,
} from './harness';

const pgSkip = await postgresAvailability();
afterAll(async () => {
  await stopSharedPostgres();
});

/** Every product endpoint (method, path) with placeholder ids. */
const ENDPOINTS: Array<[string, string]> = [
  ['GET', '/me'],
  ['GET', '/accounts'],
  ['POST', '/accounts'],
  ['GET', '/accounts/x'],
  ['PUT', '/accounts/x'],
  ['DELETE', '/accounts/x'],
  ['GET', '/categories'],
  ['POST', '/categories'],
  ['GET', '/categories/x'],
  ['PUT', '/categories/x'],
  ['DELETE', '/categories/x'],
  ['GET', '/recurring-items'],
  ['POST', '/recurring-items'],
  ['GET', '/recurring-items/x'],
  ['PUT', '/recurring-items/x'],
  ['DELETE', '/recurring-items/x'],
  ['GET', '/scenarios'],
  ['POST', '/scenarios'],
  ['GET', '/scenarios/x'],
  ['PUT', '/scenarios/x'],
  ['DELETE', '/scenarios/x'],
  ['POST', '/scenarios/x/clone'],
  ['GET', '/scenarios/x/events'],
  ['GET', '/scenarios/events/x'],
  ['POST', '/scenarios/x/events'],
  ['PUT', '/scenarios/x/events/y'],
  ['DELETE', '/scenarios/x/events/y'],
  ['POST', '/scenarios/x/modifications'],
  ['GET', '/scenarios/x/modifications'],
  ['DELETE', '/scenarios/x/modifications/y'],
  ['GET', '/scenarios/x/forecast'],
  ['POST', '/scenarios/compare'],
  ['POST', '/scenarios/identify-templates-from-prompt'],
  ['GET', '/dashboard/net-worth'],
  ['GET', '/dashboard/cash-flow'],
  ['GET', '/dashboard/spending-by-category'],
  ['GET', '/dashboard/income-by-category'],
  ['GET', '/templates/'],
  ['GET', '/templates/car_loan'],
  ['POST', '/templates/create-scenario?template_id=car_loan'],
  ['POST', '/sync/push'],
  ['GET', '/sync/pull'],
];

describe.each(['pglite', 'postgres'] as const)('security on %s', (kind) => {
  const skip = kind === 'postgres' && pgSkip !== null;
  let api: TestApi;
  beforeAll(async () => {
    if (!skip) api = await startTestApi(kind);
  }, 120_000);
  afterAll(async () => {
    await api?.close();
  });

  describe.skipIf(skip)('identity', () => {
    it('refuses every product endpoint without a token with 401 {"detail"}', async () => {
      for (const [method, path] of ENDPOINTS) {
        const r = await api.call(method, path, {
          token: null,
          body: method === 'GET' || method === 'DELETE' ? undefined : {},
        });
        expect(r.status, `${method} ${path}`).toBe(401);
        expect(r.body).toEqual({ detail: 'Not authenticated' });
      }
      expect((await api.call('GET', '/health', { token: null })).status).toBe(200);
    });

    it('refuses bad tokens on every product endpoint', async () => {
      const now = Math.floor(Date.now() / 1000);
      const good = idClaims(api.issuer, { sub: 'victim' });
      const header = base64url(JSON.stringify({ alg: 'none', typ: 'JWT' }));
      const signed = mintToken(good);
      const [h, , sig] = signed.split('.');
      const other = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
      const bad: Record<string, string> = {
        expired: mintToken({ ...good, exp: now - 10 }),
        'wrong issuer': mintToken({ ...good, iss: 'http://127.0.0.1:1/ap-southeast-2_other' }),
        'wrong audience': mintToken({ ...good, aud: 'another-client' }),
        'access token': mintToken({ ...good, token_use: 'access', client_id: good.aud, aud: undefined }),
        'access token with the audience': mintToken({ ...good, token_use: 'access' }),
        'alg none': `${header}.${base64url(JSON.stringify(good))}.`,
        'alg none with a signature': `${header}.${base64url(JSON.stringify(good))}.${sig}`,
        'tampered payload': `${h}.${base64url(JSON.stringify({ ...good, sub: 'attacker' }))}.${sig}`,
        'tampered signature': `${signed.slice(0, -6)}${signed.slice(-6) === 'AAAAAA' ? 'BBBBBB' : 'AAAAAA'}`,
        'another key': mintToken(good, other),
        'HS256 with the public key': (() => {
          const hs = base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT', kid: 'test-key' }));
          return `${hs}.${base64url(JSON.stringify(good))}.${sig}`;
        })(),
        'no subject': mintToken({ ...good, sub: undefined }),
        'not yet valid': mintToken({ ...good, nbf: now + 600 }),
        garbage: 'not.a.jwt',
      };
      for (const [label, token] of Object.entries(bad)) {
        for (const [method, path] of ENDPOINTS) {
          const r = await api.call(method, path, {
            token,
            body: method === 'GET' || method === 'DELETE' ? undefined : {},
          });
          expect(r.status, `${label}: ${method} ${path}`).toBe(401);
          expect(r.body).toEqual({ detail: 'Invalid or expired token' });
        }
      }
      // Lower-case scheme and a token expired within the 5 s tolerance are accepted.
      const justExpired = mintToken({ ...good, exp: Math.floor(Date.now() / 1000) - 2 });
      expect((await api.call('GET', '/accounts', { token: justExpired })).status).toBe(200);
      const lower = await fetch(`${api.url}/accounts`, { headers: { authorization: `bearer ${signed}` } });
      expect(lower.status).toBe(200);
    });
  });

  describe.skipIf(skip)('isolation', () => {
    it("treats another user's ids as absent everywhere and leaves the owner's data untouched", async () => {
      const owner = `owner-${kind}`;
      const intruder = `intruder-${kind}`;
      const call = <T>(sub: string, method: string, path: string, body?: unknown) =>
        api.call<T>(method, path, { sub, body });
      const cat = (await call<Category>(owner, 'POST', '/categories', { name: 'Salary', type: 'income' })).body;
      const acc = (await call<Account>(owner, 'POST', '/accounts', { name: 'Everyday', current_balance: 100 })).body;
      const item = (
        await call<RecurringItem>(owner, 'POST', '/recurring-items', {
          name: 'Pay',
          amount: 10,
          start_date: '2026-01-01',
          account_id: acc.id,
          category_id: cat.id,
        })
      ).body;
      const sc = (await call<ScenarioWithChildren>(owner, 'POST', '/scenarios', { name: 'Mine' })).body;
      const ev = (
        await call<ScenarioEvent>(owner, 'POST', `/scenarios/${sc.id}/events`, {
          name: 'Car',
          trigger_month: '2027-01',
          template_id: 'car_loan',
          template_parameters: { car_name: 'Hatch', car_price: 20000, deposit_amount: 1000 },
        })
      ).body;
      const mod = (
        await call<Modification>(owner, 'POST', `/scenarios/${sc.id}/modifications`, {
          modification_type: 'modify_account',
          target_id: acc.id,
          modification_data: { balance: 1 },
        })
      ).body;
      const snapshot = async () =>
        (await call<{ changes: unknown[] }>(owner, 'GET', '/sync/pull?since=0&limit=10000')).body.changes;
      const before = await snapshot();
      expect(before.length).toBeGreaterThan(6);

      const attempts: Array<[string, string, unknown?]> = [
        ['GET', `/accounts/${acc.id}`],
        ['PUT', `/accounts/${acc.id}`, { name: 'Mine now', current_balance: 1 }],
        ['DELETE', `/accounts/${acc.id}`],
        ['GET', `/categories/${cat.id}`],
        ['PUT', `/categories/${cat.id}`, { name: 'x', type: 'income' }],
        ['DELETE', `/categories/${cat.id}`],
        ['GET', `/recurring-items/${item.id}`],
        ['PUT', `/recurring-items/${item.id}`, { amount: 1 }],
        ['DELETE', `/recurring-items/${item.id}`],
        ['GET', `/scenarios/${sc.id}`],
        ['PUT', `/scenarios/${sc.id}`, { name: 'x' }],
        ['DELETE', `/scenarios/${sc.id}`],
        ['POST', `/scenarios/${sc.id}/clone`],
        ['GET', `/scenarios/${sc.id}/events`],
        ['GET', `/scenarios/events/${ev.id}`],
        [
          'POST',
          `/scenarios/${sc.id}/events`,
          { name: 'x', trigger_month: '2027-01', template_id: 'car_loan', template_parameters: { car_price: 1000 } },
        ],
        [
          'PUT',
          `/scenarios/${sc.id}/events/${ev.id}`,
          { name: 'x', trigger_month: '2027-01', template_id: 'car_loan', template_parameters: {} },
        ],
        ['DELETE', `/scenarios/${sc.id}/events/${ev.id}`],
        ['GET', `/scenarios/${sc.id}/modifications`],
        [
          'POST',
          `/scenarios/${sc.id}/modifications`,
          { modification_type: 'modify_account', target_id: acc.id, modification_data: { balance: 1 } },
        ],
        ['DELETE', `/scenarios/${sc.id}/modifications/${mod.id}`],
        ['GET', `/scenarios/${sc.id}/forecast`],
        ['POST', '/scenarios/compare', { scenario_ids: [sc.id] }],
      ];
      for (const [method, path, body] of attempts) {
        const r = await call<{ detail: unknown }>(intruder, method, path, body);
        expect(r.status, `${method} ${path}`).toBe(404);
        expect(typeof r.body.detail).toBe('string');
      }
      // The intruder's own lists are empty of the owner's rows.
      for (const p of ['/accounts', '/categories', '/recurring-items', '/scenarios'])
        expect((await call<unknown[]>(intruder, 'GET', p)).body).toEqual([]);
      expect((await call<{ changes: unknown[] }>(intruder, 'GET', '/sync/pull?since=0')).body.changes).toEqual([]);

      // Over sync: updates and deletes of the owner's ids touch only the intruder's own namespace.
      const push = await call<{ results: Array<{ status: string; code?: number }> }>(intruder, 'POST', '/sync/push', {
        client_id: 'evil',
        mutations: [
          { mutation_id: 1, entity: 'accounts', op: 'delete', id: acc.id },
          { mutation_id: 2, entity: 'scenarios', op: 'delete', id: sc.id },
          {
            mutation_id: 3,
            entity: 'events',
            op: 'update',
            id: ev.id,
            payload: { scenario_id: sc.id, name: 'x', trigger_month: '2027-01', template_id: 'car_loan' },
          },
          {
            mutation_id: 4,
            entity: 'modifications',
            op: 'create',
            id: 'm',
            payload: {
              scenario_id: sc.id,
              modification_type: 'modify_account',
              target_id: acc.id,
              modification_data: { balance: 1 },
            },
          },
          {
            mutation_id: 5,
            entity: 'accounts',
            op: 'update',
            id: acc.id,
            payload: { name: 'Hijack', current_balance: 1 },
          },
        ],
      });
      expect(push.status).toBe(200);
      expect(push.body.results.map((r) => r.code ?? r.status)).toEqual(['applied', 'applied', 404, 404, 'applied']);
      expect((await call<Account>(intruder, 'GET', `/accounts/${acc.id}`)).body.name).toBe('Hijack');
      expect((await call<Account>(owner, 'GET', `/accounts/${acc.id}`)).body.name).toBe('Everyday');
      expect(await snapshot()).toEqual(before);
    });
  });
});
