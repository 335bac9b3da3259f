// The fetch that sends large bodies from a worker (src/lib/http/off-thread-fetch.ts), against a stand-in worker
// that runs the real worker side (serveFetch) with a fake fetch: what goes through the worker and what does not,
// the answer as a Response, network errors, aborts, and a worker that fails to start.
import { describe, expect, it } from 'vitest';
import {
  serveFetch,
  type FetchAbortMessage,
  type FetchReplyMessage,
  type FetchRequestMessage,
} from '../../src/lib/http/fetch-protocol';
import { createOffThreadFetch, OFF_THREAD_MIN_BYTES, type FetchWorkerPort } from '../../src/lib/http/off-thread-fetch';

type Seen = { url: string; method: string; headers: Headers; body: Uint8Array | null };

/** A worker stand-in: messages go to serveFetch with `server`, answers come back as message events. */
function standInWorker(server: (seen: Seen, signal: AbortSignal) => Promise<Response>) {
  const listeners: ((event: MessageEvent<FetchReplyMessage>) => void)[] = [];
  const errors: ((event: Event) => void)[] = [];
  const running = new Map<number, AbortController>();
  const received: FetchRequestMessage[] = [];
  const port: FetchWorkerPort = {
    postMessage(message: FetchRequestMessage | FetchAbortMessage) {
      if (message.kind === 'abort') return running.get(message.id)?.abort();
      received.push(message);
      const controller = new AbortController();
      running.set(message.id, controller);
      const fakeFetch = (async (url: string, init: RequestInit) =>
        server(
          {
            url,
            method: init.method ?? 'GET',
            headers: new Headers(init.headers),
            body: init.body ? new Uint8Array(init.body as ArrayBuffer) : null,
          },
          init.signal!,
        )) as unknown as typeof fetch;
      void serveFetch(message, fakeFetch, controller.signal).then((reply) => {
        for (const l of listeners) l(new MessageEvent('message', { data: reply }));
      });
    },
    addEventListener(type: 'message' | 'error', listener: (event: never) => void) {
      if (type === 'message') listeners.push(listener as (event: MessageEvent<FetchReplyMessage>) => void);
      else errors.push(listener as (event: Event) => void);
    },
  };
  return { port, received, fail: () => errors.forEach((l) => l(new Event('error'))) };
}

/** The direct fetch: records each URL it is asked for and answers `{}`. */
function directFetch(): { direct: string[]; fetch: typeof fetch } {
  const direct: string[] = [];
  const recording = (async (input: RequestInfo | URL) => {
    direct.push(String(input));
    return new Response('{}');
  }) as typeof fetch;
  return { direct, fetch: recording };
}

const big = () => new TextEncoder().encode(`{"pad":"${'x'.repeat(OFF_THREAD_MIN_BYTES)}"}`);

