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
  const anyInStep = scratch.uint8(stepCount);
  const { steps, days } = scratch.occurrenceBuffers(bufferSize(grid));
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
    for (let o = 0; o < occurrences; o++) {
      const k = steps[o];
      anyInStep[k] = 1;
      if (all) moveAll[k * count + t] = 1;
      else amount[k * count + t] += value;
    }
  }
  return { count, from, to, amount, moveAll, anyInStep };
}
