// The statement worker API across a real Comlink boundary (node worker_threads stand in for the browser's module
// worker): files in as bytes, outcomes out as plain data, a bad file reported beside the good ones.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { wrap, type Remote } from 'comlink';
import nodeEndpoint from 'comlink/dist/umd/node-adapter';
import { afterAll, describe, expect, it } from 'vitest';
import { detectRecurring } from '../../worker/engine/index';
import type { StatementApi } from '../../worker/statement-api';
import { syntheticHistory } from './statements/synthetic-year';

const worker = new Worker(join(__dirname, 'helpers/node-statement-worker.mjs'));
const api: Remote<StatementApi> = wrap<StatementApi>(nodeEndpoint(worker));
afterAll(() => worker.terminate());

const file = (name: string) => ({
  name,
  bytes: new Uint8Array(readFileSync(join(__dirname, 'statements/fixtures', name))),
});

describe('statement worker API', () => {
  it('parses several files, each with its own outcome', async () => {
    const out = await api.parseFiles([
      file('westpac.csv'),
      file('unknown.csv'),
      { name: 'scan.pdf', bytes: new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x0a]) },
    ]);
    expect(out.map((o) => o.kind)).toEqual(['parsed', 'mapping_needed', 'error']);
    if (out[0].kind === 'parsed') expect(out[0].statement.rows).toHaveLength(4);
    expect(out[2]).toMatchObject({ kind: 'error', file_name: 'scan.pdf', code: 'not_a_statement' });
  });

  it('reads a CSV with a column mapping, then plans the import with payee rules, the same plan as a re-run', async () => {
    const mapped = await api.parseWithMapping(file('unknown.csv'), {
      header: true,
      date: 0,
      description: [1],
      sign: 'signed',
      amount: 3,
    });
    expect(mapped.kind).toBe('parsed');
    if (mapped.kind !== 'parsed') return;
    expect(mapped.statement.rows.map((r) => r.amount_cents)).toEqual([100000, 60000]);
    const parsed = await api.parseFiles([file('anz.csv')]);
    if (parsed[0].kind !== 'parsed') throw new Error('expected parsed');
    const rows = parsed[0].statement.rows;
    const plan = await api.planImport([], [rows], { rules: [{ payee: 'coffee club', category_id: 'cat-coffee' }] });
    expect(plan.ok).toBe(true);
    if (!plan.ok) return;
    expect(plan.value.toAdd.map((r) => r.category_id)).toEqual(['cat-coffee', 'cat-coffee', null, null]);
    const stored = plan.value.toAdd.map((r, i) => ({ ...r, id: `t${i}` }));
    const again = await api.planImport(stored, [rows]);
    expect(again.ok && again.value.toAdd).toEqual([]);
  });

  it('finds recurring series off the main thread, the same as the engine on this thread', async () => {
    const history = syntheticHistory(1, 12);
    const found = await api.detectRecurring(history.rows, { as_of: history.as_of });
    expect(found.ok).toBe(true);
    if (!found.ok) return;
    expect(found.value.length).toBeGreaterThan(0);
    expect(found.value).toEqual(detectRecurring(history.rows, { as_of: history.as_of }));
  });
});
