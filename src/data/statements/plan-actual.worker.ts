// The dashboard card's plan-versus-actual comparison off the main thread: this worker opens the user's database
// (the same schema, read only) and runs loadPlanActual here, so neither the rows' deserialisation nor the engine's
// comparison (70-200 ms with two years of transactions) lands on a screen the user is moving to.
import { expose } from 'comlink';
import { WyrdDb } from '../db-schema';
import { loadPlanActual } from './plan-actual';
import type { PlanActualApi } from './plan-actual-runner';

const open = new Map<string, WyrdDb>();

const api: PlanActualApi = {
  compare(dbName, userId, today, count) {
    let db = open.get(dbName);
    if (!db) {
      const opened = new WyrdDb(userId, undefined, dbName);
      // Another connection upgrading or deleting the database (a new version of the app, the example household
      // removed): close for good, so a comparison in flight cannot reopen (and re-create) it; the next one opens
      // the database afresh.
      opened.on('versionchange', () => {
        opened.close();
        if (open.get(dbName) === opened) open.delete(dbName);
      });
      open.set(dbName, opened);
      db = opened;
    }
    return loadPlanActual(db, today, count);
  },
  close(dbName) {
    open.get(dbName)?.close();
    open.delete(dbName);
    return open.size;
  },
};

expose(api);
