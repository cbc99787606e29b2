import { useMemo } from 'react';
import DemoPage from '../components/DemoPage';
import { useDemoT } from '../components/demoI18n';
import DemoChart from './components/DemoChart';
import { series } from './components/chartData';

/** Keyboard chart: a bar chart of generated data with a zoom bar. */
export default function KeyboardChart() {
  const { t } = useDemoT();
  const option = useMemo(() => {
    const x = Array.from({ length: 60 }, (_, i) => `${i + 1}`);
    return {
      tooltip: { trigger: 'axis' },
      xAxis: { type: 'category', data: x },
      yAxis: { type: 'value' },
      dataZoom: [{ type: 'inside' }, { type: 'slider' }],
      series: [{ name: t('charts.keyboard.series'), type: 'bar', data: series(60, 7, 500), itemStyle: { color: '#5542f6' } }],
    };
  }, [t]);
  return (
    <DemoPage id="charts.keyboard">
      <DemoChart option={option} />
    </DemoPage>
  );
}
