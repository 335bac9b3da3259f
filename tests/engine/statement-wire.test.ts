// The import's wire form between the page and the statement worker (worker/statement-wire.ts): the plan in columns,
// joined to the page's copy of the rows, is the plan itself; rows kept under tokens plan as the rows would, and a
// token no longer kept is answered `missing` rather than planned with the wrong rows.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normalisePayee, type ExistingTransaction, type ParsedRow } from '../../worker/engine/index';
import { statementApi } from '../../worker/statement-api';
import { createStatementWorkerApi } from '../../worker/statement-worker-api';
import { fromWirePlan, KEPT_FILES, KEPT_ROWS, KeptRows, toWirePlan } from '../../worker/statement-wire';

const isoDay = (n: number) => new Date(Date.UTC(2026, 0, 1) + n * 86_400_000).toISOString().slice(0, 10);
const DESCRIPTIONS = ['COFFEE CLUB SYDNEY', 'WOOLWORTHS 1234', 'ACME PTY LTD SALARY'];

/** A file's rows: days and amounts drawn small so that exact and near duplicates are common. */
const fileArb = fc
  .array(
    fc.record({
      day: fc.integer({ min: 0, max: 15 }),
      amount: fc.constantFrom(-450, -10000, 250000),
      description: fc.constantFrom(...DESCRIPTIONS),
      bankId: fc.option(fc.constantFrom('A', 'B', 'C'), { nil: null }),
    }),
    { minLength: 0, maxLength: 30 },
  )
  .map((entries) =>
    [...entries]
      .sort((a, b) => a.day - b.day)
      .map((e, i): ParsedRow => ({
        line: i + 2,
        date: isoDay(e.day),
        amount_cents: e.amount,
        description: e.description,
        payee: normalisePayee(e.description),
        bank_id: e.bankId === null ? null : `${e.bankId}${i}`,
        balance_cents: null,
      })),
  );

describe('statement wire form', () => {
  it('keeps the newest files within the file and row bounds, a file over the row bound alone', () => {
    const kept = new KeptRows();
    const rows = (n: number) => Array.from({ length: n }, (_, i) => ({ line: i }) as unknown as ParsedRow);
    const big = kept.keep(rows(KEPT_ROWS - 10));
    const small = kept.keep(rows(5));
    expect(kept.resolve([big, small])).not.toBeNull();
    const pushOut = kept.keep(rows(6));
    expect(kept.resolve([big])).toBeNull();
    expect(kept.resolve([small, pushOut])).not.toBeNull();
    const huge = kept.keep(rows(KEPT_ROWS + 1));
    expect(kept.resolve([huge])![0]).toHaveLength(KEPT_ROWS + 1);
    expect(kept.resolve([small])).toBeNull();
    const tokens = Array.from({ length: KEPT_FILES + 1 }, () => kept.keep(rows(1)));
    expect(kept.resolve([tokens[0]])).toBeNull();
    expect(kept.resolve(tokens.slice(1))).toHaveLength(KEPT_FILES);
  });

  it('the plan in columns, joined to the rows, is the plan', () => {
    fc.assert(
      fc.property(fc.array(fileArb, { minLength: 1, maxLength: 3 }), fc.nat(), (files, cut) => {
        // Some of the first file already stored: duplicates and proposals as well as rows to add.
        const first = statementApi.planImport([], [files[0]]);
        if (!first.ok) throw new Error(first.message);
        const stored: ExistingTransaction[] = first.value.toAdd
          .slice(0, cut % (first.value.toAdd.length + 1))
          .map((r, i) => ({ ...r, id: `t${i}`, date: isoDay(Number(r.date.slice(8)) + (i % 3)) }));
        const plan = statementApi.planImport(stored, files, { rules: [{ payee: 'coffee club', category_id: 'c1' }] });
        if (!plan.ok) throw new Error(plan.message);
        // Through a structured clone, as across the worker boundary.
        expect(fromWirePlan(structuredClone(toWirePlan(plan.value)), files)).toEqual(plan.value);
      }),
      { numRuns: 200 },
    );
  });

  it('plans kept rows by token as it plans the rows, and answers `missing` for a token no longer kept', () => {
    const api = createStatementWorkerApi();
    const bytes = () => new Uint8Array(readFileSync(join(__dirname, 'statements/fixtures/anz.csv')));
    const [outcome] = api.parseFilesKept([{ name: 'anz.csv', bytes: bytes() }]);
    if (outcome.kind !== 'parsed' || !outcome.rows_token) throw new Error('expected parsed rows with a token');
    // The rows come separately, a page at a time.
    expect(outcome.statement.rows).toEqual([]);
    const rows = [
      ...api.keptRows(outcome.rows_token, 0, 2),
      ...api.keptRows(outcome.rows_token, 2, outcome.row_count!),
    ];
    expect(rows).toEqual(
      (statementApi.parseFiles([{ name: 'anz.csv', bytes: bytes() }])[0] as { statement: { rows: ParsedRow[] } })
        .statement.rows,
    );
    const byToken = api.planImportKept([], [outcome.rows_token]);
    const byRows = api.planImportKept([], [rows]);
    expect(byToken).toEqual(byRows);
    expect(byToken.ok && byToken.value.toAdd.keys).toHaveLength(rows.length);
    for (let i = 0; i < KEPT_FILES; i++) api.parseFilesKept([{ name: 'anz.csv', bytes: bytes() }]);
    expect(api.planImportKept([], [outcome.rows_token])).toMatchObject({ ok: false, missing: true });
    expect(api.keptRows(outcome.rows_token, 0, 10)).toEqual([]);
  });
});
