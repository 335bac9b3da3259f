// Push: sends the outbox in seq order (the seq is the mutation id, so a resent batch is recognised by the
// server and changes nothing; a slice row's changes have ids of their own), then, in one transaction, removes what
// the server acknowledged and parks what it rejected. Nothing leaves the outbox without the server's answer for it
// (except a reference whose record has since been deleted or written again: a later row carries the change).
import {
  isSyncRowEntity,
  type Mutation,
  type MutationResult,
  type PushRequest,
  type PushResponse,
  type SyncRowEntity,
} from '../../../worker/engine/index';
import { ApiHttpError, type ApiClient } from '../../lib/http/api-client';
import { rowTable, type WyrdDb } from '../db';
import type { OutboxEntity } from '../outbox';
import { expandRow, firstMutationId, isReference, isSlice, outboxFor, pendingChanges } from '../outbox';
import type { OutboxRow } from '../entities';
import { inSlices } from '../in-slices';
import { yieldToMain } from '../yield-to-main';
import { detailText, syncHeaders } from './protocol';
import { ensureClientId } from './sync-meta';
import type { SyncRejectionRow } from './sync-tables';

/**
 * Mutations per push request: the server takes up to 1,000 (and 1 MB) per request; a 10,000-row import syncs in
 * ten round trips. A body over the server's limit (413) halves the batch, so long payloads still get through.
 */
export const PUSH_BATCH = 1_000;

export type PushSummary = { sent: number; applied: number; rejected: number; batches: number };

/**
 * The server ignored the device's copy of an event-made record and keeps its own: once nothing else waits
 * for the record, go back to the server's copy (or remove it, if the server never had it). Queued as a
 * deferred change, so a newer copy arriving in the next pull replaces it.
 */
async function restoreServerCopy(db: WyrdDb, entity: string, id: string): Promise<void> {
  if (entity !== 'accounts' && entity !== 'recurring_items') return;
  if (await db.sync_deferred.get([entity, id])) return;
  const base = await db.sync_base.get([entity, id]);
  await db.sync_deferred.put(
    base
      ? { entity, entity_id: id, seq: base.seq, op: 'upsert', payload: base.payload }
      : { entity, entity_id: id, seq: 0, op: 'delete', payload: { id } },
  );
}

/** Mutations serialised per task when a push request's body is built (about 50 KB of JSON). */
const STRINGIFY_SLICE = 100;

/**
 * The push request's body as UTF-8 JSON, STRINGIFY_SLICE mutations serialised and encoded per task: one
 * JSON.stringify of a 1,000-row batch (about 550 KB) was a main-thread task of 40-70 ms, which a screen opened
 * during a sync waited behind. The bytes are exactly those of JSON.stringify(request).
 */
export async function pushBody(request: PushRequest, yieldEach: () => Promise<void>): Promise<Uint8Array<ArrayBuffer>> {
  const encoder = new TextEncoder();
  const { mutations, ...rest } = request;
  // The rest of the request as JSON.stringify writes it; its empty list (the closing `[]}`) is filled in.
  const head = JSON.stringify({ ...rest, mutations: [] });
  if (!head.endsWith('[]}')) throw new Error('A push request must end with its mutations');
  const parts: Uint8Array[] = [encoder.encode(`${head.slice(0, -3)}[`)];
  for (let i = 0; i < mutations.length; i += STRINGIFY_SLICE) {
    if (i > 0) await yieldEach();
    const text = mutations
      .slice(i, i + STRINGIFY_SLICE)
      // As JSON.stringify writes a list element that has no JSON form.
      .map((m) => JSON.stringify(m) ?? 'null')
      .join(',');
    parts.push(encoder.encode(i > 0 ? `,${text}` : text));
  }
  parts.push(encoder.encode(']}'));
  const bytes = new Uint8Array(parts.reduce((n, p) => n + p.byteLength, 0));
  let at = 0;
  for (const p of parts) {
    bytes.set(p, at);
    at += p.byteLength;
  }
  return bytes;
}

/** Rows read per task when the push reads the records its reference rows name. */
const READ_SLICE = 250;

/**
 * Gives reference rows (docs/sync.md "Reference rows") their payload: the record as stored now, read with one
 * bulkGet per entity. A reference row whose record is gone has nothing to send (the record's delete row, written
 * with the delete and so queued after it, is what the server needs), and one whose record was written again since
 * has a later row that sends the same record (supersededLater): both are returned in `gone` and leave the outbox
 * with the batch's answers. `rows` are changes as pendingChanges gives them (slice rows expanded).
 */
