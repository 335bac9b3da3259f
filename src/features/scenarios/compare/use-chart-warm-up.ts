// Warms the chart code up for the compare screen after its first load: at the user's first sign of intent, or once
// the page has been quiet for a while, whichever is first.
import { useEffect, useState } from 'react';
import { preloadCharts } from '../../../components/charts/LazyChart';

/** How long an untouched screen waits before warming the charts up (after its first load has settled). */
const CHART_WARM_DELAY_MS = 3000;

/** True once the chart code is loaded and warm (or failed to load; the charts then load on demand). */
export function useChartWarmUp(): boolean {
  const [chartsWarm, setChartsWarm] = useState(false);
  useEffect(() => {
    // The chart code downloads and warms up while the user picks, so a comparison waits for neither. Not during the
    // screen's first load: evaluating echarts and its warm-up draws are several long tasks on a slow phone (total
    // blocking time, docs/app.md). They start at the user's first sign of intent (pointer, key, focus) or once the
    // page has been quiet for a while, whichever is first.
    let started = false;
    const start = () => {
      if (started) return;
      started = true;
      stop();
      preloadCharts()
        .catch(() => undefined)
        .finally(() => setChartsWarm(true));
    };
    const intents = ['pointerdown', 'pointermove', 'keydown', 'focusin', 'touchstart'] as const;
    const timer = setTimeout(start, CHART_WARM_DELAY_MS);
    function stop() {
      clearTimeout(timer);
      for (const type of intents) window.removeEventListener(type, start, true);
    }
    for (const type of intents) window.addEventListener(type, start, { capture: true, passive: true });
    return stop;
  }, []);
  return chartsWarm;
}
