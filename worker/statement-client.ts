// The typed client the import screens use to parse statements and plan imports off the main thread: one lazily
// created module worker wrapped by Comlink. Every call is async and takes and returns plain data.
import { wrap, type Remote } from 'comlink';
import type { StatementApi } from './statement-api';

/** parseFiles, parseWithMapping and planImport, each returning a Promise. */
export type StatementClient = Remote<StatementApi> & { terminate: () => void };

/** A new worker and its typed proxy. Call terminate() when done (tests, leaving the import screen). */
export function createStatementClient(): StatementClient {
  const worker = new Worker(new URL('./statement.worker.ts', import.meta.url), {
    type: 'module',
    name: 'wyrd-statement',
  });
  const remote = wrap<StatementApi>(worker);
  const terminate = () => worker.terminate();
  // Not Object.assign: a property set on a Comlink proxy is posted to the worker, and every property read
  // returns another remote path, so `terminate` has to be answered in front of the proxy.
  return new Proxy(remote, {
    get: (target, prop, receiver) => (prop === 'terminate' ? terminate : Reflect.get(target, prop, receiver)),
  }) as StatementClient;
}

let shared: StatementClient | null = null;

/** The app-wide statement worker, created on first use and kept for later calls. */
export function getStatementClient(): StatementClient {
  if (!shared) shared = createStatementClient();
  return shared;
}

/** Stops the app-wide statement worker (tests, sign-out); the next getStatementClient() starts a new one. */
export function terminateStatementClient(): void {
  shared?.terminate();
  shared = null;
}
