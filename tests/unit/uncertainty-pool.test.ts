// The uncertainty worker pool's logic with in-process workers (the same API each real worker exposes): the merged
// result equals a single-threaded run whatever the pool size and chunk size, progress, cancel and failures.
import { describe, expect, it, vi } from 'vitest';
import { runUncertainty, type UncertaintyRequest } from '../../worker/engine/index';
import { createInProcessTrialWorker } from '../../worker/uncertainty-api';
import { batchBuffers, type TrialWorker } from '../../worker/uncertainty-protocol';
import {
  createTrialPool,
  defaultChunkSize,
  defaultPoolSize,
  trialChunks,
  WARM_CHUNK,
  WARM_TRIALS,
  type UncertaintyProgress,
} from '../../src/lib/forecast/uncertainty-pool';
import { COMPARE_AS_OF, compareBackup } from '../ui/compare-fixture';

const request: UncertaintyRequest = {
  as_of: COMPARE_AS_OF,
  years: 5,
  trials: 120,
  seed: 7,
  scenario_ids: ['sc-base', 'sc-loss', 'sc-side'],
  goal: { amount: 650_000, date: '2030-06-30' },
};

/** In-process workers that also count what the pool asks of them. */
function countingSpawn() {
  const spawned: Array<{ index: number; terminated: boolean; batches: number; loads: number; merged: number[] }> = [];
  const spawn = (index: number): TrialWorker => {
    const inner = createInProcessTrialWorker();
    const record = { index, terminated: false, batches: 0, loads: 0, merged: [] as number[] };
    spawned.push(record);
    return {
      load: (key, profile) => {
        record.loads++;
        return inner.load(key, profile);
      },
      trialBatch: (key, req, range) => {
        record.batches++;
        return inner.trialBatch(key, req, range);
      },
      merge: (req, batches) => {
        record.merged.push(req.trials);
        // As the real client does: the batches' arrays move to the worker, leaving the caller's detached.
        return inner.merge(req, structuredClone(batches, { transfer: batchBuffers(batches.flat()) }));
      },
      terminate: () => {
        record.terminated = true;
      },
    };
  };
  return { spawn, spawned };
}

