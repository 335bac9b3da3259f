// Compile step, transfers: each transfer's accounts and its amount (or 'all') in every step it falls in.
import type { PrimitiveTransfer } from '../primitives';
import { finite } from './flows';
import { bufferSize, scheduleOccurrences, type StepGrid } from './occurrences';
import type { ScratchArena } from './scratch';
import type { TransferTable } from './types';

export type ScopedTransfer = { transfer: PrimitiveTransfer; scope: string | null };

/** A negative amount moves money the other way. Accounts resolve in order: from, then to. */
export function buildTransferTable(
  scoped: ReadonlyArray<ScopedTransfer>,
  grid: StepGrid,
  resolve: (ref: string, scope: string | null, what: string) => number,
  scratch: ScratchArena,
): TransferTable {
  const count = scoped.length;
  const stepCount = grid.months + 1;
  const from = new Int32Array(count);
  const to = new Int32Array(count);
  const amount = scratch.float64(count * stepCount);
  const moveAll = scratch.uint8(count * stepCount);
  const { steps, days } = scratch.occurrenceBuffers(bufferSize(grid));
  // Each transfer's steps with an amount or 'all', in transfer order (a step once per transfer), then ordered by
  // step below: scanning every transfer in every step for them showed in profiles (50 transfers x 361 steps).
  let listed = new Int32Array(64);
  let listedCount = 0;
  for (let t = 0; t < count; t++) {
    const { transfer, scope } = scoped[t];
    let source = resolve(transfer.from, scope, `transfer ${transfer.key}`);
    let target = resolve(transfer.to, scope, `transfer ${transfer.key}`);
    const all = transfer.amount === 'all';
    let value = transfer.amount === 'all' ? 0 : finite(transfer.amount);
    if (value < 0) {
      [source, target] = [target, source];
      value = -value;
    }
    from[t] = source;
    to[t] = target;
    const occurrences = scheduleOccurrences(grid, transfer.schedule, steps, days);
    const moves = all || value !== 0;
    let lastStep = -1;
    for (let o = 0; o < occurrences; o++) {
      const k = steps[o];
      if (all) moveAll[k * count + t] = 1;
      else amount[k * count + t] += value;
      if (!moves || k === lastStep) continue;
      lastStep = k;
      if (listedCount + 2 > listed.length) {
        const grown = new Int32Array(listed.length * 2);
        grown.set(listed);
        listed = grown;
      }
      listed[listedCount++] = k;
      listed[listedCount++] = t;
    }
  }
  const { stepStart, stepTransfers } = transfersByStep(stepCount, listed, listedCount);
  return { count, from, to, amount, moveAll, stepStart, stepTransfers };
}

/**
 * Each step's transfers with an amount or 'all' (TransferTable.stepTransfers), from (step, transfer) pairs listed
 * in transfer order: a counting sort by step keeps each step's transfers in transfer order. A plan's transfers
 * mostly fall in a few steps each, and scanning every transfer in every step was most of the month loop's
 * transfer work (50 transfers x 360 months for about 1,000 that move money, in a 30-year plan with many events).
 */
function transfersByStep(
  stepCount: number,
  listed: Int32Array,
  listedCount: number,
): { stepStart: Int32Array; stepTransfers: Int32Array } {
  const stepStart = new Int32Array(stepCount + 1);
  for (let j = 0; j < listedCount; j += 2) stepStart[listed[j] + 1]++;
  for (let k = 0; k < stepCount; k++) stepStart[k + 1] += stepStart[k];
  const next = stepStart.slice(0, stepCount);
  const stepTransfers = new Int32Array(listedCount / 2);
  for (let j = 0; j < listedCount; j += 2) stepTransfers[next[listed[j]]++] = listed[j + 1];
  return { stepStart, stepTransfers };
}