export async function resolveReferences(
  db: WyrdDb,
  rows: ReadonlyArray<OutboxRow>,
): Promise<{ rows: OutboxRow[]; gone: number[] }> {
  const refers = (r: OutboxRow) => isReference(r) && isSyncRowEntity(r.entity);
  const byEntity = new Map<SyncRowEntity, string[]>();
  const blocks = new Set<string>();
  for (const r of rows) {
    if (!refers(r)) continue;
    for (const key of r.blocks ?? []) blocks.add(key);
    const entity = r.entity as SyncRowEntity;
    const ids = byEntity.get(entity) ?? [];
    if (ids.length === 0) byEntity.set(entity, ids);
    ids.push(r.entity_id);
  }
  if (byEntity.size === 0) return { rows: [...rows], gone: [] };
  const current = new Map<string, unknown>();
  for (const [entity, ids] of byEntity) {
    // Sliced: one task asking for a thousand rows would be a long one. Transactions come from the account-month
    // blocks their slice rows name (tx-blocks.ts), a few records for a thousand rows.
    const found =
      entity === 'transactions'
        ? await db.transactions.bulkGetIn(ids, [...blocks])
        : (await inSlices(ids, READ_SLICE, (slice) => rowTable(db, entity).bulkGet([...slice]))).flat();
    found.forEach((row, i) => {
      if (row) current.set(`${entity}\u0000${ids[i]}`, row);
    });
  }
  const later = await supersededLater(db, rows, current);
  const resolved: OutboxRow[] = [];
  const gone: number[] = [];
  for (const r of rows) {
    if (!refers(r)) resolved.push(r);
    else {
      const payload = current.get(`${r.entity}\u0000${r.entity_id}`);
      if (payload === undefined || later.has(r.seq!)) gone.push(r.seq!);
      else resolved.push({ ...r, payload });
    }
  }
  return { rows: resolved, gone };
}

/**
 * The reference changes (by mutation id) whose record has a later change queued: the later one sends the record as
 * stored, so sending it here too would send the same state twice, and too early (it may name a record whose create
 * is queued behind it, which the server would refuse). Only records written since this change was queued (their
 * `updated_at` differs from its `created_at`) can have one, so a fresh import asks nothing; the queue is asked to be
 * sure.
 */
async function supersededLater(
  db: WyrdDb,
  rows: ReadonlyArray<OutboxRow>,
  current: ReadonlyMap<string, unknown>,
): Promise<Set<number>> {
  const suspects = rows.filter((r) => {
    if (!isReference(r)) return false;
    const stored = current.get(`${r.entity}\u0000${r.entity_id}`) as { updated_at?: unknown } | undefined;
    return stored !== undefined && stored.updated_at !== r.created_at;
  });
  const later = new Set<number>();
  if (suspects.length === 0) return later;
  const changes = await Promise.all(suspects.map((r) => outboxFor(db, r.entity as OutboxEntity, r.entity_id)));
  suspects.forEach((r, i) => {
    // A later row with its own payload (a refused change sent again) sends that payload, not the record: it does
    // not stand in for this one.
    if (changes[i].some((c) => c.seq! > r.seq! && (isReference(c) || c.op === 'delete'))) later.add(r.seq!);
  });
  return later;
}

/**
 * One mutation per outbox row, except that consecutive creates and updates of the same record (a burst of
 * saves) go as one: the last payload, under the last row's seq. Only rows next to each other are merged, so
 * nothing moves past another record's change, and the ids still rise in push order.
 */
export function toMutations(rows: ReadonlyArray<OutboxRow>): { mutations: Mutation[]; covers: Map<number, number[]> } {
  const mutations: Mutation[] = [];
  const covers = new Map<number, number[]>();
  for (const r of rows) {
    const prev = mutations[mutations.length - 1];
    if (prev && prev.op !== 'delete' && r.op !== 'delete' && prev.entity === r.entity && prev.id === r.entity_id) {
      const seqs = covers.get(prev.mutation_id)!;
      covers.delete(prev.mutation_id);
      prev.mutation_id = r.seq!;
      prev.payload = r.payload;
      covers.set(r.seq!, [...seqs, r.seq!]);
      continue;
    }
    mutations.push({
      mutation_id: r.seq!,
      entity: r.entity,
      op: r.op,
      id: r.entity_id,
      payload: r.payload,
    });
    covers.set(r.seq!, [r.seq!]);
  }
  return { mutations, covers };
}

