// Fuzz (fast-check): thousands of random, malformed and near-valid bodies, ids and query strings across every
// endpoint, sent in-process to the app on PGlite by an intruder; no answer is a 500 and the owner's data never changes.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/api/app';
import type { TokenVerifier } from '../../server/api/auth';
import { openDatabase, type DatabaseHandle } from '../../server/db/client';

// The token is the user's sub: identity is tested elsewhere, this file is about bodies.
const verifier: TokenVerifier = {
  verify: async (token) => ({ sub: token, email: `${token}@example.com`, claims: {} }),
};

let handle: DatabaseHandle;
let app: ReturnType<typeof createApp>;

async function call(sub: string, method: string, path: string, body?: string) {
  const headers: Record<string, string> = { Authorization: `Bearer ${sub}` };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await app.request(path, { method, headers, body });
  const text = await response.text();
  return { status: response.status, text, json: () => JSON.parse(text) as unknown };
}

const ids: Record<string, string> = {};

/** Everything the owner has, as pull and the lists see it. */
async function ownerSnapshot() {
  const out: unknown[] = [(await call('owner', 'GET', '/sync/pull?since=0&limit=10000')).json()];
  for (const p of ['/accounts', '/categories', '/recurring-items', '/scenarios'])
    out.push((await call('owner', 'GET', p)).json());
  return out;
}

beforeAll(async () => {
  handle = await openDatabase({ pgliteDir: 'memory://' });
  app = createApp({ db: handle.db, verifier, config: { webOrigins: [] } });
  const post = async (sub: string, path: string, body: unknown) => {
    const r = await call(sub, 'POST', path, JSON.stringify(body));
    expect(r.status, `${path}: ${r.text}`).toBe(201);
    return r.json() as { id: string; events?: Array<{ id: string }> };
  };
  for (const sub of ['owner', 'intruder']) {
    const cat = await post(sub, '/categories', { name: 'Salary', type: 'income' });
    const acc = await post(sub, '/accounts', { name: 'Everyday', current_balance: 1000 });
    const item = await post(sub, '/recurring-items', {
      name: 'Pay',
      amount: 100,
      start_date: '2026-01-01',
      account_id: acc.id,
      category_id: cat.id,
    });
    const sc = await post(sub, '/scenarios', { name: 'Plan' });
    const ev = await post(sub, `/scenarios/${sc.id}/events`, {
      name: 'Car',
      trigger_month: '2027-01',
      template_id: 'car_loan',
      template_parameters: { car_name: 'Hatch', car_price: 20000, deposit_amount: 1000 },
    });
    const mod = await post(sub, `/scenarios/${sc.id}/modifications`, {
      modification_type: 'modify_account',
      target_id: acc.id,
      modification_data: { balance: 5 },
    });
    Object.assign(ids, {
      [`${sub}Cat`]: cat.id,
      [`${sub}Acc`]: acc.id,
      [`${sub}Item`]: item.id,
      [`${sub}Sc`]: sc.id,
      [`${sub}Ev`]: ev.id,
      [`${sub}Mod`]: mod.id,
    });
  }
}, 120_000);

afterAll(async () => {
  await handle?.close();
});

const ROUTES: Array<[string, string]> = [
  ['POST', '/accounts'],
  ['PUT', '/accounts/{id}'],
  ['DELETE', '/accounts/{id}'],
  ['GET', '/accounts/{id}'],
  ['POST', '/categories'],
  ['PUT', '/categories/{id}'],
  ['DELETE', '/categories/{id}'],
  ['POST', '/recurring-items'],
  ['PUT', '/recurring-items/{id}'],
  ['DELETE', '/recurring-items/{id}'],
  ['POST', '/scenarios'],
  ['GET', '/scenarios/{id}'],
  ['PUT', '/scenarios/{id}'],
  ['DELETE', '/scenarios/{id}'],
  ['POST', '/scenarios/{id}/clone'],
  ['GET', '/scenarios/{id}/events'],
  ['GET', '/scenarios/events/{id}'],
  ['POST', '/scenarios/{id}/events'],
  ['PUT', '/scenarios/{id}/events/{id2}'],
  ['DELETE', '/scenarios/{id}/events/{id2}'],
  ['POST', '/scenarios/{id}/modifications'],
  ['GET', '/scenarios/{id}/modifications'],
  ['DELETE', '/scenarios/{id}/modifications/{id2}'],
  ['GET', '/scenarios/{id}/forecast?years={q}&as_of={q2}'],
  ['POST', '/scenarios/compare'],
  ['POST', '/scenarios/identify-templates-from-prompt'],
  ['GET', '/dashboard/net-worth'],
  ['GET', '/dashboard/cash-flow?months={q}&as_of={q2}'],
  ['GET', '/dashboard/spending-by-category?months={q}'],
  ['GET', '/dashboard/income-by-category?months={q}'],
  ['GET', '/templates/{id}'],
  ['POST', '/templates/create-scenario?template_id={q}'],
  ['POST', '/sync/push'],
  ['GET', '/sync/pull?since={q}&limit={q2}'],
];

