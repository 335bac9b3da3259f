// Runs the dashboard card's plan-versus-actual comparison in a worker (plan-actual.worker.ts), which reads the
// user's database itself; where workers are missing (tests' jsdom) it compares in the page, building on the
// kept ledger. One worker serves the page (it is never ended while a comparison could be in flight); it lets a
// database go when the page closes it (sign-out, leaving the example household).
import { wrap, type Remote } from 'comlink';
import type { WyrdDb } from '../db';
import { currentLedger } from '../ledger-source';
import { loadPlanActual, type PlanActual } from './plan-actual';

export type PlanActualApi = {
  compare(dbName: string, userId: string, today: string, count: number): Promise<PlanActual>;
  /** Closes the worker's connection to `dbName`; returns how many it still has open. */
  close(dbName: string): number;
};

let worker: { remote: Remote<PlanActualApi> } | null = null;
const watched = new WeakSet<WyrdDb>();

function remoteApi(): Remote<PlanActualApi> {
  if (!worker) {
    const raw = new Worker(new URL('./plan-actual.worker.ts', import.meta.url), {
      type: 'module',
      name: 'wyrd-plan-actual',
    });
    worker = { remote: wrap<PlanActualApi>(raw) };
  }
  return worker.remote;
}

function letGo(db: WyrdDb): void {
  void worker?.remote.close(db.name).catch(() => undefined);
}

/**
 * The comparison of the `count` complete months before `today`'s (loadPlanActual's), computed off the main
 * thread. An aborted `signal` (the card has gone) drops the answer.
 */
export async function comparePlanActual(
  db: WyrdDb,
  today: string,
  count: number,
  signal?: AbortSignal,
): Promise<PlanActual> {
  // A database the page has closed (sign-out, the example household left) is not opened again in the worker.
  if (db.hasBeenClosed()) return { months: [], aheadBy: 0, accountIds: [] };
  if (typeof Worker === 'undefined') return loadPlanActual(db, today, count, signal, currentLedger);
  const remote = remoteApi();
  if (!watched.has(db)) {
    watched.add(db);
    db.on('close', () => letGo(db));
  }
  const result = await remote.compare(db.name, db.userId, today, count);
  signal?.throwIfAborted();
  return result;
}