/**
 * Records the server's answers: applied changes leave the outbox, rejected ones move to sync_rejections.
 * `covers` maps a mutation id to the changes it stood for (default: just its own). `sent` (the mutations as
 * sent) gives a rejected reference the payload it was sent with; `gone` are references with nothing to send
 * (resolveReferences), removed with the answers. A slice row leaves the outbox once all its changes are done; when
 * only its first ones are (a batch ended inside it), it keeps the rest.
 */
export async function recordResults(
  db: WyrdDb,
  results: ReadonlyArray<MutationResult>,
  at: string,
  covers?: ReadonlyMap<number, ReadonlyArray<number>>,
  sent?: { mutations: ReadonlyArray<Mutation>; gone: ReadonlyArray<number> },
): Promise<{ applied: number; rejected: number }> {
  const sentMutation = new Map(sent?.mutations.map((m) => [m.mutation_id, m]));
  const gone = sent?.gone ?? [];
  let lo = Infinity;
  let hi = -Infinity;
  const answered = results.flatMap((r) => covers?.get(r.mutation_id) ?? [r.mutation_id]);
  for (const seq of [...answered, ...gone]) {
    lo = Math.min(lo, seq);
    hi = Math.max(hi, seq);
  }
  if (lo > hi) return { applied: 0, rejected: 0 };
  return db.transaction('rw', [db.outbox, db.sync_rejections, db.sync_deferred, db.sync_base], async () => {
    // A batch is the oldest changes of the outbox, so its rows are exactly those from its lowest id on whose ids
    // start at or below its highest (a slice row is stored under its last id): one range read and (usually) one
    // range delete, not a request per row.
    const inSpan = await db.outbox.where(':id').between(lo, hi, true, true).toArray();
    const next = await db.outbox.where(':id').above(hi).first();
    if (next && firstMutationId(next) <= hi) inSpan.push(next);
    const changes = new Map<number, OutboxRow>();
    for (const row of inSpan) for (const c of expandRow(row)) changes.set(c.seq!, c);
    const done: number[] = [...gone];
    const parked: SyncRejectionRow[] = [];
    const settledKeys: [string, string][] = [];
    const lastApplied = new Map<string, number>();
    const derived: OutboxRow[] = [];
    let applied = 0;
    for (const result of results) {
      const row = changes.get(result.mutation_id);
      if (!row) continue; // already recorded (a duplicated answer)
      done.push(...(covers?.get(result.mutation_id) ?? [result.mutation_id]));
      if (result.status === 'applied') {
        applied += 1;
        settledKeys.push([row.entity, row.entity_id]);
        const k = `${row.entity}\u0000${row.entity_id}`;
        lastApplied.set(k, Math.max(lastApplied.get(k) ?? 0, result.mutation_id));
        if (result.note === 'derived') derived.push(row);
        continue;
      }
      parked.push({
        mutation_id: result.mutation_id,
        entity: row.entity as OutboxEntity,
        entity_id: row.entity_id,
        op: row.op,
        payload: row.payload ?? sentMutation.get(result.mutation_id)?.payload,
        code: result.code ?? 422,
        detail: result.detail ?? null,
        message: detailText(result.detail),
        rejected_at: at,
      });
    }
    const doneSet = new Set(done);
    const removed: number[] = [];
    const shortened: OutboxRow[] = [];
    for (const row of inSpan) {
      const ids = expandRow(row).map((c) => c.seq!);
      const k = ids.findIndex((id) => !doneSet.has(id));
      if (k === -1) removed.push(row.seq!);
      // Only its first changes are done: the row keeps the rest under the same ids (it is keyed by its last).
      else if (k > 0 && isSlice(row) && ids.slice(k).every((id) => !doneSet.has(id)))
        shortened.push({ ...row, refs: row.refs.slice(k) });
    }
    if (removed.length === inSpan.length)
      await db.outbox
        .where(':id')
        .between(inSpan[0].seq!, inSpan[inSpan.length - 1].seq!, true, true)
        .delete();
    else await db.outbox.bulkDelete(removed);
    if (shortened.length > 0) await db.outbox.bulkPut(shortened);
    // Refusals are rare: skip the index walk over every applied record when there are none.
    if (settledKeys.length > 0 && (await db.sync_rejections.count()) > 0) {
      // A later change to the record got through: earlier refusals of it are settled.
      const older = await db.sync_rejections.where('[entity+entity_id]').anyOf(settledKeys).toArray();
      const settled = older.filter((r) => r.mutation_id < (lastApplied.get(`${r.entity}\u0000${r.entity_id}`) ?? 0));
      await db.sync_rejections.bulkDelete(settled.map((r) => r.mutation_id));
    }
    if (parked.length > 0) await db.sync_rejections.bulkPut(parked);
    for (const row of derived) await restoreServerCopy(db, row.entity, row.entity_id);
    return { applied, rejected: parked.length };
  });
}

