// Charts mounted one after another (each once the previous one has drawn) so drawing several never adds up to one
// long main-thread task (small ones may all mount at once: drawAtOnce); until its turn a chart keeps its place with
// a placeholder of its height. Optionally a chart also waits until its placeholder nears the viewport, so charts
// nobody has scrolled to cost nothing.
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
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
  version,
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
  /**
   * What the charts show (a result, a setting): a new version keeps the mounted charts and gives them their new
   * options, and the sequence counts as drawn (data-charts-drawn) again only once each has drawn its new option.
   */
  version?: string;
}) {
  // Which charts have drawn this version. One after another, they are the first `doneCount`, so the next mounts
  // when its index reaches that count; drawing at once, they draw in the chart queue's order. `reached` never goes
  // back: a chart mounted for an earlier version stays mounted and draws the new option in place.
  const [drawn, setDrawn] = useState<{ version?: string; charts: ReadonlySet<number>; reached: number }>({
    version,
    charts: new Set(),
    reached: 0,
  });
  const current = useRef(version);
  useLayoutEffect(() => {
    current.current = version;
  }, [version]);
  const doneCount = drawn.version === version ? drawn.charts.size : 0;
  const markDrawn = (i: number, drawnVersion: string | undefined) => {
    // A draw an earlier version asked for, reported after the version moved on.
    if (drawnVersion !== current.current) return;
    setDrawn((prev) => {
      if (prev.version === drawnVersion && prev.charts.has(i)) return prev;
      const charts = new Set(prev.version === drawnVersion ? prev.charts : []).add(i);
      return { version: drawnVersion, charts, reached: Math.max(prev.reached, charts.size) };
    });
  };
  const { isNear, watch } = useNearViewport(drawWhenNear);
  return (
    <div className={className} data-testid={testId} data-charts-drawn={doneCount >= charts.length ? 'true' : 'false'}>
      {charts.map((c, i) => (
        <section key={c.key} className={sectionClassName} aria-label={c.title}>
          {c.head}
          {(drawAtOnce || i <= Math.max(doneCount, drawn.reached)) && isNear(i) ? (
            <Chart
              option={c.option}
              height={height}
              ariaLabel={c.ariaLabel}
              onDrawn={() => markDrawn(i, version)}
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
