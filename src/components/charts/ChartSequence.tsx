// Charts mounted one after another (each once the previous one has drawn) so drawing several never adds up to one
// long main-thread task (small ones may all mount at once: drawAtOnce); until its turn a chart keeps its place with
// a placeholder of its height. Optionally a chart also waits until its placeholder nears the viewport, so charts
// nobody has scrolled to cost nothing.
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { Chart } from './LazyChart';
import type { ChartOption } from './chart-options';

export type SequencedChart = {
  key: string;
  /** The section's accessible name. */
  title: string;
  /** What stands above the chart: its heading and any notes. */
  head: ReactNode;
  option: ChartOption;
  ariaLabel: string;
};

/** Narrow screens (read once, on mount) get smaller chart text and tighter margins. */
export function useCompactCharts(): boolean {
  const [compact] = useState(
    () =>
      typeof window !== 'undefined' &&
      typeof window.matchMedia === 'function' &&
      window.matchMedia('(max-width: 600px)').matches,
  );
  return compact;
}

/** How far beyond the viewport (above and below, a share of its height) a waiting chart starts drawing. */
const NEAR_MARGIN = '50% 0px';

/**
 * Which of the placeholders (by index) have come near the viewport; all of them when `enabled` is false or the
 * browser has no IntersectionObserver. Returns the set and a ref callback for each placeholder.
 */
function useNearViewport(enabled: boolean) {
  const gate = enabled && typeof IntersectionObserver === 'function';
  const [near, setNear] = useState<ReadonlySet<number>>(() => new Set());
  const observer = useRef<IntersectionObserver | null>(null);
  useEffect(
    () => () => {
      observer.current?.disconnect();
      observer.current = null;
    },
    [],
  );
  const watch = useCallback(
    (index: number) => (el: HTMLElement | null) => {
      if (!gate || !el) return;
      observer.current ??= new IntersectionObserver(
        (entries) => {
          const reached = entries.filter((e) => e.isIntersecting).map((e) => e.target as HTMLElement);
          for (const target of reached) observer.current?.unobserve(target);
          const indices = reached.map((target) => Number(target.dataset.chartIndex));
          // A placeholder near already but still waiting its turn is observed again on each render: no new state.
          setNear((prev) => (indices.every((i) => prev.has(i)) ? prev : new Set([...prev, ...indices])));
        },
        { rootMargin: NEAR_MARGIN },
      );
      el.dataset.chartIndex = String(index);
      observer.current.observe(el);
    },
    [gate],
  );
  return { isNear: (index: number) => !gate || near.has(index), watch };
}

export function ChartSequence({
  charts,
  height,
  className,
  sectionClassName,
  testId,
  onCategoryClick,
  drawWhenNear = false,
  drawAtOnce = false,
}: {
  charts: ReadonlyArray<SequencedChart>;
  height: number;
  className: string;
  sectionClassName: string;
  testId: string;
  /** A click on a chart: the index of the category nearest it. */
  onCategoryClick?: (index: number) => void;
  /** Each chart also waits until it nears the viewport (a comparison nobody has asked to see yet). */
  drawWhenNear?: boolean;
  /**
   * Small charts: every one mounts at once and draws in the task after it is created, not in a frame of its own
   * (EChart's drawAtOnce). The chart queue still runs one chart step per task, in order, so no task grows with the
   * number of charts; what goes is a frame and a re-render between one chart and the next.
   */
  drawAtOnce?: boolean;
}) {
  // Which charts have drawn. One after another, they are the first `doneCount`, so the next mounts when its index
  // reaches that count; drawing at once, they draw in the chart queue's order.
  const done = useRef(new Set<number>());
  const [doneCount, setDoneCount] = useState(0);
  const markDrawn = (i: number) => {
    done.current.add(i);
    setDoneCount(done.current.size);
  };
  const { isNear, watch } = useNearViewport(drawWhenNear);
  return (
    <div className={className} data-testid={testId} data-charts-drawn={doneCount >= charts.length ? 'true' : 'false'}>
      {charts.map((c, i) => (
        <section key={c.key} className={sectionClassName} aria-label={c.title}>
          {c.head}
          {(drawAtOnce || i <= doneCount) && isNear(i) ? (
            <Chart
              option={c.option}
              height={height}
              ariaLabel={c.ariaLabel}
              onDrawn={() => markDrawn(i)}
              onCategoryClick={onCategoryClick}
              drawAtOnce={drawAtOnce}
            />
          ) : (
            <div ref={watch(i)} className="chart-placeholder" style={{ height }} aria-hidden="true" />
          )}
        </section>
      ))}
    </div>
  );
}
