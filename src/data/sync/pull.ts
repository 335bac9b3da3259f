// Pull: asks for every change after the stored cursor, page by page, and merges each page in small chunks
// (one transaction each, the cursor moving with its rows) so the main thread never blocks for long. A
// must-refetch answer (409 with must_refetch) or a requested re-sync pulls everything from the start and
// then removes local records the server no longer has, keeping every pending local change.
import type { PullResponse } from '../../../worker/engine/index';
import { ApiHttpError, type ApiClient } from '../../lib/http/api-client';
import type { WyrdDb } from '../db';
import { keyOf, mergeChunk, resolveDeferred, sweepMissing } from './merge';
import { syncHeaders } from './protocol';
import { readCursor, requestResync, resyncNeeded, SYNC_RESYNC_KEY } from './sync-meta';

export const PULL_PAGE = 1000;
/**
 * Changes merged per transaction: a whole page. Each transaction's commit is a round trip to IndexedDB, so fewer,
 * larger ones are faster; the merge writes a transaction's rows a slice per task (MERGE_SLICE), so no main-thread
 * task grows with the chunk.
 */
export const MERGE_CHUNK = 1000;

export type PullOptions = {
  pageSize?: number;
  chunkSize?: number;
  signal?: AbortSignal;
  /** Lets the browser paint and handle input between chunks. */
  yieldToMain?: () => Promise<void>;
  onProgress?: (pulled: number) => void;
};

export type PullSummary = { pulled: number; applied: number; deferred: number; pages: number; resynced: boolean };

export const defaultYield = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

export function isMustRefetch(error: unknown): boolean {
  if (!(error instanceof ApiHttpError) || error.status !== 409) return false;
  const body = error.body as { must_refetch?: unknown } | undefined;
  return body?.must_refetch === true;
}

async function pullFrom(
  db: WyrdDb,
  api: ApiClient,
  since: number,
  options: PullOptions,
  live: Set<string> | null,
  summary: PullSummary,
): Promise<void> {
  const pageSize = options.pageSize ?? PULL_PAGE;
  const chunkSize = options.chunkSize ?? MERGE_CHUNK;
  const yieldToMain = options.yieldToMain ?? defaultYield;
  const fetchPage = (from: number) => {
    const request = api.request<PullResponse>('GET', '/sync/pull', {
      query: { since: from, limit: pageSize },
      headers: syncHeaders(),
      signal: options.signal,
    });
    request.catch(() => undefined); // awaited when its turn comes; a failure is thrown then
    return request;
  };
  let cursor = since;
  let next = fetchPage(cursor);
  for (;;) {
    const page = await next;
    options.signal?.throwIfAborted();
    const changes = Array.isArray(page?.changes) ? page.changes : [];
    summary.pages += 1;
    // The next page is asked for while this one is merged (the server's time overlaps the device's); the stored
    // cursor still moves only with merged changes, so an interrupted pull resumes where the merge got to.
    const more = !!page?.more && changes.length > 0;
    if (more) next = fetchPage(page.cursor);
    for (let i = 0; i < changes.length; i += chunkSize) {
      const chunk = changes.slice(i, i + chunkSize);
      const last = i + chunkSize >= changes.length;
      const result = await mergeChunk(db, chunk, last ? page.cursor : chunk[chunk.length - 1].seq);
      if (live) {
        for (const c of chunk) {
          if (c.op === 'delete') live.delete(keyOf(c.entity, c.id));
          else live.add(keyOf(c.entity, c.id));
        }
      }
      summary.pulled += chunk.length;
      summary.applied += result.applied;
      summary.deferred += result.deferred;
      options.onProgress?.(summary.pulled);
      await yieldToMain();
      options.signal?.throwIfAborted();
    }
    if (changes.length === 0 && typeof page?.cursor === 'number' && page.cursor !== cursor)
      await mergeChunk(db, [], page.cursor);
    if (!more) return;
    cursor = page.cursor;
  }
}

/** Pulls everything after the cursor (or from the start when a re-sync is due) and merges it. */
export async function pullChanges(db: WyrdDb, api: ApiClient, options: PullOptions = {}): Promise<PullSummary> {
  const summary: PullSummary = { pulled: 0, applied: 0, deferred: 0, pages: 0, resynced: false };
  if (!(await resyncNeeded(db))) {
    try {
      await pullFrom(db, api, (await readCursor(db)) ?? 0, options, null, summary);
      await resolveDeferred(db);
      return summary;
    } catch (error) {
      if (!isMustRefetch(error)) throw error;
      await requestResync(db);
    }
  }
  // From scratch: the flag stays set until the sweep is done, so an interrupted re-sync starts over.
  const live = new Set<string>();
  summary.resynced = true;
  await pullFrom(db, api, 0, options, live, summary);
  await sweepMissing(db, live);
  await resolveDeferred(db);
  await db.meta.delete(SYNC_RESYNC_KEY);
  return summary;
}
