import { Col, Form, Input, Row, Select, Switch, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RecordTypeMeta } from '@orbit/shared/contract/crm';
import { CUSTOM_FIELD_NAME_PATTERN, type SetupModule } from '@orbit/shared/contract/setup';
import type { CrmModule } from '@orbit/shared/crm/modules';
import { createRecordType, updateRecordType } from '../../../../api/setup';
import DialogForm from '../../../../components/admin/DialogForm';
import FormDialog from '../../../../components/admin/FormDialog';
import { useFormSubmit } from '../../../../components/admin/useFormSubmit';
import { EditRowButton, SetupTabHeader } from './SetupTabParts';
import { useOpeningValues } from './useOpeningValues';
import type { useSetupModule } from './useSetupModule';

type Props = { module: CrmModule; data: SetupModule; setup: ReturnType<typeof useSetupModule> };
type Values = { name: string; labelEn: string; labelZh: string; description?: string; active: boolean; isDefault: boolean; layoutId?: number | null };

/** Record types of the module: create, rename in both languages, activate / deactivate, make default, give a layout. */
export default function RecordTypesTab({ module, data, setup }: Props) {
  const { t } = useTranslation();
  const [dialog, setDialog] = useState<{ type: RecordTypeMeta | null } | null>(null);
  const layoutName = (id: number | null) => data.layouts.find((l) => l.id === id)?.label ?? '—';

  return (
    <>
      <SetupTabHeader
        help={data.recordTypes.length ? t('setup.recordType.help') : t('setup.recordType.none')}
        newLabel={t('setup.recordType.new')}
        canAdd={setup.can.add}
        onNew={() => setDialog({ type: null })}
        testId="new-record-type"
      />
      <Table<RecordTypeMeta>
        size="small"
        rowKey="id"
        dataSource={data.recordTypes}
        pagination={false}
        data-testid="record-type-table"
        columns={[
          { title: t('setup.recordType.label'), dataIndex: 'label', render: (label: string, r) => <span data-testid={`record-type-${r.name}`}>{label}</span> },
          { title: t('setup.recordType.name'), dataIndex: 'name' },
          { title: t('setup.field.labelEn'), dataIndex: 'labelEn', responsive: ['lg'] },
          { title: t('setup.field.labelZh'), dataIndex: 'labelZh', responsive: ['lg'] },
          { title: t('setup.recordType.description'), dataIndex: 'description', responsive: ['xl'] },
          {
            title: t('setup.recordType.active'),
            dataIndex: 'active',
            render: (active: boolean, r) => (
              <>
                {active ? <Tag color="green">{t('setup.recordType.active')}</Tag> : <Tag>{t('setup.recordType.inactive')}</Tag>}
                {r.isDefault && <Tag color="blue">{t('setup.recordType.default')}</Tag>}
              </>
            ),
          },
          { title: t('setup.recordType.layout'), dataIndex: 'layoutId', render: (id: number | null) => layoutName(id) },
          {
            title: '',
            key: 'actions',
            width: 60,
            render: (_, r) =>
              setup.can.edit && <EditRowButton name={r.label} onClick={() => setDialog({ type: r })} testId={`edit-record-type-${r.name}`} />,
          },
        ]}
      />
      <RecordTypeDialog module={module} data={data} target={dialog} onClose={() => setDialog(null)} onSaved={setup.refresh} />
    </>
  );
}

function RecordTypeDialog({ module, data, target, onClose, onSaved }: { module: CrmModule; data: SetupModule; target: { type: RecordTypeMeta | null } | null; onClose: () => void; onSaved: () => Promise<void> }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const type = target?.type ?? null;
  const save = async (values: Values) => {
    const common = { labelEn: values.labelEn, labelZh: values.labelZh, description: values.description ?? '', layoutId: values.layoutId ?? null };
    if (type) await updateRecordType(module, type.id, { ...common, active: values.active, isDefault: values.isDefault });
    else await createRecordType(module, { ...common, name: values.name });
    await onSaved();
  };
  const { saving, submit } = useFormSubmit(form, save, onClose);
  const initial: Partial<Values> = type
    ? { name: type.name, labelEn: type.labelEn, labelZh: type.labelZh, description: type.description, active: type.active, isDefault: type.isDefault, layoutId: type.layoutId }
    : { active: true, isDefault: false };
  useOpeningValues(form, !!target, initial);
  return (
    <FormDialog open={!!target} title={type ? t('setup.recordType.editTitle', { label: type.label }) : t('setup.recordType.createTitle')} saving={saving} onSubmit={() => void submit()} onClose={onClose} width={600}>
      <DialogForm form={form} layout="vertical" initialValues={initial} data-testid="record-type-dialog">
        <Row gutter={16}>
          <Col span={24}>
            <Form.Item name="name" label={t('setup.recordType.name')} extra={type ? undefined : t('setup.field.nameHelp')} rules={type ? [] : [{ required: true, pattern: CUSTOM_FIELD_NAME_PATTERN, message: t('server.setup.fieldNameInvalid') }]}>
              <Input disabled={!!type} data-testid="record-type-name" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="labelEn" label={t('setup.field.labelEn')} rules={[{ required: true, whitespace: true, max: 80 }]}>
              <Input data-testid="record-type-label-en" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="labelZh" label={t('setup.field.labelZh')} extra={t('setup.field.labelZhHelp')} rules={[{ max: 80 }]}>
              <Input data-testid="record-type-label-zh" />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name="description" label={t('setup.recordType.description')} rules={[{ max: 200 }]}>
              <Input />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name="layoutId" label={t('setup.recordType.layout')}>
              <Select allowClear data-testid="record-type-layout" options={data.layouts.filter((l) => !l.isTemplate).map((l) => ({ value: l.id, label: l.label }))} />
            </Form.Item>
          </Col>
          {type && (
            <>
              <Col span={12}>
                <Form.Item name="active" label={t('setup.recordType.active')} valuePropName="checked">
                  <Switch data-testid="record-type-active" />
                </Form.Item>
              </Col>
              <Col span={12}>
                <Form.Item name="isDefault" label={t('setup.recordType.default')} valuePropName="checked">
                  <Switch data-testid="record-type-default" />
                </Form.Item>
              </Col>
            </>
          )}
        </Row>
      </DialogForm>
    </FormDialog>
  );
}
