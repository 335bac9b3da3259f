// A small in-memory stand-in for the API's sync endpoints (same wire format and rules: per-client last
// mutation id, one change sequence, tombstones, must-refetch), as a fetch function, for fast engine tests.
import type { Change, Mutation, MutationResult } from '../../../src/data/sync/protocol';

type Stored = { entity: string; id: string; seq: number; deleted: boolean; body: Record<string, unknown> };

export type FakeServer = {
  fetch: typeof fetch;
  rows: Map<string, Stored>;
  /** Answers queued for the next requests (status codes; 0 = network failure). */
  failNext: number[];
  /** Refuses a mutation: return the status and detail. */
  reject?: (m: Mutation) => { code: number; detail: unknown } | null;
  /** The next pull answers 409 must-refetch. */
  mustRefetch: boolean;
  /** Tokens accepted; a request with another answers 401. */
  validTokens: Set<string>;
  requests: { method: string; path: string; auth: string | null; body?: unknown }[];
  /** A write from "another device": a new sequence value. */
  write: (entity: string, id: string, body: Record<string, unknown> | null) => void;
  live: () => Map<string, Record<string, unknown>>;
};

export function fakeServer(): FakeServer {
  let seq = 0;
  let clock = Date.parse('2026-11-23T00:00:00.000Z');
  const lastMutation = new Map<string, number>();
  const results = new Map<string, MutationResult>();
  const server: FakeServer = {
    rows: new Map(),
    failNext: [],
    mustRefetch: false,
    validTokens: new Set(['token-1']),
    requests: [],
    write(entity, id, body) {
      const key = `${entity}/${id}`;
      const at = new Date((clock += 1000)).toISOString();
      if (body === null) {
        const row = server.rows.get(key);
        if (row && !row.deleted) server.rows.set(key, { ...row, deleted: true, seq: ++seq });
      } else {
        server.rows.set(key, { entity, id, seq: ++seq, deleted: false, body: { ...body, id, updated_at: at } });
      }
    },
    live() {
      const out = new Map<string, Record<string, unknown>>();
      for (const [key, row] of server.rows) if (!row.deleted) out.set(key, row.body);
      return out;
    },
    fetch: async (input, init) => {
      const url = new URL(String(input));
      const auth = new Headers(init?.headers).get('authorization');
      const body = init?.body ? (JSON.parse(bodyText(init.body)) as unknown) : undefined;
      server.requests.push({ method: init?.method ?? 'GET', path: url.pathname, auth, body });
      const failure = server.failNext.shift();
      if (failure === 0) throw new TypeError('fetch failed');
      const json = (status: number, value: unknown) =>
        new Response(JSON.stringify(value), { status, headers: { 'content-type': 'application/json' } });
      if (failure) return json(failure, { detail: `HTTP ${failure}` });
      if (!auth || !server.validTokens.has(auth.replace(/^Bearer /, '')))
        return json(401, { detail: 'Invalid or expired token' });
      if (url.pathname === '/sync/push') {
        const { client_id, mutations } = body as { client_id: string; mutations: Mutation[] };
        const out: MutationResult[] = [];
        for (const m of mutations) {
          const rkey = `${client_id}/${m.mutation_id}`;
          if (m.mutation_id <= (lastMutation.get(client_id) ?? 0)) {
            out.push({ ...(results.get(rkey) ?? { mutation_id: m.mutation_id, status: 'applied' }), replayed: true });
            continue;
          }
          const refusal = server.reject?.(m);
          let result: MutationResult;
          if (refusal) result = { mutation_id: m.mutation_id, client_id, status: 'rejected', ...refusal };
          else {
            server.write(m.entity, m.id, m.op === 'delete' ? null : (m.payload as Record<string, unknown>));
            result = { mutation_id: m.mutation_id, client_id, status: 'applied' };
          }
          lastMutation.set(client_id, m.mutation_id);
          results.set(rkey, result);
          out.push(result);
        }
        return json(200, { client_id, results: out });
      }
      if (url.pathname === '/sync/pull') {
        if (server.mustRefetch) {
          server.mustRefetch = false;
          return json(409, { detail: 'The cursor is older than the kept deletions.', must_refetch: true });
        }
        const since = Number(url.searchParams.get('since') ?? 0);
        const limit = Number(url.searchParams.get('limit') ?? 1000);
        const all = [...server.rows.values()].filter((r) => r.seq > since).sort((a, b) => a.seq - b.seq);
        const page = all.slice(0, limit);
        const changes: Change[] = page.map((r) => ({
          entity: r.entity as Change['entity'],
          id: r.id,
          seq: r.seq,
          op: r.deleted ? 'delete' : 'upsert',
          payload: r.deleted ? { id: r.id, deleted_at: r.body.updated_at } : r.body,
        }));
        return json(200, {
          changes,
          cursor: page.length ? page[page.length - 1].seq : since,
          more: all.length > limit,
        });
      }
      return json(404, { detail: 'Not found' });
    },
  };
  return server;
}

/** A request body as text: a string as it is, bytes (the push's UTF-8 JSON) decoded. */
export function bodyText(body: BodyInit): string {
  if (typeof body === 'string') return body;
  if (body instanceof Uint8Array || body instanceof ArrayBuffer) return new TextDecoder().decode(body);
  throw new Error('the fake server reads string and byte bodies only');
}
