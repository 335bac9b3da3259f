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
      db = new WyrdDb(userId, undefined, dbName);
      open.set(dbName, db);
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
