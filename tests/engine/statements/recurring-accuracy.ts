// Precision and recall of recurring detection against the synthetic history's labels (match rule below).
import { detectRecurring, type RecurringSeries } from '../../../worker/engine/index';
import { syntheticHistory, type LabelledSeries } from './synthetic-year';

/** Fewest occurrences a rhythm needs before it can be found at all (a yearly bill seen once is not a series). */
const MIN_OCCURRENCES: Record<string, number> = { weekly: 4, fortnightly: 3, monthly: 3, quarterly: 3, yearly: 2 };

export type Accuracy = {
  seed: number;
  months: number;
  rows: number;
  detected: number;
  labelled: number;
  matched: number;
  precision: number;
  recall: number;
  /** The lowest confidence of a correct detection. */
  lowestMatched: number;
  falsePositives: RecurringSeries[];
  missed: LabelledSeries[];
};

/**
 * Match rule: a detected series matches a labelled one when account, payee, sign and frequency agree and more
 * than half of the detected series' transactions carry that label; each label is matched at most once.
 * Precision = matched / detected; recall = matched / labelled series with at least their rhythm's minimum count.
 */
export function measure(seed: number, months: number): Accuracy {
  const h = syntheticHistory(seed, months);
  const found = detectRecurring(h.rows, { as_of: h.as_of });
  const labelled = h.labels.filter((l) => l.ids.length >= MIN_OCCURRENCES[l.frequency]);
  const labelOf = new Map<string, LabelledSeries>();
  for (const l of h.labels) for (const id of l.ids) labelOf.set(id, l);
  const taken = new Set<LabelledSeries>();
  const falsePositives: RecurringSeries[] = [];
  let lowestMatched = 1;
  for (const s of found) {
    const votes = new Map<LabelledSeries, number>();
    for (const id of s.transaction_ids) {
      const l = labelOf.get(id);
      if (l) votes.set(l, (votes.get(l) ?? 0) + 1);
    }
    let match: LabelledSeries | null = null;
    for (const [l, v] of votes) {
      if (
        v * 2 > s.transaction_ids.length &&
        l.account_id === s.account_id &&
        l.payee === s.payee &&
        l.sign === Math.sign(s.amount_cents) &&
        l.frequency === s.frequency &&
        !taken.has(l) &&
        labelled.includes(l)
      )
        match = l;
    }
    if (match) {
      taken.add(match);
      lowestMatched = Math.min(lowestMatched, s.confidence);
    } else falsePositives.push(s);
  }
  const matched = taken.size;
  return {
    seed,
    months,
    rows: h.rows.length,
    detected: found.length,
    labelled: labelled.length,
    matched,
    precision: found.length ? matched / found.length : 1,
    recall: labelled.length ? matched / labelled.length : 1,
    lowestMatched,
    falsePositives,
    missed: labelled.filter((l) => !taken.has(l)),
  };
}
