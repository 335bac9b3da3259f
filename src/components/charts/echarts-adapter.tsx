// The one module that imports echarts (eslint enforces it): echarts/core with only the line chart, the components
// the compare charts use and the canvas renderer. Load it lazily (LazyChart.tsx), never from a page's initial JS.
import { useEffect, useRef } from 'react';
import * as echarts from 'echarts/core';
import { LineChart } from 'echarts/charts';
import {
  GridComponent,
  LegendComponent,
  MarkAreaComponent,
  MarkLineComponent,
  TooltipComponent,
} from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import {
  capitalGrowthOption,
  cashFlowOption,
  netWorthOption,
  type ChartInput,
  type ChartOption,
} from './chart-options';

echarts.use([
  LineChart,
  GridComponent,
  LegendComponent,
  TooltipComponent,
  MarkAreaComponent,
  MarkLineComponent,
  CanvasRenderer,
]);

export type EChartProps = {
  option: ChartOption;
  /** CSS height; the spec's charts are 400 px. */
  height: number;
  /** Called once the chart has drawn its first option. */
  onDrawn?: () => void;
  ariaLabel: string;
  /** Called with the x-axis category index (the point's position in the option's dates) of a click on the grid. */
  onCategoryClick?: (index: number) => void;
  /**
   * Lay out and paint the first option in the task that sets it, not in the next animation frame (drawInOneTask):
   * for charts small enough to draw in one short task, so a sequence of them does not wait a frame for each.
   */
  drawAtOnce?: boolean;
};

/**
 * Chart work (create, draw, resize) for every chart on the page runs one step per task, in order, so several
 * charts never add up to one long main-thread task. Returns a cancel function.
 */
type Step = () => void | Promise<void>;

const queue: Step[] = [];
let pumping = false;

/**
 * A new task for the queue's next step: scheduler.postTask where the browser has it, else setTimeout. A chain of
 * setTimeout(0) calls made from timers is held to 4 ms apart after its fifth link, and a new result's charts take
 * some twenty steps (old charts disposed, new ones created and drawn): about 60 ms of waiting on the compare screen.
 */
function later(fn: () => void): void {
  const s = (globalThis as { scheduler?: { postTask?: (cb: () => void) => Promise<unknown> } }).scheduler;
  if (s?.postTask) void s.postTask(fn).catch(() => undefined);
  else setTimeout(fn, 0);
}

function pump(): void {
  const step = queue.shift();
  if (!step) {
    pumping = false;
    return;
  }
  let result: void | Promise<void> = undefined;
  try {
    result = step();
  } catch (err) {
    // One chart failing must not stall every other chart's steps.
    console.error('Chart step failed', err);
  }
  Promise.resolve(result)
    .catch((err: unknown) => console.error('Chart step failed', err))
    .finally(() => later(pump));
}

function nextTask(fn: Step): () => void {
  let live = true;
  queue.push(() => (live ? fn() : undefined));
  if (!pumping) {
    pumping = true;
    later(pump);
  }
  return () => {
    live = false;
  };
}

/**
 * Sets an option in two tasks: echarts merges the option now (lazyUpdate) and lays out and paints it in its next
 * animation frame. Resolves once that frame has drawn, so the next chart's work never shares its frame.
 */
function drawInTwoTasks(instance: echarts.ECharts, option: ChartOption): Promise<void> {
  return new Promise<void>((resolve) => {
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      instance.off('finished', finish);
      resolve();
    };
    instance.on('finished', finish);
    instance.setOption(option, { notMerge: true, lazyUpdate: true });
    // A chart that has nothing to draw may never report 'finished'.
    setTimeout(finish, 1000);
  });
}

/** Sets an option and draws it now, in this task (drawAtOnce). */
function drawInOneTask(instance: echarts.ECharts, option: ChartOption): void {
  instance.setOption(option, { notMerge: true });
}

/** A band between two lines (an invisible base and its width stacked on it) and a line: the fan chart's shape. */
function stackedBandsOption(dates: string[]): ChartOption {
  const band = (stack: string, base: number, width: number) => [
    { type: 'line', stack, stackStrategy: 'all', data: dates.map((_, i) => base + i * 100), lineStyle: { opacity: 0 } },
    {
      type: 'line',
      stack,
      stackStrategy: 'all',
      data: dates.map((_, i) => width + i * 10),
      showSymbol: false,
      lineStyle: { opacity: 0 },
      areaStyle: { opacity: 0.2 },
    },
  ];
  return {
    animation: false,
    legend: { data: ['Median'] },
    xAxis: { type: 'category', boundaryGap: false, data: dates },
    yAxis: { type: 'value', scale: true },
    tooltip: { trigger: 'axis' },
    series: [
      ...band('outer', -2000, 4000),
      ...band('inner', -1000, 2000),
      { type: 'line', name: 'Median', data: dates.map((_, i) => i * 100), showSymbol: false },
    ],
  };
}

