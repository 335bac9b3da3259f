// What the explain dialog shows (shared by the month control and the lazily loaded dialog).
import type { MonthExplanation } from '../../../../../worker/engine/index';

export const EXPLAIN_MESSAGES = { failed: 'Could not explain this month' } as const;

export type ExplainState =
  | { status: 'loading'; month: string }
  | { status: 'done'; month: string; explanations: MonthExplanation[] }
  | { status: 'failed'; month: string };
