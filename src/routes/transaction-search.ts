// Search params of the transaction routes: /transactions?account=&category=&from=&to= (filters to open with) and
// /transactions/import?account= (the account to import into). Unknown or malformed values are dropped.

export type TransactionsSearch = { account?: string; category?: string; from?: string; to?: string };
export type ImportSearch = { account?: string };

const text = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined);
const isoDate = (v: unknown): string | undefined =>
  typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v) ? v : undefined;

function defined<T extends Record<string, unknown>>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

export function validateTransactionsSearch(search: Record<string, unknown>): TransactionsSearch {
  return defined({
    account: text(search.account),
    category: text(search.category),
    from: isoDate(search.from),
    to: isoDate(search.to),
  });
}

export function validateImportSearch(search: Record<string, unknown>): ImportSearch {
  return defined({ account: text(search.account) });
}
