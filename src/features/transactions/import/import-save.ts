// Writing a confirmed import: payee rules give categories, rows are written in chunks (each its own Dexie
// transaction, written a slice per task, with a yield to the browser between chunks) so no main-thread task runs
// long, then transfers between the user's accounts are linked. Nothing is written before the user confirms.
import { applyPayeeRules } from '../../../../worker/engine/index';
import type { WyrdDb } from '../../../data/db';
import { newId } from '../../../data/ids';
import { holdSync } from '../../../data/sync/sync-service';
import { yieldToMain } from '../../../data/yield-to-main';
import { measured } from '../../../lib/perf/user-timing';
import { listRules, type TransactionRow } from '../tx-store';
import {
  linkTransfers,
  prepareImportChunk,
  undoImport,
  writeImportChunk,
  type NewBatch,
  type NewTransaction,
  type PreparedImportChunk,
} from '../tx-writes';
import type { ImportPreview } from './import-preview';
import type { PlannedRow } from './import-types';

/**
 * Rows per Dexie transaction. Each commit costs round trips to IndexedDB, so chunks are large; the repository
 * hands a chunk to IndexedDB a few hundred rows per task, and the browser gets a turn between chunks.
 */
export const SAVE_CHUNK = 5_000;

/** The first chunk is small: its validation is the only one not hidden behind a write. */
export const FIRST_CHUNK = 1_000;

export type SaveResult = { batchId: string; added: number; ids: string[]; transfers: number };

export async function saveConfirmedImport(
  db: WyrdDb,
  args: {
    accountId: string;
    preview: ImportPreview;
    rows: PlannedRow[];
    now?: string;
    onProgress?: (done: number, total: number) => void;
  },
): Promise<SaveResult> {
  const { accountId, preview, rows } = args;
  // The engine's rule matching: a rule names a payee (case-insensitive, trimmed).
  const categorised = applyPayeeRules(rows, await listRules(db));
  const batchId = newId();
  const formats = new Set(preview.files.map((f) => f.format));
  const banks = new Set(preview.files.map((f) => f.bank));
  let first: string | null = null;
  let last: string | null = null;
  for (const r of rows) {
    if (first === null || r.date < first) first = r.date;
    if (last === null || r.date > last) last = r.date;
  }
  const batch: NewBatch & { id: string } = {
    id: batchId,
    account_id: accountId,
    imported_at: args.now ?? new Date().toISOString(),
    file_names: preview.files.map((f) => f.file_name).slice(0, 50),
    format: formats.size === 1 ? (preview.files[0]?.format as NewBatch['format']) : 'csv',
    bank: banks.size === 1 ? (preview.files[0]?.bank ?? 'generic') : 'mixed',
    row_count: rows.length,
    skipped_count: preview.files.reduce((n, f) => n + f.skipped.length, 0),
    first_date: first,
    last_date: last,
  };
  const saved: TransactionRow[] = [];
  const chunkEnd = (start: number) => (start === 0 ? FIRST_CHUNK : start + SAVE_CHUNK);
  const chunkAt = (start: number): NewTransaction[] =>
    categorised.slice(start, chunkEnd(start)).map((r) => ({
      account_id: accountId,
      date: r.date,
      amount_cents: r.amount_cents,
      description: r.description,
      payee: r.payee,
      category_id: r.category_id,
      note: null,
      bank_id: r.bank_id,
      balance_cents: r.balance_cents,
      batch_id: batchId,
      fingerprint: r.fingerprint,
      transfer_id: null,
      recurring_item_id: null,
      reconciled: false,
    }));
  // The batch is written with the first chunk only; the later chunks add rows to it.
  const prepare = (start: number): Promise<PreparedImportChunk> =>
    measured('wyrd:import:validate', () => prepareImportChunk(batch, chunkAt(start), start === 0));
  // The import is pushed once it is all written (see holdSync), not a part at a time while it is written.
  const release = holdSync();
  try {
    let pending = prepare(0);
    for (let start = 0; start < rows.length || start === 0; start = chunkEnd(start)) {
      const chunk = await pending;
      // The next chunk is validated (on this thread, a slice per task) while IndexedDB writes this one: the page
      // is mostly waiting on IndexedDB during a write, so the validation costs no time of its own.
      const nextStart = chunkEnd(start);
      if (nextStart < rows.length) {
        pending = prepare(nextStart);
        pending.catch(() => undefined); // awaited on the next turn of the loop
      }
      saved.push(...(await measured('wyrd:import:write-chunk', () => writeImportChunk(db, chunk))));
      args.onProgress?.(Math.min(rows.length, nextStart), rows.length);
      await yieldToMain();
      if (rows.length === 0) break;
    }
    const transfers = await measured('wyrd:import:transfers', () => linkTransfers(db, saved));
    return { batchId, added: saved.length, ids: saved.map((t) => t.id), transfers };
  } catch (err) {
    // All or nothing, as the screen says ("Nothing was imported"): the chunks already written are undone (their
    // queued creates followed by deletes, before the held sync pushes any of them).
    if (saved.length > 0) await undoImport(db, batchId).catch(() => undefined);
    throw err;
  } finally {
    release();
  }
}
