import { Button, Space, Typography } from 'antd';
import DemoPage from '../components/DemoPage';
import { useDemoT } from '../components/demoI18n';

/** Sticky: a bar that stays at the top of the page while the long content under it scrolls. */
export default function StickyDemo() {
  const { t } = useDemoT();
  return (
    <DemoPage id="sticky">
      <div data-testid="sticky-bar" style={{ position: 'sticky', top: 0, zIndex: 2, padding: 12, background: 'var(--orbit-primary, #5542f6)', color: '#fff' }}>
        <Space>
          {t('sticky.bar')}
          <Button size="small">{t('sticky.publish')}</Button>
        </Space>
      </div>
      {Array.from({ length: 40 }, (_, i) => (
        <Typography.Paragraph key={i}>{t('sticky.line', { n: i + 1 })}</Typography.Paragraph>
      ))}
    </DemoPage>
  );
}
