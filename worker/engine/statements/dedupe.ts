// De-duplication of imported rows against an account's stored transactions (docs/transactions.md, "No duplicates,
// nothing lost"). Exact matches only drop a row: the bank's id, else the row's fingerprint (date, amount,
// description, running balance, and its occurrence among identical rows of its file, so two $4.50 coffees on one
// day stay two). A near match (same amount, close date, similar description) is only ever a proposal; both rows
// are kept unless the user confirms. The preview and the import call this same function.
import { normalisePayee } from './payee';
import type { ParsedRow, ProposedMatch } from './types';

/** A stored transaction as de-duplication needs it (the Transaction entity fits). */
export type ExistingTransaction = {
  id: string;
  date: string;
  amount_cents: number;
  description: string;
  payee?: string | null;
  bank_id?: string | null;
  /** Set on imported rows; null for rows typed by hand (which are never dropped as exact duplicates). */
  fingerprint?: string | null;
  balance_cents?: number | null;
};

/** An incoming row that will be added, with the fingerprint to store and where it came from. */
export type PlannedRow = ParsedRow & {
  fingerprint: string;
  /** Which of the import's files (0-based, in import order). */
  file_index: number;
  /** `<file_index>:<line>`: names the row before it has an id (proposals against a row of an earlier file). */
  key: string;
};

export type DuplicateRow = { incoming: PlannedRow; existing_id: string; reason: string };

export type ImportPlan = {
  toAdd: PlannedRow[];
  duplicates: DuplicateRow[];
  /** Near matches for the user to confirm; every incoming row named here is also in toAdd. */
  proposed: (ProposedMatch & { incoming: PlannedRow; days_apart: number })[];
};

export type ImportPlanOptions = {
  /**
   * Days either side for a near match (default 3, at most 6): shorter than the shortest payment cycle (a week),
   * so a weekly payment is never taken for a duplicate of last week's.
   */
  window_days?: number;
};

/** The fingerprint scheme's version: part of every fingerprint, so a later scheme never matches an older one. */
export const FINGERPRINT_VERSION = 'f1';
export const DEFAULT_MATCH_WINDOW_DAYS = 3;
export const MAX_MATCH_WINDOW_DAYS = 6;

/**
 * cyrb53 (a fast 53-bit string hash; deterministic, not cryptographic, which a fingerprint does not need) of the
 * text as the fingerprint reads it: ASCII letters in upper case, each run of white space as one space, none at
 * the ends, so case and spacing never make a row new. Done in one pass, without building the normalised string.
 */
function hashText(text: string, salt: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  let pendingSpace = false;
  let started = false;
  const mix = (ch: number) => {
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  };
  for (let i = 0; i < text.length; i++) {
    let ch = text.charCodeAt(i);
    if (ch === 32 || (ch >= 9 && ch <= 13) || ch === 0xa0) {
      pendingSpace = started;
      continue;
    }
    if (pendingSpace) {
      mix(32);
      pendingSpace = false;
    }
    started = true;
    if (ch >= 97 && ch <= 122) ch -= 32;
    mix(ch);
  }
  mix(0);
  for (let i = 0; i < salt.length; i++) mix(salt.charCodeAt(i));
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}

/** The description as near matching compares it: case and runs of spaces ignored (as the fingerprint does). */
const fingerprintText = (description: string) => description.replace(/\s+/g, ' ').trim().toUpperCase();

/** The content part of a row's fingerprint (without its occurrence number). */
function contentKey(row: Pick<ParsedRow, 'date' | 'amount_cents' | 'description' | 'balance_cents'>): string {
  const hashed = hashText(row.description, row.balance_cents == null ? '' : String(row.balance_cents));
  return `${FINGERPRINT_VERSION}:${row.date}:${row.amount_cents}:${hashed}`;
}

/**
 * Fingerprints of one file's rows: content key plus `#n`, the row's occurrence among identical rows of the file
 * (0 for the first). Order-independent for identical rows, so the same file read again gives the same set.
 */
export function rowFingerprints(
  rows: readonly Pick<ParsedRow, 'date' | 'amount_cents' | 'description' | 'balance_cents'>[],
): string[] {
  const seen = new Map<string, number>();
  return rows.map((r) => {
    const key = contentKey(r);
    const n = seen.get(key) ?? 0;
    seen.set(key, n + 1);
    return `${key}#${n}`;
  });
}

const DAY_MS = 86_400_000;
const dayNumber = (iso: string) =>
  Date.UTC(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)) - 1, Number(iso.slice(8, 10))) / DAY_MS;

function words(text: string): Set<string> {
  return new Set(
    text
      .toUpperCase()
      .split(/[^A-Z]+/)
      .filter((w) => w.length >= 3),
  );
}

/** Same payee, one payee inside the other, or at least half the words of the descriptions shared. */
function similar(a: { payee: string; description: string }, b: { payee: string; description: string }): boolean {
  const pa = a.payee.trim().toUpperCase();
  const pb = b.payee.trim().toUpperCase();
  if (
    pa !== '' &&
    pb !== '' &&
    (pa === pb || (pa.length >= 4 && pb.includes(pa)) || (pb.length >= 4 && pa.includes(pb)))
  ) {
    return true;
  }
  const wa = words(a.description);
  const wb = words(b.description);
  if (wa.size === 0 || wb.size === 0) return false;
  let shared = 0;
  for (const w of wa) if (wb.has(w)) shared += 1;
  return shared / Math.min(wa.size, wb.size) >= 0.5;
}

type Known = {
  id: string;
  date: string;
  day: number;
  amount_cents: number;
  description: string;
  payee: string | null;
  bank_id: string | null;
  imported: boolean;
};

