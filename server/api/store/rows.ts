// Generic reads and writes of the entity tables: every write takes the next change sequence value and keeps
// deleted rows as tombstones; every write transaction first takes its user's lock so one user's sequence
// numbers follow commit order (what makes the sync cursor safe). Given a sync batch's handle (batch.ts), every
// function here reads and writes the batch's rows in memory instead.
import { gzipSync } from 'node:zlib';
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { ENTITY_TABLES, type EntityName } from '../../db/schema';
import { MAX_ID_LENGTH } from '../inputs';
import { notFound } from '../errors';
import {
  batchOf,
  entityTable as table,
  inJsonList,
  rowsOf,
  toStored,
  type LiveFilter,
  type StoredRow,
  type WriteContext,
} from './batch';

export type { StoredRow, WriteContext };

/** Runs fn in one transaction holding the user's write lock. */
export function withUserTx<T>(db: Database, sub: string, fn: (tx: Database) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${sub}))`);
    return fn(tx);
  });
}

export async function nextSeq(tx: Database): Promise<number> {
  const batch = batchOf(tx);
  if (batch) return batch.nextSeq();
  return Number((await selectRows<{ v: string | number }>(tx, sql`select nextval('change_seq') as v`))[0].v);
}

/** db.execute's rows for both drivers (PGlite answers {rows}, postgres-js an array). */
export async function selectRows<T>(db: Database, query: SQL): Promise<T[]> {
  return rowsOf<T>(await db.execute(query));
}

/** The sync batch behind `db` (which must be for this user), if any. */
function batchFor(db: Database, sub: string) {
  const batch = batchOf(db);
  if (batch && batch.sub !== sub) throw new Error('A sync batch serves one user only.');
  return batch;
}

/** The row, live or tombstone, or undefined when the user never had it. */
export async function getAny<T>(
  db: Database,
  entity: EntityName,
  sub: string,
  id: string,
): Promise<StoredRow<T> | undefined> {
  // Ids no client could have stored (PostgreSQL text cannot hold NUL): absent, without asking the database.
  if (id.length > MAX_ID_LENGTH || id.includes('\u0000')) return undefined;
  const batch = batchFor(db, sub);
  if (batch) return (await batch.getAny(entity, id)) as StoredRow<T> | undefined;
  const t = table(entity);
  const [row] = await db
    .select()
    .from(t)
    .where(and(eq(t.userSub, sub), eq(t.id, id)))
    .limit(1);
  return row ? toStored<T>(row as Record<string, unknown>) : undefined;
}

/** The live entity or undefined (another user's ids and tombstones look the same: absent). */
export async function getLive<T>(db: Database, entity: EntityName, sub: string, id: string): Promise<T | undefined> {
  const row = await getAny<T>(db, entity, sub, id);
  return row && !row.deleted ? row.body : undefined;
}

/** The live entity, or 404 `<what> not found` (another user's ids and tombstones look the same: absent). */
export async function requireLive<T>(
  db: Database,
  entity: EntityName,
  sub: string,
  id: string,
  what: string,
): Promise<T> {
  const row = await getLive<T>(db, entity, sub, id);
  if (!row) throw notFound(what);
  return row;
}

/**
 * Which of the ids the user has, live or deleted (an id absent from the answer: never had, or another user's).
 * One query for all of them; in a sync batch, the batch's rows (read once, with the batch's own writes), where a
 * record the user never had but a mutation of the batch creates counts as live even before that mutation: the
 * app sends a queued transaction as it is stored when it pushes, so it may name a category whose create is
 * queued after it.
 */
export async function rowStates(
  db: Database,
  entity: EntityName,
  sub: string,
  ids: string[],
): Promise<Map<string, 'live' | 'deleted'>> {
  const wanted = ids.filter((id) => id.length <= MAX_ID_LENGTH && !id.includes('\u0000'));
  const states = new Map<string, 'live' | 'deleted'>();
  const batch = batchFor(db, sub);
  if (batch) {
    await batch.preload(new Map([[entity, new Set(wanted)]]));
    for (const id of wanted) {
      const row = await batch.getAny(entity, id);
      if (row) states.set(id, row.deleted ? 'deleted' : 'live');
      else if (batch.isAnnounced(entity, id)) states.set(id, 'live');
    }
    return states;
  }
  if (wanted.length === 0) return states;
  const t = table(entity);
  const rows = await db
    .select({ id: t.id, deleted: t.deleted })
    .from(t)
    .where(and(eq(t.userSub, sub), inJsonList(t.id, wanted)));
  for (const row of rows) states.set(row.id as string, row.deleted ? 'deleted' : 'live');
  return states;
}

const FILTER_COLUMNS = { scenarioId: 'scenario_id', scenarioEventId: 'scenario_event_id' } as const;

/** Live entities of the user, optionally filtered on an extra column (scenario_id, scenario_event_id). */
export async function listLive<T>(db: Database, entity: EntityName, sub: string, filter?: LiveFilter): Promise<T[]> {
  const batch = batchFor(db, sub);
  if (batch) return (await batch.listLive(entity, filter)) as T[];
  const t = table(entity);
  const conditions = [eq(t.userSub, sub), eq(t.deleted, false)];
  if (filter) conditions.push(sql`${sql.identifier(FILTER_COLUMNS[filter.column])} = ${filter.value}`);
  const order = entity === 'modifications' ? asc(ENTITY_TABLES.modifications.position) : asc(t.seq);
  const rows = await db
    .select({ body: t.body })
    .from(t)
    .where(and(...conditions))
    .orderBy(order);
  return rows.map((r) => r.body as T);
}

/** Inserts or replaces the entity (clearing a tombstone) with the next change sequence value. */
export async function putEntity<T extends { id: string }>(
  tx: Database,
  entity: EntityName,
  ctx: WriteContext,
  body: T,
  extra: Record<string, unknown> = {},
): Promise<T> {
  const batch = batchFor(tx, ctx.sub);
  if (batch) {
    await batch.put(entity, ctx, body, extra);
    return body;
  }
  const t = table(entity);
  const now = new Date(ctx.at);
  const values = {
    userSub: ctx.sub,
    id: body.id,
    seq: sql`nextval('change_seq')`,
    deleted: false,
    body,
    createdAt: now,
    updatedAt: now,
    ...extra,
  };
  const { createdAt: _c, userSub: _u, id: _i, ...set } = values;
  await tx
    .insert(t)
    .values(values)
    .onConflictDoUpdate({ target: [t.userSub, t.id], set });
  return body;
}

/** Marks a live row deleted (a tombstone with a new sequence value); false when there was nothing live. */
export async function tombstone(tx: Database, entity: EntityName, ctx: WriteContext, id: string): Promise<boolean> {
  const batch = batchFor(tx, ctx.sub);
  if (batch) return batch.tombstone(entity, ctx, id);
  const t = table(entity);
  const done = await tx
    .update(t)
    .set({ deleted: true, seq: sql`nextval('change_seq')`, updatedAt: new Date(ctx.at) })
    .where(and(eq(t.userSub, ctx.sub), eq(t.id, id), eq(t.deleted, false)))
    .returning({ id: t.id });
  return done.length > 0;
}

// The list endpoints' answers, per user and table, kept while the table's newest change sequence value for that
// user and the tombstone purge horizon are unchanged: every write and tombstone takes a new sequence value, and a
// purge (which can lower the newest value) moves the horizon, so a changed list never matches.
const LIST_CACHE_LIMIT = 500;

/** Tombstones at or below this sequence value may have been purged: older cursors must refetch. */
export const PURGE_HORIZON_KEY = 'tombstone_purge_seq';

/** A list answer: its JSON text and UTF-8 bytes, its ETag, and its gzip encoding (made on first use, then kept). */
export type CachedList = {
  etag: string;
  json: string;
  bytes: Uint8Array<ArrayBuffer>;
  gzip: () => Uint8Array<ArrayBuffer>;
};

// One cache per database: a process may serve several (the tests do), whose sequences can coincide.
const listCaches = new WeakMap<Database, Map<string, { version: string; list: Promise<CachedList> }>>();

/** A version's ETag. Weak: the same list may be encoded differently (gzip or not) under the same tag. */
export const etagOf = (version: string) => `W/"${version}"`;

/** A list answer for `version` from its JSON text. */
export function cachedList(version: string, json: string): CachedList {
  let gzipped: Uint8Array<ArrayBuffer> | undefined;
  const bytes = Buffer.from(json);
  return {
    etag: etagOf(version),
    json,
    bytes,
    gzip: () => (gzipped ??= gzipSync(bytes, { level: 6 })),
  };
}

// Concurrent reads of one user's list share their version check: a request waits for the next check that starts
// after it arrived (never one already running, which could miss a write committed just before the request), so
// at most two checks per list are in flight however many requests wait.
type Flight = { current?: Promise<string>; queued?: Promise<string> };
const flights = new WeakMap<Database, Map<string, Flight>>();

function sharedCheck(db: Database, key: string, check: () => Promise<string>): Promise<string> {
  let byKey = flights.get(db);
  if (!byKey) flights.set(db, (byKey = new Map()));
  let flight = byKey.get(key);
  if (!flight) byKey.set(key, (flight = {}));
  const state = flight;
  const start = (): Promise<string> => {
    const running: Promise<string> = check().finally(() => {
      if (state.current === running) state.current = undefined;
      if (!state.current && !state.queued && byKey.get(key) === state) byKey.delete(key);
    });
    state.current = running;
    return running;
  };
  if (!state.current) return start();
  state.queued ??= state.current
    .then(
      () => undefined,
      () => undefined,
    )
    .then(() => {
      state.queued = undefined;
      return start();
    });
  return state.queued;
}

/**
 * The version of the user's rows of one table: its newest change sequence value for the user (on the (user, seq)
 * index) and the tombstone purge horizon. Any write, delete or purge that could change what a list of the table
 * shows changes it. Concurrent checks of one user's table are shared (sharedCheck).
 */
export function tableVersion(db: Database, entity: EntityName, sub: string): Promise<string> {
  const t = table(entity);
  return sharedCheck(db, `${entity}\u0000${sub}`, async () => {
    const [latest] = await selectRows<{ seq: string | number | null; horizon: string | null }>(
      db,
      sql`select (select max(${t.seq}) from ${t} where ${t.userSub} = ${sub}) as seq,
                 (select value from meta where key = ${PURGE_HORIZON_KEY}) as horizon`,
    );
    return `${entity}-${latest?.seq == null ? 0 : Number(latest.seq)}-${latest?.horizon ?? 0}`;
  });
}

/**
 * The user's live entities as a JSON array, straight from the stored jsonb text (no parse and re-serialise),
 * served from the cache when nothing changed since: the list endpoints are the API's hottest reads. One cheap
 * query (tableVersion) decides.
 */
export async function listLiveCached(db: Database, entity: EntityName, sub: string): Promise<CachedList> {
  const t = table(entity);
  const key = `${entity}\u0000${sub}`;
  const version = await tableVersion(db, entity, sub);
  let listCache = listCaches.get(db);
  if (!listCache) listCaches.set(db, (listCache = new Map()));
  const cached = listCache.get(key);
  if (cached && cached.version === version) return cached.list;
  // Requests that find the same new version share one read of the rows.
  const list = db
    .select({ body: sql<string>`${t.body}::text` })
    .from(t)
    .where(and(eq(t.userSub, sub), eq(t.deleted, false)))
    .orderBy(asc(t.seq))
    .then((rows) => cachedList(version, `[${rows.map((r) => r.body).join(',')}]`));
  const cache = listCache;
  cache.delete(key);
  cache.set(key, { version, list });
  if (cache.size > LIST_CACHE_LIMIT) cache.delete(cache.keys().next().value as string);
  list.catch(() => {
    if (cache.get(key)?.list === list) cache.delete(key);
  });
  return list;
}

/** The user's live entities as JSON text (listLiveCached's text). */
export async function listLiveJson(db: Database, entity: EntityName, sub: string): Promise<string> {
  return (await listLiveCached(db, entity, sub)).json;
}
