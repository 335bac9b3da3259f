// The compare charts' entry point for features: the echarts adapter loaded on demand (its own chunk), so pages
// without charts never download chart code. A 400 px placeholder keeps the layout still while it loads.
import { lazy, Suspense } from 'react';
import type { EChartProps } from './echarts-adapter';

const loadAdapter = () => import('./echarts-adapter');

const LazyEChart = lazy(() => loadAdapter().then((m) => ({ default: m.EChart })));

/**
 * Starts downloading the chart code early (when the compare screen opens) and warms echarts up off-screen in
 * small steps, so the first comparison draws at full speed.
 */
export function preloadCharts(): Promise<unknown> {
  return loadAdapter().then((m) => m.warmUpCharts());
}

export function Chart(props: EChartProps) {
  return (
    <Suspense fallback={<div className="chart-placeholder" style={{ height: props.height }} aria-hidden="true" />}>
      <LazyEChart {...props} />
    </Suspense>
  );
}