/**
 * Plans importing `files` (each one file's rows, in import order) into an account holding `existing`. A row is a
 * duplicate when an existing row (or a row of an earlier file of this import) has its bank id, or its fingerprint
 * (unless both carry different bank ids). Rows of one file never duplicate each other. The rest are added; each
 * added row that closely matches a row it did not exactly match is proposed (never dropped): same amount, dates
 * at most `window_days` apart, similar description. An imported candidate outside the file's days with the very same
 * description is not proposed (the bank exports every row of the days it covers, so it is a genuine repeat).
 */
export function planImport(
  existing: readonly ExistingTransaction[],
  files: readonly (readonly ParsedRow[] | { rows: readonly ParsedRow[] })[],
  options: ImportPlanOptions = {},
): ImportPlan {
  const window = Math.min(
    Math.max(0, Math.floor(options.window_days ?? DEFAULT_MATCH_WINDOW_DAYS)),
    MAX_MATCH_WINDOW_DAYS,
  );
  const days = new Map<string, number>();
  const day = (iso: string) => {
    let d = days.get(iso);
    if (d === undefined) days.set(iso, (d = dayNumber(iso)));
    return d;
  };
  const byBankId = new Map<string, Known>();
  const byFingerprint = new Map<string, Known>();
  const byAmount = new Map<number, Known[]>();
  const register = (k: Known, fingerprint: string | null) => {
    if (k.bank_id) byBankId.set(k.bank_id, k);
    if (fingerprint) byFingerprint.set(fingerprint, k);
    const list = byAmount.get(k.amount_cents);
    if (list) list.push(k);
    else byAmount.set(k.amount_cents, [k]);
  };
  for (const e of existing) {
    register(
      {
        id: e.id,
        date: e.date,
        day: day(e.date),
        amount_cents: e.amount_cents,
        description: e.description,
        payee: e.payee ?? null,
        bank_id: e.bank_id ?? null,
        imported: !!e.fingerprint,
      },
      e.fingerprint ?? null,
    );
  }

  const plan: ImportPlan = { toAdd: [], duplicates: [], proposed: [] };
  const proposedExisting = new Set<string>();
  files.forEach((file, fileIndex) => {
    const rows = 'rows' in file ? file.rows : file;
    const fingerprints = rowFingerprints(rows);
    const matched = new Set<string>();
    const added: { row: PlannedRow; known: Known }[] = [];
    rows.forEach((row, i) => {
      const planned: PlannedRow = {
        ...row,
        fingerprint: fingerprints[i],
        file_index: fileIndex,
        key: `${fileIndex}:${row.line}`,
      };
      const sameId = row.bank_id ? byBankId.get(row.bank_id) : undefined;
      if (sameId) {
        matched.add(sameId.id);
        plan.duplicates.push({ incoming: planned, existing_id: sameId.id, reason: `same bank id (${row.bank_id})` });
        return;
      }
      const same = byFingerprint.get(planned.fingerprint);
      if (same && !(same.bank_id && row.bank_id && same.bank_id !== row.bank_id)) {
        matched.add(same.id);
        const occurrence = Number(planned.fingerprint.slice(planned.fingerprint.lastIndexOf('#') + 1));
        const nth = occurrence > 0 ? ` (identical row ${occurrence + 1} of its file)` : '';
        const balance = row.balance_cents == null ? '' : ', balance';
        plan.duplicates.push({
          incoming: planned,
          existing_id: same.id,
          reason: `same date, amount, description${balance}${nth}`,
        });
        return;
      }
      plan.toAdd.push(planned);
      added.push({
        row: planned,
        known: {
          id: planned.key,
          date: row.date,
          day: day(row.date),
          amount_cents: row.amount_cents,
          description: row.description,
          payee: row.payee,
          bank_id: row.bank_id,
          imported: true,
        },
      });
    });

    // Near matches: this file's new rows against known rows it did not match exactly.
    if (added.length > 0) {
      let first = Infinity;
      let last = -Infinity;
      for (const r of rows) {
        const d = day(r.date);
        if (d < first) first = d;
        if (d > last) last = d;
      }
      for (const { row, known } of added) {
        const candidates = byAmount.get(row.amount_cents);
        if (!candidates) continue;
        let best: Known | null = null;
        let bestGap = Infinity;
        for (const c of candidates) {
          const gap = Math.abs(c.day - known.day);
          if (gap > window || gap >= bestGap || matched.has(c.id) || proposedExisting.has(c.id)) continue;
          // Outside the file's days, an imported row with the very same text is a genuine repeat (daily interest,
          // the usual coffee): the bank exported it with its own days. Re-worded rows (pending to posted) still count.
          const outside = c.day < first || c.day > last;
          if (c.imported && outside && fingerprintText(c.description) === fingerprintText(row.description)) continue;
          if (c.bank_id && row.bank_id) continue;
          const cPayee = c.payee ?? (c.payee = normalisePayee(c.description));
          if (
            !similar({ payee: row.payee, description: row.description }, { payee: cPayee, description: c.description })
          )
            continue;
          best = c;
          bestGap = gap;
        }
        if (best) {
          proposedExisting.add(best.id);
          const when = bestGap === 0 ? 'same day' : `${bestGap} day${bestGap === 1 ? '' : 's'} apart`;
          plan.proposed.push({
            incoming: row,
            existing_id: best.id,
            days_apart: bestGap,
            reason: `same amount, ${when}, similar description ("${best.description}")`,
          });
        }
      }
    }
    for (let i = 0; i < added.length; i++) register(added[i].known, added[i].row.fingerprint);
  });
  return plan;
}