/** One batch ready to send: its mutations, the references with nothing to send, and its last mutation id. */
type PreparedBatch = {
  last: number;
  mutations: Mutation[];
  covers: Map<number, number[]>;
  gone: number[];
};

/** Reads the next `size` changes (after mutation id `afterId`, else the oldest) and builds their mutations. */
async function prepareBatch(db: WyrdDb, size: number, afterId?: number): Promise<PreparedBatch | null> {
  const queued = await pendingChanges(db, size, afterId);
  if (queued.length === 0) return null;
  const { rows, gone } = await resolveReferences(db, queued);
  const { mutations, covers } = toMutations(rows);
  return { last: queued[queued.length - 1].seq!, mutations, covers, gone };
}

/**
 * Pushes every outbox row in batches until the outbox is empty or a request fails (the error propagates;
 * unanswered rows stay in the outbox). `signal` ends it early (sign-out, a stopped engine).
 *
 * Requests go one at a time, in mutation id order, as the protocol requires; only the reading of the next batch
 * overlaps the server's work on this one (measured: of a 10,000-row import's ten pushes, a third of each round
 * trip was the device reading and building the next batch after the answer came). A batch read early is the
 * queue as it stood then: a change queued meanwhile has a later mutation id and goes in a later batch, as it
 * would had it been queued while this batch was on its way. A failed request drops the batch read ahead.
 */
export async function pushOutbox(
  db: WyrdDb,
  api: ApiClient,
  options: { batchSize?: number; signal?: AbortSignal; now?: () => string } = {},
): Promise<PushSummary> {
  const summary: PushSummary = { sent: 0, applied: 0, rejected: 0, batches: 0 };
  let batchSize = options.batchSize ?? PUSH_BATCH;
  const clientId = await ensureClientId(db);
  let readAhead: Promise<PreparedBatch | null> | null = null;
  for (;;) {
    const batch = await (readAhead ?? prepareBatch(db, batchSize));
    readAhead = null;
    if (!batch) return summary;
    const { mutations, covers, gone } = batch;
    if (mutations.length === 0) {
      // Only references with nothing to send (records deleted or written again since: later rows carry them).
      await recordResults(db, [], '', undefined, { mutations: [], gone });
      continue;
    }
    let response: PushResponse;
    const jsonBytes = await pushBody({ client_id: clientId, mutations }, yieldToMain);
    const sending = api.request<PushResponse>('POST', '/sync/push', {
      jsonBytes,
      headers: syncHeaders(),
      signal: options.signal,
    });
    const next = prepareBatch(db, batchSize, batch.last);
    // Dropped unread when the request fails: its own failure (a closed database) then surfaces in the next round.
    next.catch(() => undefined);
    try {
      response = await sending;
    } catch (error) {
      // Too large a body (413): send smaller batches, down to one mutation, rather than stall.
      if (error instanceof ApiHttpError && error.status === 413 && batchSize > 1) {
        batchSize = Math.max(1, Math.floor(batchSize / 2));
        continue;
      }
      throw error;
    }
    options.signal?.throwIfAborted();
    const results = Array.isArray(response?.results) ? response.results : [];
    const { applied, rejected } = await recordResults(
      db,
      results,
      (options.now ?? (() => new Date().toISOString()))(),
      covers,
      { mutations, gone },
    );
    summary.sent += mutations.length;
    summary.applied += applied;
    summary.rejected += rejected;
    summary.batches += 1;
    // Rows the server did not answer (it never should) wait for the next round rather than loop here.
    const answered = new Set(results.map((r) => r.mutation_id));
    if (mutations.some((m) => !answered.has(m.mutation_id))) return summary;
    readAhead = next;
  }
}
