// The push's request body, built a slice of mutations per task (pushBody), is exactly what one JSON.stringify of
// the request gives; and the API client sends a caller's JSON text as it is, once for every attempt.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pushBody } from '../../src/data/sync/push';
import { createApiClient } from '../../src/lib/http/api-client';
import type { Mutation } from '../../src/data/sync/protocol';

const mutation = fc.record(
  {
    mutation_id: fc.nat(),
    entity: fc.constantFrom('transactions', 'accounts', 'import_batches'),
    op: fc.constantFrom('create', 'update', 'delete'),
    id: fc.string({ minLength: 1 }),
    payload: fc.jsonValue(),
  },
  { requiredKeys: ['mutation_id', 'entity', 'op', 'id'] },
) as fc.Arbitrary<Mutation>;

describe('pushBody', () => {
  it('writes the same text as JSON.stringify of the request, for any batch size and slicing', async () => {
    let yields = 0;
    const yieldToMain = async () => {
      yields += 1;
    };
    await fc.assert(
      fc.asyncProperty(
        fc.string({ minLength: 1 }),
        fc.array(mutation, { maxLength: 350 }),
        fc.option(fc.nat(), { nil: undefined }),
        async (client_id, mutations, base) => {
          const request =
            base === undefined ? { client_id, mutations } : { client_id, base_mutation_id: base, mutations };
          expect(await pushBody(request, yieldToMain)).toBe(JSON.stringify(request));
        },
      ),
      { numRuns: 60 },
    );
    // A batch of several slices (fast-check's lists are mostly short) hands the thread back between them.
    yields = 0;
    const many = fc.sample(mutation, { numRuns: 250, seed: 7 });
    const request = { client_id: 'device-1', mutations: many };
    expect(await pushBody(request, yieldToMain)).toBe(JSON.stringify(request));
    expect(yields).toBe(2);
  });
});

describe('the API client with a JSON text body', () => {
  it('sends the text unchanged as application/json, the same text on a retry', async () => {
    const sent: { body: string; type: string | null }[] = [];
    const api = createApiClient({
      baseUrl: 'http://api.test',
      retry: { baseDelayMs: 1, maxDelayMs: 2 },
      getToken: async () => 'token-1',
      fetch: async (_url, init) => {
        sent.push({ body: String(init?.body), type: new Headers(init?.headers).get('content-type') });
        return sent.length === 1
          ? new Response('{"detail":"busy"}', { status: 503, headers: { 'content-type': 'application/json' } })
          : new Response('{"ok":true}', { status: 200, headers: { 'content-type': 'application/json' } });
      },
    });
    const json = '{"client_id":"c","mutations":[]}';
    expect(await api.request('POST', '/sync/push', { json })).toEqual({ ok: true });
    expect(sent).toEqual([
      { body: json, type: 'application/json' },
      { body: json, type: 'application/json' },
    ]);
  });
});