const FIELDS = [
  'id',
  'name',
  'account_type',
  'current_balance',
  'institution',
  'is_asset',
  'annual_rate',
  'scenario_event_id',
  'type',
  'amount',
  'frequency',
  'start_date',
  'end_date',
  'account_id',
  'category_id',
  'is_active',
  'description',
  'is_baseline',
  'trigger_month',
  'trigger_date',
  'template_id',
  'template_parameters',
  'modification_type',
  'target_id',
  'modification_data',
  'scenario_ids',
  'forecast_years',
  'as_of',
  'sampled',
  'prompt',
  'scenario_id',
  'car_price',
  'deposit_amount',
  'car_name',
  'scenario_name',
  'trigger_month',
  'balance',
  'date',
  '__proto__',
  'constructor',
];

const victimId = () =>
  fc.constantFrom(
    ...Object.entries(ids)
      .filter(([k]) => k.startsWith('owner'))
      .map(([, v]) => v),
  );
const ownId = () =>
  fc.constantFrom(
    ...Object.entries(ids)
      .filter(([k]) => k.startsWith('intruder'))
      .map(([, v]) => v),
  );

function scalar(): fc.Arbitrary<unknown> {
  return fc.oneof(
    fc.string({ maxLength: 30 }),
    fc.double(),
    fc.integer({ min: -1e6, max: 1e6 }),
    fc.constantFrom(1e308, -1e308, 1e13, 0, -0, 2027, 0.1),
    fc.boolean(),
    fc.constant(null),
    fc.constantFrom(
      '2027-02-29',
      '2027-03',
      '2027-13',
      '2026-11-23',
      'car_loan',
      'retirement',
      'modify_account',
      'add_recurring',
      'checking',
      'weekly',
      'income',
      '',
    ),
    victimId(),
    ownId(),
  );
}

function value(): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 4, arbitrary: scalar() },
    { weight: 1, arbitrary: fc.array(scalar(), { maxLength: 4 }) },
    { weight: 1, arbitrary: fc.dictionary(fc.constantFrom(...FIELDS), scalar(), { maxKeys: 5 }) },
  );
}

/** A valid body per route, from the intruder's own ids. */
function validBodies(): Record<string, Record<string, unknown>> {
  const item = {
    name: 'Pay',
    amount: 100,
    frequency: 'weekly',
    start_date: '2026-01-01',
    account_id: ids.intruderAcc,
    category_id: ids.intruderCat,
    is_active: true,
  };
  const event = {
    name: 'Car',
    trigger_month: '2027-01',
    template_id: 'car_loan',
    template_parameters: { car_name: 'Hatch', car_price: 20000, deposit_amount: 1000 },
  };
  const mod = { modification_type: 'modify_account', target_id: ids.intruderAcc, modification_data: { balance: 5 } };
  return {
    '/accounts': { name: 'A', account_type: 'savings', current_balance: 10, is_asset: true },
    '/accounts/{id}': { name: 'A', current_balance: 10 },
    '/categories': { name: 'C', type: 'expense' },
    '/categories/{id}': { name: 'C', type: 'expense' },
    '/recurring-items': item,
    '/recurring-items/{id}': item,
    '/scenarios': { name: 'S', description: 'd', is_baseline: false },
    '/scenarios/{id}': { name: 'S', description: 'd' },
    '/scenarios/{id}/clone': { name: 'Copy' },
    '/scenarios/{id}/events': event,
    '/scenarios/{id}/events/{id2}': event,
    '/scenarios/{id}/modifications': mod,
    '/scenarios/compare': { scenario_ids: [ids.intruderSc], forecast_years: 3, as_of: '2026-11-23' },
    '/scenarios/identify-templates-from-prompt': { prompt: 'Buy a $30,000 car next year' },
    '/templates/create-scenario?template_id={q}': { car_price: 20000, scenario_name: 'T' },
  };
}

