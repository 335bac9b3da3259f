// The Transactions list's selection and its bulk category change: select all the query matches, choose a category
// (or Uncategorised), apply it to every selected row.
import { useCallback, useState } from 'react';
import type { WyrdDb } from '../../../data/db';
import { plural } from '../tx-format';
import { queryIds, type TxQuery } from '../tx-store';
import { recategorise } from '../tx-writes';
import { useToastAction } from '../use-toast-action';

export type Selection = { selected: ReadonlySet<string>; setSelected: (s: ReadonlySet<string>) => void };

export function useBulkRecategorise(db: WyrdDb, query: TxQuery, { selected, setSelected }: Selection) {
  const run = useToastAction();
  const [category, setCategory] = useState('');
  const [busy, setBusy] = useState(false);

  const toggle = useCallback(
    (id: string, on: boolean) => {
      const next = new Set(selected);
      if (on) next.add(id);
      else next.delete(id);
      setSelected(next);
    },
    [selected, setSelected],
  );

  const selectAll = async () => {
    setSelected(new Set(await queryIds(db, query)));
  };

  const apply = async () => {
    if (selected.size === 0) return;
    setBusy(true);
    const changed = await run(
      () => recategorise(db, [...selected], category === 'none' || !category ? null : category),
      {
        log: 'Failed to recategorise',
        failed: 'Could not change the categories',
        done: () => `Changed the category of ${plural(selected.size, 'transaction')}`,
      },
    );
    if (changed) setSelected(new Set());
    setBusy(false);
  };

  return { selected, setSelected, toggle, selectAll, category, setCategory, busy, apply };
}

export type BulkRecategorise = ReturnType<typeof useBulkRecategorise>;
