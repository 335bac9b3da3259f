// The Transactions list's filters (search text, account, category, dates, sort) and the query they make; the
// search text is deferred so typing stays responsive while the list catches up.
import { useCallback, useDeferredValue, useMemo, useState } from 'react';
import type { SortKey, TxQuery } from '../tx-store';

export type TxFilterValues = {
  account: string;
  from: string;
  to: string;
  category: string;
  text: string;
  sort: SortKey;
};

export type TxFilters = {
  values: TxFilterValues;
  set: (patch: Partial<TxFilterValues>) => void;
  /** Clears every filter but the sort. */
  clear: () => void;
  query: TxQuery;
};

export function useTxFilters(initial: {
  accountId?: string;
  category?: string;
  from?: string;
  to?: string;
}): TxFilters {
  const [values, setValues] = useState<TxFilterValues>(() => ({
    account: initial.accountId ?? '',
    from: initial.from ?? '',
    to: initial.to ?? '',
    category: initial.category ?? '',
    text: '',
    sort: 'date-desc',
  }));
  const set = useCallback((patch: Partial<TxFilterValues>) => setValues((v) => ({ ...v, ...patch })), []);
  const clear = useCallback(() => set({ account: '', from: '', to: '', category: '', text: '' }), [set]);
  const text = useDeferredValue(values.text);
  const { account, from, to, category, sort } = values;
  const query: TxQuery = useMemo(
    () => ({
      accountId: account || undefined,
      from: from || undefined,
      to: to || undefined,
      category: category || undefined,
      text: text || undefined,
      sort,
    }),
    [account, from, to, category, text, sort],
  );
  return { values, set, clear, query };
}

/** Whether any filter narrows the list (the empty list then offers to clear them). */
export function isFiltered(query: TxQuery): boolean {
  return !!(query.accountId || query.from || query.to || query.category || query.text);
}
