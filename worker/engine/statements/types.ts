// Shared shapes of statement import (docs/transactions.md): what a parser returns, what de-duplication proposes
// and what recurring detection finds. Pinned first so the parsers, the detector, the data layer and the screens
// could be built side by side; each module implements its part against these types.
import type { Frequency } from '../model/common';
import type { StatementFormat } from '../model/transaction';

/** One statement row as parsed, before it is stored. Money in whole cents, money out negative. */
export type ParsedRow = {
  /** 1-based line (CSV, QIF) or transaction ordinal (OFX) in its file, for messages. */
  line: number;
  date: string; // YYYY-MM-DD
  amount_cents: number;
  description: string;
  /** Normalised payee (normalisePayee(description) unless the file names the payee). */
  payee: string;
  bank_id: string | null;
  balance_cents: number | null;
};

export type SkippedRow = { line: number; reason: string };

export type ParsedStatement = {
  format: Exclude<StatementFormat, 'manual'>;
  /** Recognised layout: 'commbank', 'westpac', 'nab', 'anz', 'ing', 'macquarie', 'up', 'bankwest', 'generic', 'mapped'. */
  bank: string;
  rows: ParsedRow[];
  skipped: SkippedRow[];
  /** Account facts the file carries (OFX ledger balance, ...), when present. */
  closing_balance_cents?: number | null;
  closing_balance_date?: string | null;
  /** How the running balance checked out (null when the file has none): completeness and order. */
  balance_check?: BalanceCheck | null;
  /** Things the user should know that did not skip a row (bank ids dropped because they repeat, ...). */
  warnings?: string[];
  /** The text encoding the bytes were read in ('utf-8', 'windows-1252', ...). */
  encoding?: string;
};

/**
 * The running balance against the amounts: balance[i] = balance[i-1] + amount[i] in date order. A break is a row
 * whose printed balance is not the previous balance plus its amount (a missing, extra or reordered row).
 */
export type BalanceCheck = {
  /** The file's row order the balances follow. */
  order: 'oldest_first' | 'newest_first';
  /** Consecutive pairs of rows with balances that were compared. */
  checked: number;
  breaks: { line: number; expected_cents: number; found_cents: number }[];
};

/** A pair the fuzzy matcher proposes as the same transaction; both are kept unless the user confirms. */
export type ProposedMatch = {
  /** The incoming row (its line in its file). */
  incoming: ParsedRow;
  /** The id (stored) or line (same import) of the row it may duplicate. */
  existing_id: string;
  reason: string;
};

/** What detection needs of a transaction. */
export type SeriesInput = {
  id: string;
  account_id: string;
  date: string; // YYYY-MM-DD
  amount_cents: number;
  payee: string;
  transfer_id?: string | null;
};

/** A recurring series found in transactions: a proposal the user accepts into Recurring Items. */
export type RecurringSeries = {
  /** Stable key: account, payee, sign and rhythm, so a re-run proposes the same series again. */
  key: string;
  account_id: string;
  payee: string;
  /** Typical amount (median of the recent occurrences; the latest level after a step up), cents, signed. */
  amount_cents: number;
  frequency: Frequency;
  next_date: string; // YYYY-MM-DD, the next expected occurrence after as_of
  /** The transaction ids in the series, oldest first. */
  transaction_ids: string[];
  occurrences: number;
  /** 0..1: how sure the detector is. */
  confidence: number;
  /** True when the amounts vary (power bills) rather than repeat to the cent. */
  variable_amount: boolean;
};
