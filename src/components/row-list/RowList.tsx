// A list of rows that stays fast at thousands of entries: short lists render plainly, long ones are
// virtualised (@tanstack/react-virtual) inside their own scroll area so only the visible rows exist.
import { useVirtualizer } from '@tanstack/react-virtual';
import { useRef, type ReactNode } from 'react';
import './money-list.css';

/** Lists longer than this are virtualised; shorter ones render every row (simpler, and fully tabbable). */
export const VIRTUALISE_AFTER = 60;

export function RowList<T extends { id: string }>({
  items,
  label,
  renderRow,
  estimateSize = 76,
}: {
  items: ReadonlyArray<T>;
  label: string;
  renderRow: (item: T) => ReactNode;
  estimateSize?: number;
}) {
  if (items.length <= VIRTUALISE_AFTER) {
    return (
      <ul className="row-list" aria-label={label}>
        {items.map((item) => (
          <li key={item.id} className="row-list-item">
            {renderRow(item)}
          </li>
        ))}
      </ul>
    );
  }
  return <VirtualRowList items={items} label={label} renderRow={renderRow} estimateSize={estimateSize} />;
}

function VirtualRowList<T extends { id: string }>({
  items,
  label,
  renderRow,
  estimateSize,
}: {
  items: ReadonlyArray<T>;
  label: string;
  renderRow: (item: T) => ReactNode;
  estimateSize: number;
}) {
  const scroller = useRef<HTMLDivElement>(null);
  // No React Compiler here; the lint only warns that the virtualizer's functions are not memoisable.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => estimateSize,
    getItemKey: (index) => items[index].id,
    overscan: 8,
  });
  return (
    // The scroll area is focusable so keyboard users can scroll it with the arrow keys.
    <div
      ref={scroller}
      className="row-list-scroller"
      tabIndex={0}
      role="region"
      aria-label={`${label} (${items.length})`}
    >
      <ul className="row-list row-list-virtual" aria-label={label} style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((row) => (
          <li
            key={row.key}
            data-index={row.index}
            ref={virtualizer.measureElement}
            className="row-list-item"
            aria-setsize={items.length}
            aria-posinset={row.index + 1}
            style={{ transform: `translateY(${row.start}px)` }}
          >
            {renderRow(items[row.index])}
          </li>
        ))}
      </ul>
    </div>
  );
}