let warmed: Promise<void> | null = null;

/**
 * Draws small throwaway charts off-screen, one step per task, while the user is still choosing: echarts' first
 * draws run cold (unoptimised) code and cost several times a warm draw, which would otherwise land in the
 * comparison the user is waiting for.
 */
export function warmUpCharts(): Promise<void> {
  if (warmed || typeof document === 'undefined') return warmed ?? Promise.resolve();
  const el = document.createElement('div');
  const dates = Array.from({ length: 13 }, (_, i) => `2030-${String((i % 12) + 1).padStart(2, '0')}-28`);
  const input = (n: number): ChartInput => ({
    dates,
    series: Array.from({ length: n }, (_, s) => ({
      name: `Warm ${s}`,
      values: dates.map((_, i) => (i === 0 ? null : (i - 6) * 1000 * (s + 1))),
    })),
  });
  let instance: echarts.ECharts | null = null;
  const steps: Array<() => void> = [
    () => (instance = echarts.init(el, 'dark', { renderer: 'canvas', width: 600, height: 300 })),
    () =>
      instance?.setOption(
        {
          xAxis: { type: 'category', data: dates },
          yAxis: { type: 'value' },
          series: [{ type: 'line', data: dates.map((_, i) => i) }],
        },
        { notMerge: true },
      ),
    () => (instance ? drawInTwoTasks(instance, netWorthOption(input(2))) : undefined),
    () => (instance ? drawInTwoTasks(instance, capitalGrowthOption(input(2))) : undefined),
    () => (instance ? drawInTwoTasks(instance, cashFlowOption(input(1))) : undefined),
    () => (instance ? drawInTwoTasks(instance, cashFlowOption(input(3))) : undefined),
    () => (instance ? drawInTwoTasks(instance, netWorthOption(input(5))) : undefined),
  ];
  warmed = new Promise<void>((resolve) => {
    for (const step of steps) nextTask(step);
    nextTask(() => {
      instance?.dispose();
      resolve();
    });
  });
  return warmed;
}

let fansWarmed: Promise<void> | null = null;

/** A fan chart's size on a laptop screen: the warm-up's draws lay out as much as the real ones. */
const FAN_WARM_WIDTH = 900;
const FAN_WARM_HEIGHT = 300;

/**
 * Warms the stacked translucent areas the Uncertainty mode's fan charts draw their percentile bands with. Separate
 * from warmUpCharts: only the Uncertainty view asks for it, so the compare screen's first load doesn't pay for it.
 * `samples`: fan chart options shaped like the real ones (the view's own option builder on made-up figures), each
 * drawn twice the way a fan chart draws (in one task), so the first result's five draws run warm code; without
 * them, one small stand-in.
 */
export function warmUpFanCharts(samples: ReadonlyArray<ChartOption> = []): Promise<void> {
  if (fansWarmed || typeof document === 'undefined') return fansWarmed ?? Promise.resolve();
  const el = document.createElement('div');
  const dates = Array.from({ length: 13 }, (_, i) => `2030-${String((i % 12) + 1).padStart(2, '0')}-28`);
  let instance: echarts.ECharts | null = null;
  fansWarmed = new Promise<void>((resolve) => {
    nextTask(
      () =>
        void (instance = echarts.init(el, 'dark', {
          renderer: 'canvas',
          width: FAN_WARM_WIDTH,
          height: FAN_WARM_HEIGHT,
        })),
    );
    if (samples.length === 0)
      nextTask(() => (instance ? drawInTwoTasks(instance, stackedBandsOption(dates)) : undefined));
    for (const option of [...samples, ...samples]) nextTask(() => void (instance && drawInOneTask(instance, option)));
    nextTask(() => {
      instance?.dispose();
      resolve();
    });
  });
  return fansWarmed;
}

/**
 * A dark-themed ECharts canvas that follows its container's width. Not echarts-for-react: its core component
 * initialises every chart twice (init, wait for 'finished', dispose, init again, draw) inside one animation frame,
 * which measured 35-80 ms main-thread tasks per chart here. This one creates the instance in one task and draws the
 * option in the next.
 */
