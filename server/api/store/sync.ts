// The sync protocol (docs/api.md "Sync"): push applies a device's mutations in order through the same
// services as the REST routes, in one transaction per batch with each result and the device's last mutation id;
// pull returns the user's changes and tombstones after a cursor, ordered by the change sequence.
import { and, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  AssumptionsInputSchema,
  isSyncEntity,
  MutationSchema as ContractMutationSchema,
  PushRequestSchema,
  type Account,
  type MutationResult,
  type PullResponse,
  type RecurringItem,
  type SyncEntity,
} from '../../../worker/engine/index';
import type { Database } from '../../db/client';
import { ENTITY_NAMES, meta, syncClients, syncResults } from '../../db/schema';
import { ApiError, invalid, parseInput } from '../errors';
import { ClientIdSchema } from '../inputs';
import * as ledger from './ledger';
import { WriteBatch, insertRows } from './batch';
import { PURGE_HORIZON_KEY, getAny, putEntity, selectRows, tombstone, withUserTx, type WriteContext } from './rows';
import * as scenarios from './scenarios';
import * as txStore from './transactions';

export const MAX_BATCH = 1000;
export const MAX_PULL = 10_000;
export const DEFAULT_PULL = 1000;

// The contract's messages (worker/engine/model/sync.ts) with this server's limits: id lengths and batch size.
const MutationSchema = ContractMutationSchema.extend({
  client_id: ClientIdSchema.optional(),
  id: ClientIdSchema,
});
export const PushInputSchema = PushRequestSchema.extend({
  client_id: ClientIdSchema,
  mutations: z.array(MutationSchema).max(MAX_BATCH, `at most ${MAX_BATCH} mutations a batch`),
});
export type Mutation = z.infer<typeof MutationSchema>;
export type { MutationResult };

const payloadOf = (m: Mutation): Record<string, unknown> => ledger.requireObject(m.payload ?? {});
const withId = (m: Mutation) => ({ ...payloadOf(m), id: m.id });

/** Accounts and recurring items an event created come from the event: the server regenerates them itself. */
async function isDerived(
  tx: Database,
  entity: 'accounts' | 'recurring_items',
  sub: string,
  m: Mutation,
): Promise<boolean> {
  if (
    m.op !== 'delete' &&
    typeof m.payload === 'object' &&
    m.payload !== null &&
    (m.payload as { scenario_event_id?: unknown }).scenario_event_id
  )
    return true;
  const stored = await getAny<Account | RecurringItem>(tx, entity, sub, m.id);
  return !!stored?.body.scenario_event_id;
}

type Outcome = Pick<MutationResult, 'note'> | void;

/** The services of the records a synced write creates or updates (by whether the server has it live). */
type RecordServices = {
  create: (tx: Database, ctx: WriteContext, input: unknown, mode: ledger.CreateMode) => Promise<unknown>;
  update: (tx: Database, ctx: WriteContext, id: string, input: unknown) => Promise<unknown>;
  remove: (tx: Database, ctx: WriteContext, id: string) => Promise<void>;
};

const RECORDS: Record<'accounts' | 'recurring_items' | 'categories' | 'scenarios', RecordServices> = {
  accounts: ledger.accounts,
  recurring_items: ledger.recurringItems,
  categories: ledger.categories,
  scenarios: { create: scenarios.createScenario, update: scenarios.updateScenario, remove: scenarios.deleteScenario },
};

async function applyRecord(
  svc: RecordServices,
  tx: Database,
  ctx: WriteContext,
  m: Mutation,
  live: boolean,
): Promise<Outcome> {
  if (m.op === 'delete') return svc.remove(tx, ctx, m.id);
  await (live ? svc.update(tx, ctx, m.id, payloadOf(m)) : svc.create(tx, ctx, withId(m), 'sync'));
}

