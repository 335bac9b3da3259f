// The words of plan versus actual: a variance as "better"/"worse" (or "higher"/"lower" for a balance), the
// headline, and what happened to a planned payment that did not go to plan.
import type { TimingNote } from '../../../../worker/engine/index';
import { formatCents, formatDay } from '../tx-format';

export function varianceText(c: number, kind: 'net' | 'balance' = 'net'): string {
  if (c === 0) return 'On plan';
  const word = kind === 'balance' ? (c > 0 ? 'higher' : 'lower') : c > 0 ? 'better' : 'worse';
  return `${formatCents(Math.abs(c))} ${word}`;
}

export function summaryText(aheadBy: number, n: number): string {
  const span = n === 1 ? 'Last month' : `Over the last ${n} months`;
  if (aheadBy === 0) return `${span} you were exactly on plan.`;
  return `${span} you were ${formatCents(Math.abs(aheadBy))} ${aheadBy > 0 ? 'ahead of' : 'behind'} the plan.`;
}

export function timingText(t: TimingNote): string {
  const due = `${t.name} (${formatCents(t.expected_cents)}, due ${formatDay(t.expected_date)})`;
  const days = Math.abs(t.days_off ?? 0);
  const span = days === 1 ? '1 day' : `${days} days`;
  if (t.status === 'early') return `${due}: paid ${span} early, ${formatDay(t.actual_date ?? t.expected_date)}`;
  if (t.status === 'late') return `${due}: paid ${span} late, ${formatDay(t.actual_date ?? t.expected_date)}`;
  if (t.status === 'pending') return `${due}: not paid yet`;
  return `${due}: not paid`;
}
