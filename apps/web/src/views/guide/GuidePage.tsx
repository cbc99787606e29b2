import { Card, Steps, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

const STEPS = ['sidebar', 'breadcrumb', 'tags', 'search', 'settings'] as const;

/** Guide (not cached: it starts from the first step each time it is opened). */
export default function GuidePage() {
  const { t } = useTranslation();
  const [current, setCurrent] = useState(0);
  return (
    <Card variant="borderless">
      <Typography.Title level={3}>{t('guide.title')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('guide.intro')}</Typography.Paragraph>
      <Steps
        orientation="vertical"
        current={current}
        onChange={setCurrent}
        items={STEPS.map((step) => ({ title: t(`guide.${step}.title`), content: t(`guide.${step}.text`) }))}
      />
    </Card>
  );
}
