import { FloatButton, Typography } from 'antd';
import DemoPage from '../components/DemoPage';
import { useDemoT } from '../components/demoI18n';

/** Back to top: scroll down the long page and a button takes you back up. */
export default function BackToTopDemo() {
  const { t } = useDemoT();
  return (
    <DemoPage id="backToTop">
      {Array.from({ length: 60 }, (_, i) => (
        <Typography.Paragraph key={i}>{t('backToTop.line', { n: i + 1 })}</Typography.Paragraph>
      ))}
      <FloatButton.BackTop visibilityHeight={300} />
    </DemoPage>
  );
}
