import { Col, Form, Input, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FieldMeta } from '@orbit/shared/contract/crm';
import type { LayoutDraft } from './layoutDraft';

/**
 * The form a layout draws, as the user will see it (sections, one or two columns, required
 * marks, read-only fields), redrawn at every change of the draft.
 */
export default function LayoutPreview({ draft, fields }: { draft: LayoutDraft; fields: FieldMeta[] }) {
  const { t, i18n } = useTranslation();
  const byName = new Map(fields.map((f) => [f.name, f]));
  return (
    <div className="setup-layout-preview" data-testid="layout-preview">
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        {t('setup.layout.preview')}
      </Typography.Title>
      <Form layout="vertical" size="small" disabled component="div">
        {draft.sections.map((section) => (
          <section key={section.key}>
            <Typography.Text strong className="crm-section-title">
              {i18n.language === 'zh' ? section.titleZh : section.titleEn}
            </Typography.Text>
            <Row gutter={12} style={{ marginTop: 8 }}>
              {section.fields.map((item) => {
                const field = byName.get(item.field);
                if (!field) return null;
                return (
                  <Col key={item.field} span={section.columns === 2 ? 12 : 24}>
                    <Form.Item label={field.label} required={field.required || item.required} tooltip={field.help || undefined} style={{ marginBottom: 8 }}>
                      <Input placeholder={item.readOnly || field.readOnly ? t('setup.layout.readOnlyHere') : t(`server.setup.type.${field.type}`)} />
                    </Form.Item>
                  </Col>
                );
              })}
            </Row>
          </section>
        ))}
      </Form>
    </div>
  );
}
