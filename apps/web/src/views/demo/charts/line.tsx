import { useMemo } from 'react';
import DemoPage from '../components/DemoPage';
import { useDemoT } from '../components/demoI18n';
import DemoChart from './components/DemoChart';
import { months, series } from './components/chartData';

/** Line chart: two generated series over twelve months. */
export default function LineChartDemo() {
  const { t } = useDemoT();
  const option = useMemo(() => ({
    tooltip: { trigger: 'axis' },
    legend: { data: [t('charts.expected'), t('charts.actual')] },
    xAxis: { type: 'category', data: months(12), boundaryGap: false },
    yAxis: { type: 'value' },
    series: [
      { name: t('charts.expected'), type: 'line', smooth: true, data: series(12, 3, 200) },
      { name: t('charts.actual'), type: 'line', smooth: true, areaStyle: {}, data: series(12, 11, 200) },
    ],
  }), [t]);
  return (
    <DemoPage id="charts.line">
      <DemoChart option={option} />
    </DemoPage>
  );
}
