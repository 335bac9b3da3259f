// Compile step, traced runs only: the traced step's money from each flow on its own, for the trace recorder.
// The plan keeps flows summed per step (and the base items summed once per compare), so each flow is booked
// again, alone, into a private book and the traced step's row is read back: same code, same amounts.
import { CONTRIBUTIONS_TAX_RATE } from '../au/super';
import type { PrimitiveAdjustFlow, PrimitiveFlow } from '../primitives';
import { bookFlow, type FlowBook, type FlowTax } from './flows';
import type { TraceRecorder } from './trace';
import type { TimeTables } from './types';

/** A flow as the compile step booked it: its account row, adjustments and tax treatment. */
export type BookedFlow = {
  flow: PrimitiveFlow;
  row: number;
  adjusted: ReadonlyArray<PrimitiveAdjustFlow> | undefined;
  tax: FlowTax;
  /** The taxpayer's index (-1: untaxed). */
  payer: number;
};

/** Records, per flow, the traced step's amount on each account it touches ('flow', 'super_contribution'). */
export function traceFlows(
  trace: TraceRecorder,
  time: TimeTables,
  accountStride: number,
  booked: ReadonlyArray<BookedFlow>,
  occurrenceSteps: Int32Array,
  occurrenceDays: Int32Array,
): void {
  const step = trace.step;
  const stepCount = time.grid.months + 1;
  const book: FlowBook = {
    grid: time.grid,
    accountStride,
    accountDelta: new Float64Array(accountStride * stepCount),
    income: new Float64Array(stepCount),
    expense: new Float64Array(stepCount),
    occurrenceSteps,
    occurrenceDays,
    superGuaranteeRate: time.superGuaranteeRate,
  };
  const taxable = new Float64Array(stepCount);
  const row0 = step * accountStride;
  for (const b of booked) {
    book.accountDelta.fill(0);
    taxable.fill(0);
    // Booked again into private arrays only: the plan's per-taxpayer tables (one-off and reportable amounts,
    // concessional contributions, employment income) must not count it twice.
    const tax: FlowTax = b.tax
      ? { ...b.tax, taxable, once: null, extra: null, concessional: undefined, employment: undefined }
      : null;
    bookFlow(book, b.flow, b.row, b.adjusted, tax, 1);
    const amount = book.accountDelta[row0 + b.row];
    const taxKind = b.flow.tax?.kind;
    if (amount !== 0 || taxable[step] !== 0) {
      trace.record({
        kind: 'flow',
        bucket: 'cash_flow',
        amount,
        name: b.flow.name,
        key: b.flow.key,
        account: b.row,
        ...(b.payer >= 0 ? { payer: b.payer, tax_kind: taxKind, parts: { taxable: taxable[step] } } : {}),
      });
    }
    for (let i = 0; i < accountStride; i++) {
      const v = book.accountDelta[row0 + i];
      if (i === b.row || v === 0) continue;
      const isSuper = b.tax !== null && i === b.tax.superRow;
      const gross = v / (1 - CONTRIBUTIONS_TAX_RATE);
      trace.record({
        kind: isSuper ? 'super_contribution' : 'flow',
        bucket: 'cash_flow',
        amount: v,
        name: b.flow.name,
        key: b.flow.key,
        account: i,
        ...(b.payer >= 0 ? { payer: b.payer, tax_kind: taxKind } : {}),
        ...(isSuper ? { parts: { contribution: gross, contributions_tax: v - gross } } : {}),
      });
    }
  }
}
