import { Card, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useDemoT } from './demoI18n';
import './demo.css';

/** The frame of every template demo page: its title, a line on what it shows, and the demo. */
export default function DemoPage({ id, children, extra }: { id: string; children: ReactNode; extra?: ReactNode }) {
  const { t } = useDemoT();
  return (
    <Card variant="borderless" title={t(`${id}.title`)} extra={extra} data-demo={id}>
      <Typography.Paragraph type="secondary">{t(`${id}.intro`)}</Typography.Paragraph>
      {children}
    </Card>
  );
}
