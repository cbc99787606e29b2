import { Skeleton } from 'antd';
import type { ECharts } from 'echarts/core';
import { useEffect, useRef, useState } from 'react';
import type { ReportResult } from '@orbit/shared/contract/report';
import type { ChartType } from '@orbit/shared/crm/report';
import { chartOption, type ChartLabels, type ChartPoint } from './chartOption';

type Props = {
  result: ReportResult;
  type: ChartType;
  aggregate: number;
  labels: ChartLabels;
  height?: number;
  /** A click on a bar, slice or point: the group keys it stands for. */
  onSegment?: (point: ChartPoint) => void;
};

/**
 * A report's chart. ECharts is imported here, lazily: it loads with the first chart of a report or
 * dashboard page and never with the rest of the app (bench/bundleSize.ts keeps it out of the entry).
 */
export default function ReportChart({ result, type, aggregate, labels, height = 320, onSegment }: Props) {
  const box = useRef<HTMLDivElement>(null);
  const [ready, setReady] = useState(false);
  const { option, points } = chartOption(result, type, aggregate, labels);
  const optionText = JSON.stringify(option);

  useEffect(() => {
    let disposed = false;
    let chart: ECharts | undefined;
    const observer = new ResizeObserver(([entry]) => {
      if (!chart || !entry) return;
      // The first observation reports the size the chart was just drawn at: no second drawing then.
      const { width, height } = entry.contentRect;
      if (Math.round(width) !== chart.getWidth() || Math.round(height) !== chart.getHeight()) chart.resize();
    });
    void import('./echartsSetup').then(({ init }) => {
      if (disposed || !box.current) return;
      const instance = init(box.current);
      chart = instance;
      instance.setOption(JSON.parse(optionText) as Record<string, unknown>);
      instance.on('click', (event) => {
        const p = event as { seriesIndex?: number; dataIndex?: number };
        const point = points[p.seriesIndex ?? 0]?.[p.dataIndex ?? 0];
        if (point) onSegment?.(point);
      });
      observer.observe(box.current);
      setReady(true);
    });
    return () => {
      disposed = true;
      observer.disconnect();
      chart?.dispose();
    };
    // The option's text is its identity: a new result redraws, a re-render does not.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [optionText]);

  return (
    <div style={{ position: 'relative', height }} data-testid="report-chart">
      {!ready && <Skeleton active style={{ position: 'absolute', inset: 0 }} />}
      <div ref={box} style={{ width: '100%', height: '100%' }} />
    </div>
  );
}
