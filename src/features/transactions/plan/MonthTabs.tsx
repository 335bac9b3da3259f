// The months of plan versus actual as a tab list: arrow keys move between months, Home and End go to the first and
// the last; only the chosen tab is in the tab order.
import { useRef, type KeyboardEvent } from 'react';
import type { MonthResult } from '../../../data/statements/plan-actual';
import { formatMonth } from '../tx-format';
import { Button } from '../ui';

export function MonthTabs({
  months,
  index,
  choose,
}: {
  months: MonthResult[];
  index: number;
  choose: (month: string) => void;
}) {
  const tabs = useRef<Array<HTMLButtonElement | null>>([]);
  const onKey = (e: KeyboardEvent) => {
    const to =
      e.key === 'ArrowRight' || e.key === 'ArrowDown'
        ? index + 1
        : e.key === 'ArrowLeft' || e.key === 'ArrowUp'
          ? index - 1
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? months.length - 1
              : null;
    if (to === null) return;
    e.preventDefault();
    const next = Math.min(months.length - 1, Math.max(0, to));
    choose(months[next].month);
    tabs.current[next]?.focus();
  };
  return (
    <div className="tx-months" role="tablist" aria-label="Month" onKeyDown={onKey}>
      {months.map((m, i) => (
        <Button
          key={m.month}
          ref={(el) => {
            tabs.current[i] = el;
          }}
          role="tab"
          id={`tx-month-${m.month}`}
          aria-selected={i === index}
          aria-controls="tx-month-panel"
          tabIndex={i === index ? 0 : -1}
          variant={i === index ? 'primary' : 'ghost'}
          onClick={() => choose(m.month)}
        >
          {formatMonth(m.month)}
        </Button>
      ))}
    </div>
  );
}
