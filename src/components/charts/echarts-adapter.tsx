// The one module that imports echarts (eslint enforces it): echarts/core with only the line chart, the components
// the compare charts use and the canvas renderer. Load it lazily (LazyChart.tsx), never from a page's initial JS.
import { useEffect, useRef } from 'react';
import * as echarts from 'echarts/core';
import { LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, MarkAreaComponent, MarkLineComponent, TooltipComponent, VisualMapComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import type { ChartOption } from './chart-options';

echarts.use([LineChart, GridComponent, LegendComponent, TooltipComponent, VisualMapComponent, MarkAreaComponent, MarkLineComponent, CanvasRenderer]);

export type EChartProps = {
  option: ChartOption;
  /** CSS height; the spec's charts are 400 px. */
  height: number;
  /** Called once the chart has drawn its first option. */
  onDrawn?: () => void;
  ariaLabel: string;
};

/** Runs fn in a later task, so work split across calls never adds up to one long main-thread task. */
function nextTask(fn: () => void): () => void {
  const id = setTimeout(fn, 0);
  return () => clearTimeout(id);
}

/**
 * A dark-themed ECharts canvas that follows its container's width. Not echarts-for-react: its core component
 * initialises every chart twice (init, wait for 'finished', dispose, init again, draw) inside one animation frame,
 * which measured 35-80 ms main-thread tasks per chart here. This one creates the instance in one task and draws the
 * option in the next.
 */
export function EChart({ option, height, onDrawn, ariaLabel }: EChartProps) {
  const host = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);
  const latest = useRef({ option, onDrawn });
  useEffect(() => {
    latest.current = { option, onDrawn };
  }, [option, onDrawn]);

  useEffect(() => {
    const el = host.current;
    if (!el) return;
    let cancel = () => {};
    let resize: ResizeObserver | null = null;
    cancel = nextTask(() => {
      const instance = echarts.init(el, 'dark', { renderer: 'canvas' });
      chart.current = instance;
      cancel = nextTask(() => {
        instance.setOption(latest.current.option, { notMerge: true });
        // Only real size changes: the observer's first call reports the size the chart was just drawn at.
        resize = new ResizeObserver(() => {
          if (el.clientWidth !== instance.getWidth() || el.clientHeight !== instance.getHeight()) instance.resize();
        });
        resize.observe(el);
        cancel = nextTask(() => latest.current.onDrawn?.());
      });
    });
    return () => {
      cancel();
      resize?.disconnect();
      chart.current?.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    // Later options (the first is drawn by the effect above once the instance exists).
    chart.current?.setOption(option, { notMerge: true });
  }, [option]);

  return <div ref={host} role="img" aria-label={ariaLabel} style={{ width: '100%', height }} />;
}