/** Applies one mutation with the REST routes' services; throws ApiError to reject it. */
async function applyMutation(tx: Database, ctx: WriteContext, m: Mutation): Promise<Outcome> {
  const entity = m.entity;
  if (!isSyncEntity(entity))
    throw invalid(['body', 'entity'], `unknown entity "${m.entity}" (one of ${ENTITY_NAMES.join(', ')})`);
  const stored = await getAny<Record<string, unknown>>(tx, entity, ctx.sub, m.id);
  const live = !!stored && !stored.deleted;
  if (m.op === 'delete' && !live) return { note: 'already_deleted' };
  if (m.op === 'update' && stored?.deleted)
    throw new ApiError(404, `This ${entity.replace(/s$/, '').replace('_', ' ')} was deleted.`);

  switch (entity) {
    case 'accounts':
    case 'recurring_items':
      if (await isDerived(tx, entity, ctx.sub, m)) return { note: 'derived' };
      return applyRecord(RECORDS[entity], tx, ctx, m, live);
    case 'categories':
    case 'scenarios':
      return applyRecord(RECORDS[entity], tx, ctx, m, live);
    case 'events': {
      if (m.op === 'delete') return scenarios.deleteEvent(tx, ctx, null, m.id);
      const scenarioId = live ? (stored.body.scenario_id as string) : payloadOf(m).scenario_id;
      if (typeof scenarioId !== 'string' || scenarioId === '') throw invalid(['body', 'scenario_id'], 'is required');
      await scenarios.saveEvent(tx, ctx, scenarioId, withId(m), live ? m.id : undefined, 'sync');
      return;
    }
    case 'modifications': {
      if (m.op === 'delete') return scenarios.deleteModification(tx, ctx, null, m.id);
      const scenarioId = live ? (stored.body.scenario_id as string) : payloadOf(m).scenario_id;
      if (typeof scenarioId !== 'string' || scenarioId === '') throw invalid(['body', 'scenario_id'], 'is required');
      const { created_at: _c, ...payload } = payloadOf(m);
      await scenarios.createModification(tx, ctx, scenarioId, payload, 'sync', m.id);
      return;
    }
    // Plain last-writer-wins records: the device sends the whole record; a write replaces the server's copy.
    case 'transactions':
      if (m.op === 'delete') return txStore.deleteTransaction(tx, ctx, m.id);
      await txStore.createTransaction(tx, ctx, withId(m), 'sync');
      return;
    case 'import_batches':
      if (m.op === 'delete') {
        await txStore.deleteImportBatch(tx, ctx, m.id, false);
        return;
      }
      await txStore.saveImportBatch(tx, ctx, withId(m), 'sync');
      return;
    case 'payee_rules':
      if (m.op === 'delete') return txStore.deletePayeeRule(tx, ctx, m.id);
      await txStore.createPayeeRule(tx, ctx, withId(m), 'sync');
      return;
    case 'assumptions': {
      if (m.id !== scenarios.ASSUMPTIONS_ID) throw invalid(['body', 'id'], `must be "${scenarios.ASSUMPTIONS_ID}"`);
      if (m.op === 'delete') {
        await tombstone(tx, 'assumptions', ctx, m.id);
        return;
      }
      const { id: _id, ...fields } = payloadOf(m);
      const body = parseInput(AssumptionsInputSchema, { ...fields, updated_at: ctx.at });
      await putEntity(tx, 'assumptions', ctx, { ...body, id: m.id });
      return;
    }
  }
}

/** A batch that arrived before an earlier one of the same client (409; nothing applied). */
export class OutOfOrderError extends Error {
  constructor(readonly lastMutationId: number) {
    super(`An earlier batch of this client has not been applied yet: resend from mutation ${lastMutationId + 1}.`);
  }
}

export type PushResult = { client_id: string; last_mutation_id: number; results: MutationResult[] };

const resultKey = (clientId: string, mutationId: number) => `${clientId}\u0000${mutationId}`;

/**
 * Applies a batch in order, in one transaction holding the user's lock. The batch's clients, the stored results
 * of its replayed ids and the rows it names are read up front; each mutation runs against the batch's rows behind
 * an in-memory savepoint (a rejected one leaves nothing behind); then the changed rows, every result and each
 * client's last id are written together, so a result is never recorded without its change or the other way round.
 */
