// The typed client the import screens use to parse statements and plan imports off the main thread: one lazily
// created module worker wrapped by Comlink. Every call is async and takes and returns plain data.
import type { StatementWorkerApi } from './statement-worker-api';
import { workerClient, type WorkerClient } from './worker-client';

/** parseFiles, parseWithMapping and planImport, each returning a Promise. */
export type StatementClient = WorkerClient<StatementWorkerApi>;

const client = workerClient<StatementWorkerApi>(
  () => new Worker(new URL('./statement.worker.ts', import.meta.url), { type: 'module', name: 'wyrd-statement' }),
);

/** A new worker and its typed proxy. Call terminate() when done (tests, leaving the import screen). */
export const createStatementClient: () => StatementClient = client.create;

/** The app-wide statement worker, created on first use and kept for later calls. */
export const getStatementClient: () => StatementClient = client.get;

/** Stops the app-wide statement worker (tests, sign-out); the next getStatementClient() starts a new one. */
export const terminateStatementClient: () => void = client.terminate;
