// Charts mounted one after another (each once the previous one has drawn) so drawing several never adds up to one
// long main-thread task; until its turn a chart keeps its place with a placeholder of its height.
import { useState, type ReactNode } from 'react';
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

export function ChartSequence({
  charts,
  height,
  className,
  sectionClassName,
  testId,
  onCategoryClick,
}: {
  charts: ReadonlyArray<SequencedChart>;
  height: number;
  className: string;
  sectionClassName: string;
  testId: string;
  /** A click on a chart: the index of the category nearest it. */
  onCategoryClick?: (index: number) => void;
}) {
  const [drawn, setDrawn] = useState(0);
  return (
    <div className={className} data-testid={testId} data-charts-drawn={drawn >= charts.length ? 'true' : 'false'}>
      {charts.map((c, i) => (
        <section key={c.key} className={sectionClassName} aria-label={c.title}>
          {c.head}
          {i <= drawn ? (
            <Chart
              option={c.option}
              height={height}
              ariaLabel={c.ariaLabel}
              onDrawn={() => setDrawn((n) => Math.max(n, i + 1))}
              onCategoryClick={onCategoryClick}
            />
          ) : (
            <div className="chart-placeholder" style={{ height }} aria-hidden="true" />
          )}
        </section>
      ))}
    </div>
  );
}