export async function push(db: Database, sub: string, body: unknown, now: () => string): Promise<PushResult> {
  const batch = parseInput(PushInputSchema, ledger.requireObject(body));
  // Ids never fall within a batch (per client), else a later one would hide an earlier one as a replay.
  const seen = new Map<string, number>();
  batch.mutations.forEach((m, i) => {
    const clientId = m.client_id ?? batch.client_id;
    const previous = seen.get(clientId);
    if (previous !== undefined && m.mutation_id < previous) {
      throw invalid(
        ['body', 'mutations', i, 'mutation_id'],
        'must not be below the previous mutation id of its client in the batch',
      );
    }
    seen.set(clientId, m.mutation_id);
  });
  return withUserTx(db, sub, async (tx) => {
    const clientIds = [...new Set([batch.client_id, ...seen.keys()])];
    const last = new Map(clientIds.map((id) => [id, 0]));
    for (const row of await tx
      .select({ clientId: syncClients.clientId, last: syncClients.lastMutationId })
      .from(syncClients)
      .where(and(eq(syncClients.userSub, sub), inArray(syncClients.clientId, clientIds))))
      last.set(row.clientId, row.last);
    const lastBefore = new Map(last);
    if (batch.base_mutation_id !== undefined && batch.base_mutation_id > (last.get(batch.client_id) ?? 0))
      throw new OutOfOrderError(last.get(batch.client_id) ?? 0);

    // Results of ids applied before this batch (replays), by client, one query per client that has any.
    const stored = new Map<string, MutationResult>();
    for (const clientId of clientIds) {
      const replayed = batch.mutations
        .filter((m) => (m.client_id ?? batch.client_id) === clientId && m.mutation_id <= (last.get(clientId) ?? 0))
        .map((m) => m.mutation_id);
      if (replayed.length === 0) continue;
      for (const row of await tx
        .select({ mutationId: syncResults.mutationId, result: syncResults.result })
        .from(syncResults)
        .where(
          and(
            eq(syncResults.userSub, sub),
            eq(syncResults.clientId, clientId),
            inArray(syncResults.mutationId, [...new Set(replayed)]),
          ),
        ))
        stored.set(resultKey(clientId, row.mutationId), row.result as MutationResult);
    }

    const unit = new WriteBatch(tx, sub);
    const named = new Map<SyncEntity, Set<string>>();
    for (const m of batch.mutations) {
      const entity = m.entity;
      if (!isSyncEntity(entity) || m.mutation_id <= (lastBefore.get(m.client_id ?? batch.client_id) ?? 0)) continue;
      if (!named.has(entity)) named.set(entity, new Set());
      named.get(entity)?.add(m.id);
      if (m.op !== 'delete') unit.announce(entity, m.id);
    }
    // The accounts and categories the batch's bank records name are read with the rest (one query per table).
    for (const m of batch.mutations) if (m.op !== 'delete') txStore.addReferences(named, m.entity, [m.payload]);
    await unit.preload(named);

    const results: MutationResult[] = [];
    const recorded: MutationResult[] = [];
    for (const m of batch.mutations) {
      const clientId = m.client_id ?? batch.client_id;
      const key = resultKey(clientId, m.mutation_id);
      if (m.mutation_id <= (last.get(clientId) ?? 0)) {
        const earlier = stored.get(key);
        const base: MutationResult = earlier ?? { mutation_id: m.mutation_id, client_id: clientId, status: 'applied' };
        results.push({ ...base, replayed: true });
        continue;
      }
      const ctx: WriteContext = { sub, at: now() };
      const mark = unit.mark();
      let outcome: MutationResult;
      try {
        const done = await applyMutation(unit.handle, ctx, m);
        outcome = { mutation_id: m.mutation_id, client_id: clientId, status: 'applied', ...(done ?? {}) };
      } catch (err) {
        // The in-memory savepoint: the rejected mutation's writes are undone, its result is still recorded.
        unit.rollbackTo(mark);
        if (!(err instanceof ApiError)) throw err;
        outcome = {
          mutation_id: m.mutation_id,
          client_id: clientId,
          status: 'rejected',
          code: err.status,
          detail: err.detail,
        };
      }
      last.set(clientId, m.mutation_id);
      stored.set(key, outcome);
      recorded.push(outcome);
      results.push(outcome);
    }

    await unit.flush();
    await insertRows(
      tx,
      syncResults,
      recorded.map((r) => ({
        userSub: sub,
        clientId: r.client_id,
        mutationId: r.mutation_id,
        status: r.code ?? 200,
        result: r,
      })),
      () => sql`on conflict do nothing`,
    );
    const advanced = clientIds.filter((id) => last.get(id) !== lastBefore.get(id));
    if (advanced.length > 0) {
      await tx
        .insert(syncClients)
        .values(advanced.map((clientId) => ({ userSub: sub, clientId, lastMutationId: last.get(clientId) ?? 0 })))
        .onConflictDoUpdate({
          target: [syncClients.userSub, syncClients.clientId],
          set: { lastMutationId: sql`excluded.last_mutation_id`, updatedAt: new Date() },
        });
    }
    return { client_id: batch.client_id, last_mutation_id: last.get(batch.client_id) ?? 0, results };
  });
}

const PullQuerySchema = z.object({
  since: z
    .string()
    .regex(/^\d{1,16}$/, 'must be a cursor from an earlier pull (a whole number), or 0')
    .default('0')
    .transform(Number),
  limit: z.coerce
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(MAX_PULL, `must be at most ${MAX_PULL}`)
    .default(DEFAULT_PULL),
});

export class MustRefetchError extends Error {}

