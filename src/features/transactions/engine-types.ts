// The statement-import shapes this feature uses, gathered in one module so the screens name them once.
export type {
  Transaction,
  ImportBatch,
  PayeeRule,
  ParsedRow,
  ParsedStatement,
  ProposedMatch,
  RecurringSeries,
  SkippedRow,
} from '../../../worker/engine/index';
