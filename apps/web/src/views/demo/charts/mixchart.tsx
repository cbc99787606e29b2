import { useMemo } from 'react';
import DemoPage from '../components/DemoPage';
import { useDemoT } from '../components/demoI18n';
import DemoChart from './components/DemoChart';
import { months, series } from './components/chartData';

/** Mix chart: stacked bars with a line of their average. */
export default function MixChartDemo() {
  const { t } = useDemoT();
  const option = useMemo(() => {
    const a = series(12, 5, 300);
    const b = series(12, 17, 300);
    return {
      tooltip: { trigger: 'axis' },
      legend: { data: [t('charts.female'), t('charts.male'), t('charts.average')] },
      xAxis: { type: 'category', data: months(12) },
      yAxis: { type: 'value' },
      dataZoom: [{ type: 'slider' }],
      series: [
        { name: t('charts.female'), type: 'bar', stack: 'total', data: a },
        { name: t('charts.male'), type: 'bar', stack: 'total', data: b },
        { name: t('charts.average'), type: 'line', data: a.map((v, i) => Math.round((v + b[i]!) / 2)) },
      ],
    };
  }, [t]);
  return (
    <DemoPage id="charts.mixchart">
      <DemoChart option={option} />
    </DemoPage>
  );
}
