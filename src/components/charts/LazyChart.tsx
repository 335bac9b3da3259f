// The compare charts' entry point for features: the echarts adapter loaded on demand (its own chunk), so pages
// without charts never download chart code. A 400 px placeholder keeps the layout still while it loads.
import { useEffect, useState } from 'react';
import type { ChartOption } from './chart-options';
import type { EChartProps } from './echarts-adapter';

type Adapter = typeof import('./echarts-adapter');

let adapter: Adapter | null = null;
let loading: Promise<Adapter> | null = null;

function loadAdapter(): Promise<Adapter> {
  loading ??= import('./echarts-adapter').then((m) => {
    adapter = m;
    return m;
  });
  return loading;
}

/**
 * Starts downloading the chart code early (when the compare screen opens) and warms echarts up off-screen in
 * small steps, so the first comparison draws at full speed.
 */
export function preloadCharts(
  charts: 'compare' | 'fan' = 'compare',
  samples?: ReadonlyArray<ChartOption>,
): Promise<unknown> {
  // 'fan': the Uncertainty mode's fan charts (stacked bands), warmed only once that view opens, on `samples` (fan
  // chart options on made-up figures) when given.
  return loadAdapter().then((m) => (charts === 'fan' ? m.warmUpFanCharts(samples) : m.warmUpCharts()));
}

/**
 * Not React.lazy: a lazy component suspends on its first render even when its code is already here, and React
 * holds a revealed Suspense boundary back for up to 300 ms, which the first comparison would wait for.
 */
export function Chart(props: EChartProps) {
  const [loaded, setLoaded] = useState<Adapter | null>(adapter);
  useEffect(() => {
    if (loaded) return;
    let live = true;
    loadAdapter().then(
      (m) => live && setLoaded(m),
      (err: unknown) => console.error('Could not load the chart code', err),
    );
    return () => {
      live = false;
    };
  }, [loaded]);
  if (!loaded) return <div className="chart-placeholder" style={{ height: props.height }} aria-hidden="true" />;
  const { EChart } = loaded;
  return <EChart {...props} />;
}
