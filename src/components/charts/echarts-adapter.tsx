// The one module that imports echarts (eslint enforces it): echarts/core with only the line chart, the components
// the compare charts use and the canvas renderer, drawn through echarts-for-react's core build. Load it lazily.
import { useEffect, useRef } from 'react';
import EChartsReactCore from 'echarts-for-react/esm/core';
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
  /** Called once the chart has drawn its option (echarts' 'finished'). */
  onDrawn?: () => void;
  ariaLabel: string;
};

/** A dark-themed ECharts canvas that follows its container's width. */
export function EChart({ option, height, onDrawn, ariaLabel }: EChartProps) {
  const drawn = useRef(onDrawn);
  useEffect(() => {
    drawn.current = onDrawn;
  }, [onDrawn]);
  return (
    <div role="img" aria-label={ariaLabel} style={{ width: '100%', height }}>
      <EChartsReactCore
        echarts={echarts}
        option={option}
        theme="dark"
        notMerge
        style={{ width: '100%', height }}
        opts={{ renderer: 'canvas' }}
        onChartReady={(chart) => {
          // The option is drawn synchronously by now (animation is off); report on the next 'finished' to be safe.
          let reported = false;
          const report = () => {
            if (reported) return;
            reported = true;
            drawn.current?.();
          };
          chart.on('finished', report);
          if (!chart.isDisposed()) setTimeout(report, 0);
        }}
      />
    </div>
  );
}