/**
 * One page of the user's changes after `since` as the text of its `changes` array, with how many rows follow the
 * cursor (counted up to `limit + 1`: more than `limit` means more wait) and the seq of the page's last change.
 *
 * Each table gives its own first `limit + 1` changes, read in order on its (owner, seq) index, before the tables
 * are merged, so a page reads at most `limit + 1` rows a table however many follow the cursor. The planner is told
 * not to use a bitmap scan: without statistics for the user's rows (PGlite never analyzes on its own; PostgreSQL
 * not until autovacuum gets to a freshly filled table) it guesses a few dozen rows, fetches every row after the
 * cursor and sorts them, which made pulling 50,000 records in pages of 1,000 read 1.3 million rows.
 *
 * The database writes the page's JSON itself, the stored jsonb text copied in as each upsert's payload, and
 * answers one text value: handing back 1,000 rows of six columns for the server to decode and re-encode took
 * most of a page's time on PGlite. A tombstone's payload is `{id, deleted_at}`, its update time in the
 * `toISOString()` form (UTC, milliseconds).
 */
async function changesPage(
  db: Database,
  sub: string,
  since: number,
  limit: number,
): Promise<{ changes: string; rows: number; last: number | null }> {
  const parts = ENTITY_NAMES.map(
    (entity) =>
      sql`(select ${entity}::text as entity, id, seq, deleted, body, updated_at from ${sql.identifier(entity)} where user_sub = ${sub} and seq > ${since} order by seq limit ${limit + 1})`,
  );
  const [page] = await db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_bitmapscan = off`);
    return selectRows<{ changes: string | null; rows: string | number; last: string | number | null }>(
      tx,
      sql`select string_agg(change, ',' order by seq) filter (where n <= ${limit}) as changes,
                 count(*) as rows, max(seq) filter (where n <= ${limit}) as last
          from (
            select seq, row_number() over (order by seq) as n,
                   '{"entity":' || to_json(entity)::text || ',"id":' || to_json(id)::text || ',"seq":' || seq ||
                   case when deleted
                     then ',"op":"delete","payload":{"id":' || to_json(id)::text || ',"deleted_at":"' ||
                          to_char(updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') || '"}}'
                     else ',"op":"upsert","payload":' || body::text || '}'
                   end as change
            from (select * from (${sql.join(parts, sql` union all `)}) changes order by seq limit ${limit + 1}) page
          ) numbered`,
    );
  });
  return {
    changes: page?.changes ?? '',
    rows: Number(page?.rows ?? 0),
    last: page?.last == null ? null : Number(page.last),
  };
}

/** A query's cursor and limit, checked, after the must-refetch checks against the sequence and the purge horizon. */
async function pullWindow(
  db: Database,
  query: Record<string, string | undefined>,
): Promise<{ since: number; limit: number }> {
  const { since, limit } = parseInput(PullQuerySchema, query, ['query']);
  const [state] = await selectRows<{ last: string | number; called: boolean; horizon: string | null }>(
    db,
    sql`select last_value as last, is_called as called,
               (select value from meta where key = ${PURGE_HORIZON_KEY}) as horizon
        from change_seq`,
  );
  const high = state.called ? Number(state.last) : 0;
  if (since > high) throw new MustRefetchError('The cursor is ahead of this server (its data was restored or reset).');
  if (state.horizon !== null && since > 0 && since < Number(state.horizon))
    throw new MustRefetchError('The cursor is older than the kept deletions.');
  return { since, limit };
}

/**
 * The user's changes after `since`, oldest first, at most `limit`, with the next cursor and whether more wait, as
 * the JSON text the route sends (changesPage writes it).
 */
export async function pullJson(db: Database, sub: string, query: Record<string, string | undefined>): Promise<string> {
  const { since, limit } = await pullWindow(db, query);
  const page = await changesPage(db, sub, since, limit);
  return `{"changes":[${page.changes}],"cursor":${page.last ?? since},"more":${page.rows > limit}}`;
}

/** pullJson's answer as objects. */
export async function pull(
  db: Database,
  sub: string,
  query: Record<string, string | undefined>,
): Promise<PullResponse> {
  return JSON.parse(await pullJson(db, sub, query)) as PullResponse;
}

/** Drops tombstones at or below `seq` and records the horizon (pulls from older cursors must refetch). */
export async function purgeTombstones(db: Database, seq: number): Promise<void> {
  await db.transaction(async (tx) => {
    for (const entity of ENTITY_NAMES)
      await tx.execute(sql`delete from ${sql.identifier(entity)} where deleted and seq <= ${seq}`);
    await tx
      .insert(meta)
      .values({ key: PURGE_HORIZON_KEY, value: String(seq) })
      .onConflictDoUpdate({ target: meta.key, set: { value: String(seq) } });
  });
}