describe('offThreadFetch', () => {
  it('sends a large byte body through the worker and answers with a Response', async () => {
    const worker = standInWorker(
      async (seen) =>
        new Response(JSON.stringify({ got: seen.body?.byteLength, auth: seen.headers.get('authorization') }), {
          status: 201,
          headers: { 'content-type': 'application/json', etag: '"v1"' },
        }),
    );
    const { direct, fetch: recording } = directFetch();
    const f = createOffThreadFetch(() => worker.port, recording);
    const body = big();
    const response = await f('http://api.test/sync/push', {
      method: 'POST',
      headers: { Authorization: 'Bearer t', 'Content-Type': 'application/json' },
      body,
    });
    expect(response.status).toBe(201);
    expect(response.headers.get('etag')).toBe('"v1"');
    expect(await response.json()).toEqual({ got: body.byteLength, auth: 'Bearer t' });
    // The caller's bytes are still whole (a copy went to the worker), so a retry can send them again.
    expect(body.byteLength).toBeGreaterThan(OFF_THREAD_MIN_BYTES);
    expect(worker.received).toHaveLength(1);
    expect(worker.received[0].method).toBe('POST');
    expect(direct).toEqual([]);
  });

  it('sends small bodies, text bodies and GETs directly', async () => {
    const worker = standInWorker(async () => new Response('{}'));
    const { direct, fetch: recording } = directFetch();
    const f = createOffThreadFetch(() => worker.port, recording);
    await f('http://api.test/a', { method: 'POST', body: new TextEncoder().encode('{}') });
    await f('http://api.test/b', { method: 'POST', body: 'x'.repeat(OFF_THREAD_MIN_BYTES * 2) });
    await f('http://api.test/c');
    expect(direct).toEqual(['http://api.test/a', 'http://api.test/b', 'http://api.test/c']);
    expect(worker.received).toHaveLength(0);
  });

  it('answers a 304 without a body, rejects a network failure with a TypeError and an abort with its reason', async () => {
    let mode: 'not-modified' | 'down' | 'hang' = 'not-modified';
    const worker = standInWorker((_seen, signal) =>
      mode === 'not-modified'
        ? Promise.resolve(new Response(null, { status: 304 }))
        : mode === 'down'
          ? Promise.reject(new TypeError('fetch failed'))
          : new Promise((_resolve, reject) => signal.addEventListener('abort', () => reject(signal.reason))),
    );
    const f = createOffThreadFetch(() => worker.port);
    expect((await f('http://api.test/x', { method: 'POST', body: big() })).status).toBe(304);
    mode = 'down';
    await expect(f('http://api.test/x', { method: 'POST', body: big() })).rejects.toThrow(TypeError);
    mode = 'hang';
    const controller = new AbortController();
    const pending = f('http://api.test/x', { method: 'POST', body: big(), signal: controller.signal });
    controller.abort(new DOMException('stopped', 'AbortError'));
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    // Already aborted: nothing is sent.
    const sent = worker.received.length;
    await expect(
      f('http://api.test/x', { method: 'POST', body: big(), signal: controller.signal }),
    ).rejects.toMatchObject({
      name: 'AbortError',
    });
    expect(worker.received).toHaveLength(sent);
  });

  it('fails the waiting requests as network errors when the worker fails, then goes direct', async () => {
    const worker = standInWorker(() => new Promise<Response>(() => undefined));
    const { direct, fetch: recording } = directFetch();
    const f = createOffThreadFetch(() => worker.port, recording);
    const pending = f('http://api.test/x', { method: 'POST', body: big() });
    worker.fail();
    await expect(pending).rejects.toThrow(TypeError);
    await f('http://api.test/y', { method: 'POST', body: big() });
    expect(direct).toEqual(['http://api.test/y']);
  });

  it('uses fetch itself where there are no workers', async () => {
    const { direct, fetch: recording } = directFetch();
    const f = createOffThreadFetch(null, recording);
    await f('http://api.test/x', { method: 'POST', body: big() });
    expect(direct).toEqual(['http://api.test/x']);
  });

  it('fails a request whose answer no Response can hold, rather than leaving it waiting', async () => {
    let listener: ((event: MessageEvent<FetchReplyMessage>) => void) | null = null;
    const port: FetchWorkerPort = {
      postMessage(message: FetchRequestMessage | FetchAbortMessage) {
        if (message.kind !== 'fetch') return;
        const reply: FetchReplyMessage = {
          kind: 'response',
          id: message.id,
          status: 999,
          statusText: '',
          headers: [],
          body: null,
        };
        queueMicrotask(() => listener?.(new MessageEvent('message', { data: reply })));
      },
      addEventListener(type: 'message' | 'error', l: (event: never) => void) {
        if (type === 'message') listener = l as (event: MessageEvent<FetchReplyMessage>) => void;
      },
    };
    const f = createOffThreadFetch(() => port);
    await expect(f('http://api.test/x', { method: 'POST', body: big() })).rejects.toThrow(TypeError);
  });
});
