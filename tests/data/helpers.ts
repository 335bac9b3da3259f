// Test helpers for the data layer: a fresh per-test database (its own name) and a stepping clock.
import { WyrdDb } from '../../src/data/db';

export function freshDb(label = 'data'): WyrdDb {
  return new WyrdDb(`${label}-${crypto.randomUUID()}`);
}

/** A clock that returns 2026-11-21T10:00:00.000Z, then one second later on each call. */
export function steppingClock(start = '2026-11-21T10:00:00.000Z'): () => string {
  let t = Date.parse(start);
  return () => {
    const out = new Date(t).toISOString();
    t += 1000;
    return out;
  };
}
