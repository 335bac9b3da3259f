// The rows of the Transactions list on screen: a virtualiser over the scroll area, and the pages of rows it shows
// read as it scrolls.
import { useVirtualizer } from '@tanstack/react-virtual';
import { useState, type RefObject } from 'react';
import type { WyrdDb } from '../../../data/db';
import type { TxQuery } from '../tx-store';
import { useTxPages } from '../use-tx-pages';

export const ROW_HEIGHT = 56;

export function useTxWindow(db: WyrdDb, query: TxQuery, scroller: RefObject<HTMLDivElement | null>) {
  const [range, setRange] = useState<[number, number]>([0, 30]);
  const pages = useTxPages(db, query, range[0], range[1]);
  const count = pages.count ?? 0;
  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer's functions are not memoisable
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 10,
    onChange: (v) => {
      const items = v.getVirtualItems();
      if (items.length === 0) return;
      const first = items[0].index;
      const last = items[items.length - 1].index;
      setRange((r) => (r[0] === first && r[1] === last ? r : [first, last]));
    },
  });
  return { pages, count, virtualizer };
}