export function EChart({ option, height, onDrawn, ariaLabel, onCategoryClick, drawAtOnce = false }: EChartProps) {
  const host = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);
  const latest = useRef({ option, onDrawn, ariaLabel, onCategoryClick });
  // Read once, when the chart is created.
  const atOnce = useRef(drawAtOnce);
  const cancelRedraw = useRef<() => void>(() => {});
  const drawnOption = useRef<ChartOption | null>(null);
  /** Draws the latest option, timed ('chart drawn: <label>' in User Timing, for benchmarks). */
  const draw = async (instance: echarts.ECharts) => {
    const { option: current, ariaLabel: label } = latest.current;
    if (current === drawnOption.current) return;
    drawnOption.current = current;
    const start = performance.now();
    if (atOnce.current) drawInOneTask(instance, current);
    else await drawInTwoTasks(instance, current);
    performance.measure(`chart drawn: ${label}`, { start, end: performance.now() });
  };
  useEffect(() => {
    latest.current = { option, onDrawn, ariaLabel, onCategoryClick };
  }, [option, onDrawn, ariaLabel, onCategoryClick]);

  useEffect(() => {
    const el = host.current;
    if (!el) return;
    let cancel = () => {};
    let resize: ResizeObserver | null = null;
    // A resize already queued when the chart goes (a new result replacing it) has nothing left to do.
    let mounted = true;
    // User Timing entries ('chart init: <label>', 'chart drawn: <label>', 'chart resize: <label>') for benchmarks.
    const timed = (name: string, fn: () => void) => {
      const start = performance.now();
      fn();
      performance.measure(`${name}: ${latest.current.ariaLabel}`, { start, end: performance.now() });
    };
    cancel = nextTask(() => {
      let instance!: echarts.ECharts;
      timed('chart init', () => (instance = echarts.init(el, 'dark', { renderer: 'canvas' })));
      chart.current = instance;
      // A click anywhere on the grid (not only on a line's point) picks the nearest x-axis category.
      instance.getZr().on('click', (e: { offsetX: number; offsetY: number }) => {
        const handler = latest.current.onCategoryClick;
        const point = [e.offsetX, e.offsetY];
        if (!handler || !instance.containPixel('grid', point)) return;
        // The grid's data coordinates of the pixel: [category index, value] on a category x-axis.
        const x = instance.convertFromPixel({ gridIndex: 0 }, point) as number | number[];
        const index = Math.round(Array.isArray(x) ? x[0] : x);
        if (Number.isFinite(index) && index >= 0) handler(index);
      });
      cancel = nextTask(async () => {
        // The option and its callback as of this draw: a later option is drawn (and reported) by its own step.
        const { onDrawn: drawn } = latest.current;
        await draw(instance);
        // A real chart has drawn, so the code is warm: a later warmUpCharts (the compare screen asks 3 s after it
        // opens) would only draw throwaway charts.
        warmed ??= Promise.resolve();
        // Only real size changes: the observer's first call reports the size the chart was just drawn at.
        let pending = false;
        resize = new ResizeObserver(() => {
          if (pending || (el.clientWidth === instance.getWidth() && el.clientHeight === instance.getHeight())) return;
          pending = true;
          nextTask(() => {
            pending = false;
            if (mounted && !instance.isDisposed()) timed('chart resize', () => instance.resize());
          });
        });
        resize.observe(el);
        cancel = nextTask(() => drawn?.());
      });
    });
    return () => {
      mounted = false;
      cancel();
      cancelRedraw.current();
      resize?.disconnect();
      // Disposed in its own queued task: a page replacing several charts at once (a new result) would otherwise
      // dispose them all in the one task that removes them.
      const instance = chart.current;
      chart.current = null;
      if (instance) nextTask(() => instance.dispose());
    };
  }, []);

  useEffect(() => {
    // Later options, each drawn in a queued step of its own (the first is drawn by the effect above once the
    // instance exists): a page giving several charts new options at once (a new result on the same charts) then
    // never draws them all in the one task that commits it. Reusing the instance also keeps its canvas, whose
    // first frames cost the compositor several ms each.
    const instance = chart.current;
    if (!instance) return;
    cancelRedraw.current();
    cancelRedraw.current = nextTask(async () => {
      if (instance.isDisposed()) return;
      const { onDrawn: drawn } = latest.current;
      await draw(instance);
      cancelRedraw.current = nextTask(() => drawn?.());
    });
  }, [option]);

  return <div ref={host} role="img" aria-label={ariaLabel} style={{ width: '100%', height }} />;
}
