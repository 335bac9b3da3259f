// The push's request body, built a slice of mutations per task (pushBody), is exactly the UTF-8 of one
// JSON.stringify of the request; and the API client sends a caller's JSON bytes as they are, on every attempt.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pushBody } from '../../src/data/sync/push';
import { createApiClient } from '../../src/lib/http/api-client';
import type { Mutation } from '../../src/data/sync/protocol';

const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

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
          expect(text(await pushBody(request, yieldToMain))).toBe(JSON.stringify(request));
        },
      ),
      { numRuns: 60 },
    );
    // A batch of several slices (fast-check's lists are mostly short) hands the thread back between them.
    yields = 0;
    const many = fc.sample(mutation, { numRuns: 250, seed: 7 });
    const request = { client_id: 'device-1', mutations: many };
    expect(text(await pushBody(request, yieldToMain))).toBe(JSON.stringify(request));
    expect(yields).toBe(2);
  });
});

describe('the API client with a JSON bytes body', () => {
  it('sends the bytes unchanged as application/json, the same bytes on a retry', async () => {
    const sent: { body: unknown; type: string | null }[] = [];
    const api = createApiClient({
      baseUrl: 'http://api.test',
      retry: { baseDelayMs: 1, maxDelayMs: 2 },
      getToken: async () => 'token-1',
      fetch: async (_url, init) => {
        sent.push({ body: init?.body, type: new Headers(init?.headers).get('content-type') });
        return sent.length === 1
          ? new Response('{"detail":"busy"}', { status: 503, headers: { 'content-type': 'application/json' } })
          : new Response('{"ok":true}', { status: 200, headers: { 'content-type': 'application/json' } });
      },
    });
    const jsonBytes = new TextEncoder().encode('{"client_id":"c","mutations":[]}');
    expect(await api.request('POST', '/sync/push', { jsonBytes })).toEqual({ ok: true });
    expect(sent).toEqual([
      { body: jsonBytes, type: 'application/json' },
      { body: jsonBytes, type: 'application/json' },
    ]);
  });
});
