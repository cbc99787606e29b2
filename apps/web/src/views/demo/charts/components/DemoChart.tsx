import { useEffect, useRef } from 'react';
import type { EChartsCoreOption } from 'echarts/core';

/** An ECharts chart of the given option, ECharts loaded when the first chart mounts. */
export default function DemoChart({ option, height = 'calc(100vh - 260px)' }: { option: EChartsCoreOption; height?: string }) {
  const element = useRef<HTMLDivElement>(null);
  useEffect(() => {
    let disposed = false;
    let chart: { dispose(): void; resize(): void } | undefined;
    const handleResize = () => chart?.resize();
    void import('./echartsDemo').then(({ default: echarts }) => {
      if (disposed || !element.current) return;
      const instance = echarts.init(element.current);
      instance.setOption(option);
      chart = instance;
      window.addEventListener('resize', handleResize);
    });
    return () => {
      disposed = true;
      window.removeEventListener('resize', handleResize);
      chart?.dispose();
    };
  }, [option]);
  return <div ref={element} data-testid="demo-chart" style={{ width: '100%', height, minHeight: 360 }} />;
}
