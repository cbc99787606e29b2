import { Card, Col, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

const SECTIONS = ['sales', 'navigation', 'files', 'settings'] as const;

/** Documentation (pinned tab): how the product is organised and how to find one's way around. */
export default function DocumentationPage() {
  const { t } = useTranslation();
  return (
    <Card variant="borderless">
      <Typography.Title level={3}>{t('docs.title')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('docs.intro')}</Typography.Paragraph>
      <Row gutter={[16, 16]}>
        {SECTIONS.map((section) => (
          <Col key={section} xs={24} md={12}>
            <Card size="small" title={t(`docs.${section}.title`)}>
              <Typography.Paragraph style={{ marginBottom: 0 }}>{t(`docs.${section}.text`)}</Typography.Paragraph>
            </Card>
          </Col>
        ))}
      </Row>
    </Card>
  );
}
