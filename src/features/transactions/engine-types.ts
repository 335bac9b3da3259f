// The statement-import shapes this feature uses, gathered in one module so the screens name them once.
/* eslint-disable @typescript-eslint/no-restricted-imports -- until the engine's entry exports the statement shapes */
export type { Transaction, ImportBatch, PayeeRule } from '../../../worker/engine/model/transaction';
export type {
  ParsedRow,
  ParsedStatement,
  ProposedMatch,
  RecurringSeries,
  SkippedRow,
} from '../../../worker/engine/statements/types';
