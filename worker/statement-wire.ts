// What crosses between the page and the statement worker during an import, kept small: every message is copied
// on both sides (structured clone), and on the page's side that copy is one task. A file's parsed rows cross once,
// worker to page; the worker keeps them under a token, so the plan names a file's rows by token instead of
// sending them back, and answers with each row's key, fingerprint and category in columns, which the page joins
// to its own copy of the rows (measured on 10,000 rows: three copies of the rows took 290 ms of the page's
// thread, one of them in a single task over 50 ms).
import type { CategorisedImportPlan } from './statement-api';
import type { ParsedRow, PlannedRow } from './engine/index';

/**
 * The rows the worker keeps: the most recent files read (a few imports' worth), oldest dropped first, and never
 * more than KEPT_ROWS rows in all (a file over it is still kept, alone), so memory stays bounded however many
 * files a session reads. A plan asked with a dropped token gets `missing`, and the page sends the rows instead.
 */
export const KEPT_FILES = 16;
export const KEPT_ROWS = 200_000;

/** Rows per keptRows message: 2,000 parsed rows take the page about 15 ms to copy, 10,000 took a task of 50-100. */
export const ROWS_PAGE = 2_000;

/** A file's rows as the page sends them to the plan: the token the worker gave them, or the rows themselves. */
export type WireFile = string | ParsedRow[];

type Incoming = { key: string; fingerprint: string };
type Proposed = CategorisedImportPlan['proposed'][number];

/** The plan in columns: rows are named by key (`<file index>:<line>`, unique in an import). */
export type WirePlan = {
  toAdd: { keys: string[]; fingerprints: string[]; categories: (string | null)[] };
  duplicates: { keys: string[]; fingerprints: string[]; existing: string[]; reasons: string[] };
  proposed: (Omit<Proposed, 'incoming'> & { incoming: Incoming })[];
};

/** The worker's store of parsed rows by token. */
export class KeptRows {
  private readonly rows = new Map<string, ParsedRow[]>();
  private next = 0;
  private total = 0;

  keep(rows: ParsedRow[]): string {
    const token = `rows-${++this.next}`;
    this.rows.set(token, rows);
    this.total += rows.length;
    while (this.rows.size > 1 && (this.rows.size > KEPT_FILES || this.total > KEPT_ROWS)) {
      const [oldest, dropped] = this.rows.entries().next().value!;
      this.rows.delete(oldest);
      this.total -= dropped.length;
    }
    return token;
  }

  /** The files' rows, or null when a token is no longer kept (the page then sends the rows). */
  resolve(files: WireFile[]): ParsedRow[][] | null {
    const out: ParsedRow[][] = [];
    for (const f of files) {
      const rows = typeof f === 'string' ? this.rows.get(f) : f;
      if (!rows) return null;
      out.push(rows);
    }
    return out;
  }
}

export function toWirePlan(plan: CategorisedImportPlan): WirePlan {
  return {
    toAdd: {
      keys: plan.toAdd.map((r) => r.key),
      fingerprints: plan.toAdd.map((r) => r.fingerprint),
      categories: plan.toAdd.map((r) => r.category_id),
    },
    duplicates: {
      keys: plan.duplicates.map((d) => d.incoming.key),
      fingerprints: plan.duplicates.map((d) => d.incoming.fingerprint),
      existing: plan.duplicates.map((d) => d.existing_id),
      reasons: plan.duplicates.map((d) => d.reason),
    },
    proposed: plan.proposed.map((p) => ({
      ...p,
      incoming: { key: p.incoming.key, fingerprint: p.incoming.fingerprint },
    })),
  };
}

/** The plan again, its rows joined from the page's copy of the files' rows (`files`, in import order). */
export function fromWirePlan(wire: WirePlan, files: ParsedRow[][]): CategorisedImportPlan {
  const byKey = new Map<string, { row: ParsedRow; file_index: number }>();
  files.forEach((rows, file_index) => {
    for (const row of rows) byKey.set(`${file_index}:${row.line}`, { row, file_index });
  });
  const planned = (key: string, fingerprint: string): PlannedRow => {
    const found = byKey.get(key);
    if (!found) throw new Error(`The import plan names a row that was not read (${key}).`);
    return { ...found.row, fingerprint, file_index: found.file_index, key };
  };
  return {
    toAdd: wire.toAdd.keys.map((key, i) => ({
      ...planned(key, wire.toAdd.fingerprints[i]),
      category_id: wire.toAdd.categories[i],
    })),
    duplicates: wire.duplicates.keys.map((key, i) => ({
      incoming: planned(key, wire.duplicates.fingerprints[i]),
      existing_id: wire.duplicates.existing[i],
      reason: wire.duplicates.reasons[i],
    })),
    proposed: wire.proposed.map((p) => ({ ...p, incoming: planned(p.incoming.key, p.incoming.fingerprint) })),
  };
}
