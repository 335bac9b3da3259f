// A loopback HTTP proxy between simulated devices and the API server that injects faults into a share of the
// requests: drops (before or after the server saw them), 500/503/429 answers (before or after), delays,
// duplicates, and late re-deliveries (a request answered with an error now and delivered again later, so it
// reaches the server out of order). Counts what it did.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';

export type FaultKind =
  | 'drop-before'
  | 'drop-after'
  | 'error-500'
  | 'error-503'
  | 'error-429'
  | 'error-after-503'
  | 'delay'
  | 'duplicate'
  | 'reorder';

export const FAULT_KINDS: ReadonlyArray<FaultKind> = [
  'drop-before',
  'drop-after',
  'error-500',
  'error-503',
  'error-429',
  'error-after-503',
  'delay',
  'duplicate',
  'reorder',
];

export type FaultStats = { requests: number; faults: Record<FaultKind, number> };

export type FaultConfig = {
  /** Share of requests that get a fault (0 turns faults off). */
  rate: number;
  random: () => number;
};

export type ProxyHooks = {
  /** Runs after the server answered a forwarded request and before the answer goes back (a kill point). */
  afterForward?: (path: string) => Promise<'deliver' | 'drop'> | 'deliver' | 'drop';
};

export type FaultProxy = { url: string; hooks: ProxyHooks; close: () => Promise<void> };

export function newStats(): FaultStats {
  return { requests: 0, faults: Object.fromEntries(FAULT_KINDS.map((k) => [k, 0])) as Record<FaultKind, number> };
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

type Forwarded = { status: number; headers: Record<string, string>; body: Buffer };

async function readAll(req: IncomingMessage): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of req) parts.push(part as Buffer);
  return Buffer.concat(parts);
}

/** Starts a proxy to `target`; `config` and `stats` are shared objects the test changes and reads. */
export async function startFaultProxy(
  target: string,
  config: FaultConfig,
  stats: FaultStats,
  pending: Set<Promise<unknown>>,
): Promise<FaultProxy> {
  const hooks: ProxyHooks = {};

  const forward = async (req: IncomingMessage, body: Buffer): Promise<Forwarded> => {
    const headers: Record<string, string> = {};
    for (const name of ['authorization', 'content-type', 'accept']) {
      const value = req.headers[name];
      if (typeof value === 'string') headers[name] = value;
    }
    const response = await fetch(`${target}${req.url}`, {
      method: req.method,
      headers,
      body: body.length > 0 ? new Uint8Array(body) : undefined,
    });
    return {
      status: response.status,
      headers: { 'content-type': response.headers.get('content-type') ?? 'application/json' },
      body: Buffer.from(await response.arrayBuffer()),
    };
  };

  // Late deliveries run in the background; the test waits for them before it checks the server.
  const later = (fn: () => Promise<unknown>) => {
    const p = fn().catch(() => undefined);
    pending.add(p);
    void p.finally(() => pending.delete(p));
  };

  const reply = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
  };
  const destroy = (res: ServerResponse) => res.socket?.destroy();

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const body = await readAll(req);
    stats.requests += 1;
    const path = (req.url ?? '').split('?')[0];
    const faulty = config.rate > 0 && config.random() < config.rate;
    const kind = faulty ? FAULT_KINDS[Math.floor(config.random() * FAULT_KINDS.length)] : null;
    if (kind) stats.faults[kind] += 1;

    const deliver = async (answer: Forwarded) => {
      const decision = hooks.afterForward ? await hooks.afterForward(path) : 'deliver';
      if (decision === 'drop') return destroy(res);
      res.writeHead(answer.status, answer.headers).end(answer.body);
    };

    switch (kind) {
      case 'drop-before':
        return destroy(res);
      case 'drop-after':
        await forward(req, body);
        return destroy(res);
      case 'error-500':
        return reply(res, 500, { detail: 'Internal server error' });
      case 'error-503':
        return reply(res, 503, { detail: 'Service unavailable' });
      case 'error-429':
        return reply(res, 429, { detail: 'Too many requests' }, { 'retry-after': '0' });
      case 'error-after-503':
        await forward(req, body);
        return reply(res, 503, { detail: 'Service unavailable' });
      case 'delay':
        await sleep(5 + Math.floor(config.random() * 60));
        return deliver(await forward(req, body));
      case 'duplicate': {
        // Both copies reach the server at once; the device sees one answer.
        const [first] = await Promise.all([forward(req, body), forward(req, body)]);
        return deliver(first);
      }
      case 'reorder': {
        // Answered with a network-level failure now; the request itself arrives later, after the device's retry.
        const wait = 30 + Math.floor(config.random() * 150);
        later(async () => {
          await sleep(wait);
          await forward(req, body);
        });
        return destroy(res);
      }
      default:
        return deliver(await forward(req, body));
    }
  };

  const server: Server = createServer((req, res) => {
    handle(req, res).catch(() => destroy(res));
  });
  server.keepAliveTimeout = 1;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no proxy address');
  return {
    url: `http://127.0.0.1:${address.port}`,
    hooks,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
