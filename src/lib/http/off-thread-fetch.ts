// A fetch whose large request bodies are sent from a worker (fetch.worker.ts): handing a body of hundreds of
// kilobytes to fetch costs the calling thread tens of milliseconds (measured in Chromium: 35-55 ms for a sync
// push's 600 KB of JSON as a string, 15-30 ms as bytes), a long task for a screen opened during a sync. Small
// requests, and any runtime without workers (the service worker's Background Sync, tests), use fetch itself.
import {
  NULL_BODY_STATUSES,
  type FetchAbortMessage,
  type FetchReplyMessage,
  type FetchRequestMessage,
} from './fetch-protocol';

/** Request bodies from this size (bytes) go through the worker. */
export const OFF_THREAD_MIN_BYTES = 64 * 1024;

/** What the page needs of a worker (a real Worker, or a stand-in in tests). */
export type FetchWorkerPort = {
  postMessage(message: FetchRequestMessage | FetchAbortMessage, transfer?: Transferable[]): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<FetchReplyMessage>) => void): void;
  addEventListener(type: 'error', listener: (event: Event) => void): void;
  terminate?(): void;
};

const bytesOf = (body: RequestInit['body']): Uint8Array | null =>
  body instanceof Uint8Array ? body : body instanceof ArrayBuffer ? new Uint8Array(body) : null;

function abortError(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('The operation was aborted.', 'AbortError');
}

/**
 * A fetch that sends requests with a byte body of OFF_THREAD_MIN_BYTES or more through the worker `start()`
 * gives (started on first use and kept); everything else, and everything after the worker fails to start, goes to
 * `direct`. The answer is a Response like fetch's; a network failure rejects with a TypeError, an abort with the
 * signal's reason, as fetch does.
 */
export function createOffThreadFetch(
  start: (() => FetchWorkerPort) | null,
  direct: typeof fetch = (input, init) => fetch(input, init),
): typeof fetch {
  let port: FetchWorkerPort | null = null;
  let broken = false;
  let nextId = 1;
  const waiting = new Map<number, { resolve: (r: Response) => void; reject: (e: unknown) => void }>();

  const connect = (): FetchWorkerPort | null => {
    if (port || broken || !start) return port;
    try {
      const p = start();
      p.addEventListener('message', (event) => {
        const reply = event.data;
        const call = waiting.get(reply.id);
        if (!call) return;
        waiting.delete(reply.id);
        if (reply.kind === 'error') {
          call.reject(
            reply.name === 'AbortError' ? new DOMException(reply.message, 'AbortError') : new TypeError(reply.message),
          );
          return;
        }
        const body = NULL_BODY_STATUSES.has(reply.status) ? null : reply.body;
        try {
          call.resolve(
            new Response(body, { status: reply.status, statusText: reply.statusText, headers: reply.headers }),
          );
        } catch (error) {
          // An answer no Response can hold (a status outside 200-599 from a proxy): a failed request, not a hang.
          call.reject(new TypeError(error instanceof Error ? error.message : 'Unreadable response'));
        }
      });
      // A worker that cannot start (a blocked script): its requests fail as network errors, the API client
      // retries them, and from then on requests go direct.
      // An uncaught error in a running worker fires the same event: that worker is stopped too.
      p.addEventListener('error', () => {
        broken = true;
        port = null;
        p.terminate?.();
        for (const [id, call] of waiting) {
          waiting.delete(id);
          call.reject(new TypeError('The request worker stopped'));
        }
      });
      port = p;
    } catch {
      broken = true;
    }
    return port;
  };

  return (input, init) => {
    const bytes = bytesOf(init?.body);
    const worker = bytes && bytes.byteLength >= OFF_THREAD_MIN_BYTES && typeof input === 'string' ? connect() : null;
    if (!worker || !bytes) return direct(input, init);
    const signal = init?.signal ?? null;
    if (signal?.aborted) return Promise.reject(abortError(signal));
    const id = nextId++;
    return new Promise<Response>((resolve, reject) => {
      const onAbort = () => {
        if (!waiting.delete(id)) return;
        worker.postMessage({ kind: 'abort', id });
        reject(abortError(signal!));
      };
      waiting.set(id, {
        resolve: (r) => {
          signal?.removeEventListener('abort', onAbort);
          resolve(r);
        },
        reject: (e) => {
          signal?.removeEventListener('abort', onAbort);
          reject(e);
        },
      });
      signal?.addEventListener('abort', onAbort, { once: true });
      // A copy is handed over (transferred): the API client sends the same bytes again on a retry.
      const body = bytes.slice().buffer;
      worker.postMessage(
        {
          kind: 'fetch',
          id,
          // Absolute: the worker would resolve a relative URL against its own script.
          url: new URL(input as string, globalThis.location?.href).href,
          method: init?.method ?? 'GET',
          headers: [...new Headers(init?.headers)],
          body,
        },
        [body],
      );
    });
  };
}

/** The app's fetch for the sync engine: large bodies from a module worker where the runtime has workers. */
export const offThreadFetch: typeof fetch = createOffThreadFetch(
  typeof Worker === 'function'
    ? () => new Worker(new URL('./fetch.worker.ts', import.meta.url), { type: 'module', name: 'wyrd-fetch' })
    : null,
);
