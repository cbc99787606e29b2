import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { App, Button, Input, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SetupField, SetupModule } from '@orbit/shared/contract/setup';
import type { CrmModule } from '@orbit/shared/crm/modules';
import { deleteField, fieldUsage } from '../../../../api/setup';
import { RequestError } from '../../../../api/request';
import FieldDialog from './FieldDialog';
import type { useSetupModule } from './useSetupModule';

type Props = { module: CrmModule; data: SetupModule; setup: ReturnType<typeof useSetupModule> };

/** Every field of the module, standard and custom: type, labels, required, where it is used; custom ones can be deleted. */
export default function FieldsTab({ module, data, setup }: Props) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const [dialog, setDialog] = useState<{ field: SetupField | null } | null>(null);
  const [q, setQ] = useState('');
  const needle = q.trim().toLowerCase();
  const rows = data.fields.filter((f) => !needle || [f.name, f.labelEn, f.labelZh].some((s) => s.toLowerCase().includes(needle)));
  const customCount = data.fields.filter((f) => !f.standard).length;
  // The template holds every standard field: naming it beside each would say nothing.
  const templates = new Set(data.layouts.filter((l) => l.isTemplate).map((l) => l.label));

  const remove = async (field: SetupField) => {
    const usage = (await fieldUsage(module, field.name)).data;
    modal.confirm({
      title: t('setup.field.deleteTitle', { label: field.label }),
      content: (
        <div data-testid="delete-field-confirm">
          <p>{t('setup.field.deleteRecords', { count: usage.records })}</p>
          <p>{t('setup.field.deleteViews', { count: usage.views })}</p>
          {usage.layouts.length > 0 && <p>{t('setup.field.deleteLayouts', { layouts: usage.layouts.join(', ') })}</p>}
        </div>
      ),
      okText: t('setup.field.delete'),
      cancelText: t('common.cancel'),
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await deleteField(module, field.name);
          void message.success(t('setup.field.deleted'));
          await setup.refresh();
        } catch (error) {
          if (error instanceof RequestError && error.message) void message.error(error.message);
        }
      },
    });
  };

  const kind = (f: SetupField) =>
    f.system ? <Tag>{t('setup.field.system')}</Tag> : f.standard ? <Tag color="blue">{t('setup.field.standard')}</Tag> : <Tag color="green">{t('setup.field.custom')}</Tag>;

  return (
    <>
      <Space style={{ marginBottom: 12, display: 'flex', justifyContent: 'space-between' }} wrap>
        <Space>
          {setup.can.add && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ field: null })} data-testid="new-field">
              {t('setup.field.new')}
            </Button>
          )}
          <Input.Search allowClear placeholder={t('setup.field.search')} onChange={(e) => setQ(e.target.value)} style={{ width: 220 }} data-testid="field-search" />
        </Space>
        <Typography.Text type="secondary">{t('setup.field.count', { custom: customCount, max: data.customFieldLimit })}</Typography.Text>
      </Space>
      <Table<SetupField>
        size="small"
        rowKey="name"
        dataSource={rows}
        pagination={false}
        scroll={{ x: 900 }}
        data-testid="field-table"
        columns={[
          { title: t('setup.field.label'), dataIndex: 'label', render: (_, f) => <span data-testid={`field-row-${f.name}`}>{f.label}</span> },
          { title: t('setup.field.name'), dataIndex: 'name', render: (name: string) => <Typography.Text code>{name}</Typography.Text> },
          { title: t('setup.field.type'), dataIndex: 'type', render: (type: string) => t(`server.setup.type.${type}`) },
          { title: t('setup.field.labelEn'), dataIndex: 'labelEn', responsive: ['lg'] },
          { title: t('setup.field.labelZh'), dataIndex: 'labelZh', responsive: ['lg'] },
          { title: t('setup.field.required'), dataIndex: 'required', width: 90, render: (required: boolean) => (required ? t('setup.yes') : '') },
          { title: t('setup.field.kind'), key: 'kind', width: 90, render: (_, f) => kind(f) },
          {
            title: t('setup.field.usedIn'),
            key: 'usage',
            render: (_, f) => (
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {[...f.layouts.filter((name) => !templates.has(name)), ...(f.views ? [t('setup.field.views', { count: f.views })] : [])].join(' · ')}
              </Typography.Text>
            ),
          },
          {
            title: '',
            key: 'actions',
            width: 100,
            fixed: 'right',
            render: (_, f) => (
              <Space size={0}>
                {setup.can.edit && (
                  <Button type="link" size="small" icon={<EditOutlined />} aria-label={`${t('setup.field.edit')} ${f.label}`} onClick={() => setDialog({ field: f })} data-testid={`edit-field-${f.name}`} />
                )}
                {setup.can.remove && !f.standard && (
                  <Button type="link" size="small" danger icon={<DeleteOutlined />} aria-label={`${t('setup.field.delete')} ${f.label}`} onClick={() => void remove(f)} data-testid={`delete-field-${f.name}`} />
                )}
              </Space>
            ),
          },
        ]}
      />
      <FieldDialog module={module} data={data} target={dialog} onClose={() => setDialog(null)} onSaved={setup.refresh} />
    </>
  );
}