/** Built once the fixture ids exist. */
function arbitraries() {
  const structured = fc.dictionary(fc.constantFrom(...FIELDS), value(), { maxKeys: 12 });

  const mutation = fc.record(
    {
      mutation_id: fc.oneof(fc.integer({ min: -2, max: 50 }), fc.constant(1.5), fc.string({ maxLength: 3 })),
      entity: fc.constantFrom(
        'accounts',
        'categories',
        'recurring_items',
        'scenarios',
        'events',
        'modifications',
        'assumptions',
        'users',
        '',
      ),
      op: fc.constantFrom('create', 'update', 'delete', 'upsert'),
      id: fc.oneof(victimId(), ownId(), fc.string({ maxLength: 10 }), fc.constant('assumptions')),
      payload: fc.oneof(structured, value()),
      client_id: fc.option(fc.string({ maxLength: 5 }), { nil: undefined }),
    },
    { requiredKeys: ['entity', 'op', 'id'] },
  );

  const body = fc.oneof(
    { weight: 5, arbitrary: structured.map((b) => JSON.stringify(b)) },
    { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }).map((b) => JSON.stringify(b)) },
    { weight: 2, arbitrary: fc.string({ maxLength: 40 }) },
    {
      weight: 2,
      arbitrary: fc
        .record(
          {
            client_id: fc.oneof(fc.string({ maxLength: 6 }), scalar()),
            base_mutation_id: fc.option(fc.integer({ min: -1, max: 60 }), { nil: undefined }),
            mutations: fc.array(mutation, { maxLength: 6 }),
          },
          { requiredKeys: ['client_id', 'mutations'] },
        )
        .map((b) => JSON.stringify(b)),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        '',
        '{',
        '[]',
        'null',
        '"x"',
        '{"a":}',
        '\u0000',
        '[['.repeat(5000),
        '{"__proto__":{"admin":true}}',
        'true',
      ),
    },
  );

  const pathPart = () =>
    fc.oneof(
      { weight: 2, arbitrary: victimId() },
      { weight: 4, arbitrary: ownId() },
      { weight: 1, arbitrary: fc.string({ maxLength: 12 }).map((s) => encodeURIComponent(s) || 'x') },
      { weight: 1, arbitrary: fc.constantFrom('car_loan', 'events', '%00', '..', 'compare', '%E0%A4%A', '%ZZ', '%') },
    );
  // A valid body of the route with one or two fields replaced or dropped: reaches the services' deeper checks.
  const nearValid = fc.array(fc.tuple(fc.constantFrom(...FIELDS), value(), fc.boolean()), {
    minLength: 1,
    maxLength: 2,
  });
  const queryPart = fc.oneof(
    fc.constantFrom(
      '',
      '1',
      '5',
      '0',
      '-1',
      '51',
      '1e3',
      'abc',
      '2026-11-23',
      '99999999999999999999',
      '2.5',
      'car_loan',
    ),
    fc.string({ maxLength: 8 }).map(encodeURIComponent),
  );
  return { body, pathPart, queryPart, nearValid };
}

describe('fuzzing every endpoint', () => {
  it("never answers 500 to 2,500 random and malformed requests and never changes another user's data", async () => {
    const { body, pathPart, queryPart, nearValid } = arbitraries();
    const valid = validBodies();
    const before = await ownerSnapshot();
    let sent = 0;
    const statuses = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...ROUTES),
        pathPart(),
        pathPart(),
        queryPart,
        queryPart,
        fc.oneof(body, nearValid),
        async ([method, template], id, id2, q, q2, choice) => {
          let payload: string;
          if (typeof choice === 'string') payload = choice;
          else {
            const base: Record<string, unknown> = { ...(valid[template] ?? {}) };
            for (const [field, v, drop] of choice) {
              if (drop) delete base[field];
              else base[field] = v;
            }
            payload = JSON.stringify(base);
          }
          const path = template.replace('{id}', id).replace('{id2}', id2).replace('{q}', q).replace('{q2}', q2);
          const r = await call('intruder', method, path, method === 'GET' || method === 'DELETE' ? undefined : payload);
          sent += 1;
          statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
          if (r.status >= 500) throw new Error(`${method} ${path} ${payload.slice(0, 300)} -> ${r.status} ${r.text}`);
          if (r.status !== 204) {
            const parsed = r.json() as { detail?: unknown };
            if (r.status >= 400) expect(parsed.detail, `${method} ${path} -> ${r.text}`).toBeDefined();
          }
        },
      ),
      { numRuns: 2500 },
    );
    expect(sent).toBe(2500);
    // Both accepted and refused requests happened (the fuzz reached the services, not only the parsers).
    expect([...statuses.keys()].some((s) => s < 300)).toBe(true);
    expect([...statuses.keys()].some((s) => s === 422)).toBe(true);
    expect(await ownerSnapshot()).toEqual(before);
    console.log(
      `fuzz: ${sent} requests; statuses ${JSON.stringify(Object.fromEntries([...statuses].sort(([a], [b]) => a - b)))}`,
    );
  }, 600_000);
});