describe('uncertainty pool', () => {
  it('sizes the pool at hardware concurrency less one, at least two, and chunks the trials', () => {
    expect(defaultPoolSize(undefined)).toBe(2);
    expect(defaultPoolSize(1)).toBe(2);
    expect(defaultPoolSize(2)).toBe(2);
    expect(defaultPoolSize(8)).toBe(7);
    expect(defaultChunkSize(1000)).toBe(50);
    expect(defaultChunkSize(5000)).toBe(100);
    expect(trialChunks(120, 50)).toEqual([
      { first_trial: 0, count: 50 },
      { first_trial: 50, count: 50 },
      { first_trial: 100, count: 20 },
    ]);
  });

  it('cuts the last chunks smaller when several workers share the trials, covering every trial once', () => {
    const chunks = trialChunks(1000, 50, 2);
    expect(chunks.map((c) => c.count)).toEqual([
      ...Array.from({ length: 17 }, () => 50),
      38,
      28,
      21,
      16,
      12,
      10,
      10,
      10,
      5,
    ]);
    for (const [trials, size, workers] of [
      [1000, 50, 2],
      [5000, 100, 7],
      [37, 50, 3],
      [1, 50, 2],
    ]) {
      const all = trialChunks(trials, size, workers);
      let next = 0;
      for (const c of all) {
        expect(c.first_trial).toBe(next);
        expect(c.count).toBeGreaterThan(0);
        expect(c.count).toBeLessThanOrEqual(size);
        next += c.count;
      }
      expect(next).toBe(trials);
    }
    // One worker has nobody to wait for: full chunks to the end.
    expect(trialChunks(1000, 50, 1)).toEqual(trialChunks(1000, 50));
  });

  it("merges to exactly runUncertainty's result with 1, 2 and 4 workers and any chunk size", async () => {
    const expected = runUncertainty(compareBackup, request);
    for (const [size, chunkSize] of [
      [1, 120],
      [2, 50],
      [4, 7],
    ]) {
      const { spawn, spawned } = countingSpawn();
      const pool = createTrialPool(spawn, size);
      const outcome = await pool.run('k1', compareBackup, request, { chunkSize }).done;
      expect(outcome.status).toBe('done');
      if (outcome.status !== 'done') return;
      expect(JSON.stringify(outcome.result)).toBe(JSON.stringify(expected));
      // Created on demand, each sent the profile once.
      expect(spawned.length).toBe(Math.min(size, Math.ceil(120 / chunkSize)));
      for (const w of spawned) expect(w.loads).toBe(1);
    }
  });

  it('reports progress after each chunk, reuses its workers and sends a profile only once per key', async () => {
    const { spawn, spawned } = countingSpawn();
    const pool = createTrialPool(spawn, 2);
    const seen: UncertaintyProgress[] = [];
    await pool.run('k1', compareBackup, request, { chunkSize: 30, onProgress: (p) => seen.push(p) }).done;
    expect(seen.map((p) => p.done)).toEqual([30, 60, 90, 120]);
    expect(seen.every((p) => p.total === 120)).toBe(true);
    await pool.run('k1', compareBackup, { ...request, seed: 8 }, { chunkSize: 30 }).done;
    expect(spawned).toHaveLength(2);
    expect(spawned.map((w) => w.loads)).toEqual([1, 1]);
    await pool.run('k2', compareBackup, request, { chunkSize: 30 }).done;
    expect(spawned.map((w) => w.loads)).toEqual([2, 2]);
  });

  it('cancel settles at once, schedules nothing more and ignores late results', async () => {
    const { spawn, spawned } = countingSpawn();
    const pool = createTrialPool(spawn, 2);
    const progress = vi.fn();
    const run = pool.run('k1', compareBackup, request, {
      chunkSize: 10,
      onProgress: (p) => {
        progress(p);
        run.cancel();
      },
    });
    expect(await run.done).toEqual({ status: 'cancelled' });
    const calls = progress.mock.calls.length;
    const asked = spawned.reduce((n, w) => n + w.batches, 0);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(progress.mock.calls.length).toBe(calls);
    expect(spawned.reduce((n, w) => n + w.batches, 0)).toBe(asked);
    expect(asked).toBeLessThan(12);
    // The pool still works afterwards.
    const again = await pool.run('k1', compareBackup, request, { chunkSize: 40 }).done;
    expect(again.status).toBe('done');
  });

  it('terminates a worker whose chunk would still run long after Cancel; the next run replaces it', async () => {
    const { spawn, spawned } = countingSpawn();
    let release = () => {};
    const slow = (index: number): TrialWorker => {
      const w = spawn(index);
      return {
        ...w,
        trialBatch: async (key, req, range) => {
          await new Promise<void>((resolve) => (release = resolve));
          return w.trialBatch(key, req, range);
        },
      };
    };
    const pool = createTrialPool(slow, 1);
    const run = pool.run('k1', compareBackup, request);
    await new Promise((resolve) => setTimeout(resolve, 0));
    run.cancel();
    expect(await run.done).toEqual({ status: 'cancelled' });
    expect(spawned[0].terminated).toBe(true);
    release();
    const next = pool.run('k1', compareBackup, { ...request, trials: 50 });
    await new Promise((resolve) => setTimeout(resolve, 0));
    release();
    expect((await next.done).status).toBe('done');
    expect(spawned).toHaveLength(2);
  });

  it('a new run cancels the one before it; an engine error fails the run', async () => {
    const pool = createTrialPool(countingSpawn().spawn, 2);
    const first = pool.run('k1', compareBackup, request);
    const second = pool.run('k1', compareBackup, request);
    expect(await first.done).toEqual({ status: 'cancelled' });
    expect((await second.done).status).toBe('done');
    const bad = await pool.run('k3', { accounts: 'nope' }, request).done;
    expect(bad.status).toBe('failed');
  });

  it('warms each worker on a sample of the coming run, and that run keeps the trials the warm-up computed', async () => {
    const { spawn, spawned } = countingSpawn();
    const pool = createTrialPool(spawn, 2);
    pool.warm({ key: 'k1', profile: compareBackup, request });
    // The screen and then the view ask with the same sample: one warm-up, a chunk of WARM_CHUNK trials per worker.
    pool.warm({ key: 'k1', profile: compareBackup, request: { ...request } });
    expect(spawned.length).toBe(2);
    for (const w of spawned) {
      expect(w.loads).toBe(1);
      expect(w.batches).toBe(1);
    }
    const outcome = await pool.run('k1', compareBackup, request, { chunkSize: 50 }).done;
    expect(outcome.status).toBe('done');
    if (outcome.status !== 'done') return;
    expect(JSON.stringify(outcome.result)).toBe(JSON.stringify(runUncertainty(compareBackup, request)));
    for (const w of spawned) expect(w.loads).toBe(1);
    // The two warm-up chunks (trials 0-19) count; the run asks for the other 100 trials in chunks of 50.
    expect(spawned.reduce((n, w) => n + w.batches, 0)).toBe(2 + 2);
    expect(WARM_CHUNK).toBe(10);

    // A warm-up left to run computes up to WARM_TRIALS (here all 120), and the run then asks for none.
    const ahead = countingSpawn();
    const early = createTrialPool(ahead.spawn, 2);
    early.warm({ key: 'k1', profile: compareBackup, request });
    await vi.waitFor(() => expect(ahead.spawned.reduce((n, w) => n + w.batches, 0)).toBe(12));
    const progress: UncertaintyProgress[] = [];
    const all = await early.run('k1', compareBackup, request, { onProgress: (p) => progress.push(p) }).done;
    expect(ahead.spawned.reduce((n, w) => n + w.batches, 0)).toBe(12);
    expect(progress.at(-1)).toEqual({ done: 120, total: 120 });
    expect(all.status === 'done' && JSON.stringify(all.result)).toBe(
      JSON.stringify(runUncertainty(compareBackup, request)),
    );
    // The warm-up's trials were merged once (on copies: the run kept the originals, and its result above is exact),
    // spread as a run's merge is (three scenarios: two calls on the first worker, one on the second), then the run's
    // own merge.
    expect(ahead.spawned.map((w) => w.merged)).toEqual([
      [120, 120, 120, 120],
      [120, 120],
    ]);
    expect(WARM_TRIALS).toBeGreaterThanOrEqual(120);
    // Kept trials belong to that run: the same run again computes them all.
    const again1 = await early.run('k1', compareBackup, request, { chunkSize: 60 }).done;
    expect(again1.status).toBe('done');
    expect(ahead.spawned.reduce((n, w) => n + w.batches, 0)).toBe(12 + 2);

    // A run of another request keeps none of them, and its result is its own.
    const other = countingSpawn();
    const switched = createTrialPool(other.spawn, 2);
    switched.warm({ key: 'k1', profile: compareBackup, request });
    const changed = { ...request, seed: 8 };
    const own = await switched.run('k1', compareBackup, changed, { chunkSize: 50 }).done;
    expect(own.status === 'done' && JSON.stringify(own.result)).toBe(
      JSON.stringify(runUncertainty(compareBackup, changed)),
    );
    // The two warm-up chunks under way when Run came, then the run's 3 chunks; the warm-up hands out no more, and
    // merges nothing (only the run's merge ran).
    expect(other.spawned.reduce((n, w) => n + w.batches, 0)).toBe(2 + 3);
    expect(other.spawned.map((w) => w.merged.length)).toEqual([2, 1]);

    // A warm-up chunk the engine refuses fails the run that keeps it, with the engine's message.
    const refused = countingSpawn();
    const badPool = createTrialPool(refused.spawn, 2);
    badPool.warm({ key: 'bad', profile: { accounts: 'nope' }, request });
    const bad = await badPool.run('bad', { accounts: 'nope' }, request).done;
    expect(bad.status === 'failed' && bad.input).toBe(true);

    // During a run a sample is ignored: it would only queue in front of the run's chunks.
    const during = countingSpawn();
    const busy = createTrialPool(during.spawn, 2);
    const running = busy.run('k1', compareBackup, request, { chunkSize: 50 });
    busy.warm({ key: 'k2', profile: compareBackup, request: { ...request, trials: 200 } });
    expect((await running.done).status).toBe('done');
    expect(during.spawned.reduce((n, w) => n + w.batches, 0)).toBe(3);
    expect(during.spawned.reduce((n, w) => n + w.loads, 0)).toBe(2);
    // Another sample warms again (its first chunks queue behind the last one's); so does the same one once a worker
    // has been replaced (after a late Cancel).
    const again = countingSpawn();
    const twice = createTrialPool(again.spawn, 2);
    twice.warm({ key: 'k1', profile: compareBackup, request });
    twice.warm({ key: 'k1', profile: compareBackup, request: { ...request, trials: 200 } });
    expect(again.spawned.map((w) => w.batches)).toEqual([2, 2]);
    twice.dispose();
    twice.warm({ key: 'k1', profile: compareBackup, request: { ...request, trials: 200 } });
    expect(again.spawned.map((w) => w.batches)).toEqual([2, 2, 1, 1]);
    // Preparing loads the profile and prepares the request in every worker, with no trials; a run of that request
    // then sends the profile no more. A warm-up or a run under way ignores it.
    const ready = countingSpawn();
    const prepared = createTrialPool(ready.spawn, 2);
    prepared.prepare({ key: 'k1', profile: compareBackup, request });
    expect(ready.spawned.map((w) => [w.loads, w.batches])).toEqual([
      [1, 1],
      [1, 1],
    ]);
    const afterPrepare = await prepared.run('k1', compareBackup, request, { chunkSize: 60 }).done;
    expect(afterPrepare.status === 'done' && JSON.stringify(afterPrepare.result)).toBe(
      JSON.stringify(runUncertainty(compareBackup, request)),
    );
    expect(ready.spawned.map((w) => [w.loads, w.batches])).toEqual([
      [1, 2],
      [1, 2],
    ]);
    prepared.warm({ key: 'k2', profile: compareBackup, request: { ...request, seed: 9 } });
    prepared.prepare({ key: 'k3', profile: compareBackup, request: { ...request, seed: 10 } });
    expect(ready.spawned.map((w) => w.loads)).toEqual([2, 2]);
    // Once that warm-up has run all its trials, preparing works again, and a run of the warmed request still keeps
    // every one of them.
    await vi.waitFor(() => expect(ready.spawned.reduce((n, w) => n + w.batches, 0)).toBe(4 + 12));
    prepared.prepare({ key: 'k3', profile: compareBackup, request: { ...request, seed: 10 } });
    expect(ready.spawned.map((w) => w.loads)).toEqual([3, 3]);
    const warmedRun = await prepared.run('k2', compareBackup, { ...request, seed: 9 }).done;
    expect(warmedRun.status === 'done' && JSON.stringify(warmedRun.result)).toBe(
      JSON.stringify(runUncertainty(compareBackup, { ...request, seed: 9 })),
    );
    expect(ready.spawned.reduce((n, w) => n + w.batches, 0)).toBe(4 + 12 + 2);
    // Without a sample only the workers start.
    const plain = countingSpawn();
    createTrialPool(plain.spawn, 2).warm();
    expect(plain.spawned.map((w) => [w.loads, w.batches])).toEqual([
      [0, 0],
      [0, 0],
    ]);
  });
});
