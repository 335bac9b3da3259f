// A simulated device: its own IndexedDB (fake-indexeddb factory), the user's real Dexie database and the real
// sync engine talking to the API through its own fault proxy. It can go offline, and be killed mid-push and
// restarted (same IndexedDB, new database handle and engine). Records every acknowledged mutation.
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { WyrdDb } from '../../../src/data/db';
import { ensureDefaultCategories } from '../../../src/data/default-categories';
import type { Mutation, MutationResult, PushResponse } from '../../../src/data/sync/protocol';
import { SyncEngine, type RoundOutcome } from '../../../src/data/sync/sync-engine';
import { createApiClient, type ApiClient } from '../../../src/lib/http/api-client';

export type Ack = { device: string; mutation: Mutation; result: MutationResult };

export type DeviceOptions = {
  name: string;
  userId: string;
  apiUrl: string;
  token: () => string;
  acks: Ack[];
};

export class SimDevice {
  readonly name: string;
  readonly factory = new IDBFactory();
  db!: WyrdDb;
  engine!: SyncEngine;
  online = true;
  kills = 0;
  /** How requests leave the device (tests wrap it to drop, duplicate or replay). */
  transport: typeof fetch = (input, init) => fetch(input, init);
  private readonly opts: DeviceOptions;

  constructor(opts: DeviceOptions) {
    this.name = opts.name;
    this.opts = opts;
    this.open();
  }

  private recordingClient(inner: ApiClient): ApiClient {
    return {
      baseUrl: inner.baseUrl,
      request: async <T>(
        method: 'GET' | 'POST' | 'PUT' | 'DELETE',
        path: string,
        options?: Parameters<ApiClient['request']>[2],
      ) => {
        const answer = await inner.request<T>(method, path, options);
        if (path === '/sync/push') {
          const sent = new Map(
            // The push sends its body as UTF-8 JSON bytes (built a slice per task).
            (
              (
                JSON.parse(new TextDecoder().decode(options?.jsonBytes ?? new TextEncoder().encode('null'))) as {
                  mutations?: Mutation[];
                } | null
              )?.mutations ?? []
            ).map((m) => [m.mutation_id, m]),
          );
          for (const result of (answer as unknown as PushResponse).results) {
            const mutation = sent.get(result.mutation_id);
            if (mutation && result.status === 'applied') this.opts.acks.push({ device: this.name, mutation, result });
          }
        }
        return answer;
      },
    };
  }

  open(): void {
    this.db = new WyrdDb(this.opts.userId, { indexedDB: this.factory, IDBKeyRange });
    const api = createApiClient({
      baseUrl: this.opts.apiUrl,
      getToken: async () => this.opts.token(),
      // A device without network fails like fetch does.
      fetch: (input, init) =>
        this.online ? this.transport(input, init) : Promise.reject(new TypeError('fetch failed')),
      retry: { baseDelayMs: 2, maxDelayMs: 20 },
    });
    this.engine = new SyncEngine({
      db: this.db,
      api: this.recordingClient(api),
      // Rounds are driven by the test; automatic retries would only add noise.
      retryDelaysMs: [3_600_000],
      pull: { pageSize: 200, chunkSize: 100, yieldToMain: async () => undefined },
    });
  }

  /** The first sign-in on this device: sync, then the default categories (same ids on every device). */
  async signIn(): Promise<void> {
    await this.engine.sync();
    await ensureDefaultCategories(this.db);
  }

  sync(): Promise<RoundOutcome> {
    return this.engine.sync();
  }

  /** The process dies: the round in flight is abandoned and the database handle closed. */
  kill(): void {
    this.kills += 1;
    this.engine.stop();
    this.db.close();
  }

  restart(): void {
    this.open();
  }

  async close(): Promise<void> {
    this.engine.stop();
    this.db.close();
  }
}
