import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, HolderOutlined, PlusOutlined } from '@ant-design/icons';
import { App, Button, Card, Checkbox, Col, Empty, Input, Radio, Row, Select, Space, Tooltip, Typography } from 'antd';
import { useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldMeta } from '@orbit/shared/contract/crm';
import type { SetupLayout } from '@orbit/shared/contract/setup';
import type { CrmModule } from '@orbit/shared/crm/modules';
import { updateLayout } from '../../../../api/setup';
import { RequestError } from '../../../../api/request';
import { addSection, isLocked, missingLocked, moveBy, placeField, removeField, removeSection, setFlag, toDraft, unplacedFields, updateSection, type LayoutDraft } from './layoutDraft';
import LayoutPreview from './LayoutPreview';

type Props = { module: CrmModule; layout: SetupLayout; fields: FieldMeta[]; canEdit: boolean; onSaved: () => Promise<void> };

const DRAG_TYPE = 'application/x-orbit-field';

/**
 * Edits one page layout: sections (titles in both languages, one or two columns), fields moved by
 * dragging (native drag and drop) or with the arrows, marked required or read-only in this layout,
 * with the form's preview beside. A field required by its definition cannot be removed; the
 * template is shown read-only (it can be copied).
 */
export default function LayoutEditor({ module, layout, fields, canEdit, onSaved }: Props) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const [draft, setDraft] = useState<LayoutDraft>(() => toDraft(layout));
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const editable = canEdit && !layout.isTemplate;
  const byName = new Map(fields.map((f) => [f.name, f]));
  const unplaced = unplacedFields(draft, fields);
  const missing = missingLocked(draft, fields);

  const save = async () => {
    setSaving(true);
    setError(null);
    try {
      await updateLayout(module, layout.id, { name: draft.name, sections: draft.sections });
      void message.success(t('setup.layout.saved'));
      await onSaved();
    } catch (e) {
      if (e instanceof RequestError) setError(Object.values(e.errors ?? {})[0] ?? e.message);
    } finally {
      setSaving(false);
    }
  };

  const onDrop = (sectionKey: string, index?: number) => (event: DragEvent) => {
    const name = event.dataTransfer.getData(DRAG_TYPE);
    if (!name || !editable) return;
    event.preventDefault();
    event.stopPropagation();
    setDraft((d) => placeField(d, name, sectionKey, index));
  };
  const allowDrop = (event: DragEvent) => {
    if (editable && event.dataTransfer.types.includes(DRAG_TYPE)) event.preventDefault();
  };

  return (
    <Row gutter={16}>
      <Col xs={24} xl={14}>
        <Space style={{ marginBottom: 12 }} wrap>
          <Input value={draft.name} disabled={!editable} onChange={(e) => setDraft({ ...draft, name: e.target.value })} addonBefore={t('setup.layout.name')} style={{ width: 320 }} data-testid="layout-name" />
          {editable && (
            <Button type="primary" loading={saving} disabled={missing.length > 0} onClick={() => void save()} data-testid="layout-save">
              {t('setup.layout.save')}
            </Button>
          )}
        </Space>
        {editable && <Typography.Paragraph type="secondary">{t('setup.layout.dragHint')}</Typography.Paragraph>}
        {error && (
          <Typography.Paragraph type="danger" data-testid="layout-error">
            {error}
          </Typography.Paragraph>
        )}
        {missing.map((f) => (
          <Typography.Paragraph type="danger" key={f.name}>
            {t('server.setup.layoutRequiredField', { name: f.label })}
          </Typography.Paragraph>
        ))}
        {draft.sections.map((section, si) => (
          <Card
            key={section.key}
            size="small"
            style={{ marginBottom: 12 }}
            data-testid={`layout-section-${section.key}`}
            onDragOver={allowDrop}
            onDrop={onDrop(section.key)}
            title={
              <Space wrap>
                <Input size="small" value={section.titleEn} disabled={!editable} aria-label={t('setup.layout.sectionTitleEn')} placeholder={t('setup.layout.sectionTitleEn')}
                  onChange={(e) => setDraft(updateSection(draft, section.key, { titleEn: e.target.value }))} style={{ width: 170 }} data-testid={`section-title-en-${si}`} />
                <Input size="small" value={section.titleZh} disabled={!editable} aria-label={t('setup.layout.sectionTitleZh')} placeholder={t('setup.layout.sectionTitleZh')}
                  onChange={(e) => setDraft(updateSection(draft, section.key, { titleZh: e.target.value }))} style={{ width: 130 }} data-testid={`section-title-zh-${si}`} />
                <Radio.Group size="small" value={section.columns} disabled={!editable} optionType="button"
                  options={[{ value: 1, label: t('setup.layout.oneColumn') }, { value: 2, label: t('setup.layout.twoColumns') }]}
                  onChange={(e) => setDraft(updateSection(draft, section.key, { columns: e.target.value as 1 | 2 }))} />
              </Space>
            }
            extra={
              editable && (
                <Tooltip title={t('setup.layout.removeSection')}>
                  <Button size="small" type="text" danger icon={<DeleteOutlined />} aria-label={t('setup.layout.removeSection')} onClick={() => setDraft(removeSection(draft, section.key))} />
                </Tooltip>
              )
            }
          >
            {section.fields.length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('setup.layout.emptySection')} />}
            {section.fields.map((item, fi) => {
              const field = byName.get(item.field);
              const locked = isLocked(field);
              return (
                <div
                  key={item.field}
                  className="setup-layout-field"
                  draggable={editable}
                  onDragStart={(e) => {
                    e.dataTransfer.setData(DRAG_TYPE, item.field);
                    e.dataTransfer.effectAllowed = 'move';
                  }}
                  onDragOver={allowDrop}
                  onDrop={onDrop(section.key, fi)}
                  data-testid={`layout-field-${item.field}`}
                >
                  {editable && <HolderOutlined className="setup-drag-handle" />}
                  <span className="setup-layout-field-label">
                    {field?.label ?? item.field}
                    {(field?.required || item.required) && <span className="setup-required-mark"> *</span>}
                  </span>
                  <Space size={4} wrap>
                    <Checkbox checked={!!item.required || !!field?.required} disabled={!editable || !!field?.required || !!field?.readOnly} onChange={(e) => setDraft(setFlag(draft, item.field, 'required', e.target.checked))} data-testid={`layout-required-${item.field}`}>
                      {t('setup.layout.requiredHere')}
                    </Checkbox>
                    <Checkbox checked={!!item.readOnly || !!field?.readOnly} disabled={!editable || !!field?.readOnly || locked} onChange={(e) => setDraft(setFlag(draft, item.field, 'readOnly', e.target.checked))}>
                      {t('setup.layout.readOnlyHere')}
                    </Checkbox>
                    {editable && (
                      <>
                        <Button size="small" type="text" icon={<ArrowUpOutlined />} aria-label={t('setup.layout.moveUp')} disabled={si === 0 && fi === 0} onClick={() => setDraft(moveBy(draft, item.field, -1))} />
                        <Button size="small" type="text" icon={<ArrowDownOutlined />} aria-label={t('setup.layout.moveDown')} disabled={si === draft.sections.length - 1 && fi === section.fields.length - 1} onClick={() => setDraft(moveBy(draft, item.field, 1))} />
                        {draft.sections.length > 1 && (
                          <Select size="small" value={section.key} style={{ width: 130 }} aria-label={t('setup.layout.moveTo')} popupMatchSelectWidth={false}
                            options={draft.sections.map((s) => ({ value: s.key, label: (i18n.language === 'zh' ? s.titleZh : s.titleEn) || s.key }))}
                            onChange={(key: string) => setDraft(placeField(draft, item.field, key))} />
                        )}
                        <Tooltip title={locked ? t('setup.layout.requiredByDefinition') : t('setup.layout.removeField')}>
                          <Button size="small" type="text" danger icon={<DeleteOutlined />} disabled={locked} aria-label={t('setup.layout.removeField')} onClick={() => setDraft(removeField(draft, item.field))} data-testid={`layout-remove-${item.field}`} />
                        </Tooltip>
                      </>
                    )}
                  </Space>
                </div>
              );
            })}
            {editable && unplaced.length > 0 && (
              <Select<string>
                size="small"
                showSearch
                optionFilterProp="label"
                value={null as unknown as string}
                placeholder={<><PlusOutlined /> {t('setup.layout.addField')}</>}
                style={{ width: 260, marginTop: 8 }}
                options={unplaced.map((f) => ({ value: f.name, label: f.label }))}
                onChange={(name) => setDraft(placeField(draft, name, section.key))}
                data-testid={`layout-add-field-${si}`}
              />
            )}
          </Card>
        ))}
        {editable && (
          <Button type="dashed" icon={<PlusOutlined />} onClick={() => setDraft(addSection(draft, t('setup.layout.newSection', { lng: 'en' }), t('setup.layout.newSection', { lng: 'zh' })))} data-testid="layout-add-section">
            {t('setup.layout.addSection')}
          </Button>
        )}
      </Col>
      <Col xs={24} xl={10}>
        <Card size="small">
          <LayoutPreview draft={draft} fields={fields} />
        </Card>
      </Col>
    </Row>
  );
}
