import { CopyOutlined, DeleteOutlined } from '@ant-design/icons';
import { Alert, Button, Form, Input, Select, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldMeta } from '@orbit/shared/contract/crm';
import type { SetupModule } from '@orbit/shared/contract/setup';
import type { CrmModule } from '@orbit/shared/crm/modules';
import { copyLayout, deleteLayout } from '../../../../api/setup';
import DialogForm from '../../../../components/admin/DialogForm';
import FormDialog from '../../../../components/admin/FormDialog';
import { useConfirm } from '../../../../components/admin/useConfirm';
import { useFormSubmit } from '../../../../components/admin/useFormSubmit';
import LayoutEditor from './LayoutEditor';
import { useOpeningValues } from './useOpeningValues';
import type { useSetupModule } from './useSetupModule';

type Props = { module: CrmModule; data: SetupModule; setup: ReturnType<typeof useSetupModule> };

/** The module's page layouts: pick one to edit (the template only to look at and copy), copy, delete an unused one. */
export default function LayoutsTab({ module, data, setup }: Props) {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const own = data.layouts.filter((l) => !l.isTemplate);
  const [selected, setSelected] = useState<number>(() => {
    const partner = data.recordTypes.find((r) => !r.isDefault && r.layoutId)?.layoutId;
    return own[0]?.id ?? partner ?? data.layouts[0]!.id;
  });
  const [copying, setCopying] = useState(false);
  const layout = data.layouts.find((l) => l.id === selected) ?? data.layouts[0]!;
  const typeLabels = data.recordTypes.filter((r) => layout.recordTypes.includes(r.id)).map((r) => r.label);
  const fields = data.fields as FieldMeta[];

  return (
    <>
      <Space style={{ marginBottom: 12 }} wrap>
        <Typography.Text>{t('setup.layout.choose')}</Typography.Text>
        <Select
          value={layout.id}
          onChange={setSelected}
          style={{ width: 280 }}
          data-testid="layout-select"
          options={data.layouts.map((l) => ({ value: l.id, label: l.isTemplate ? `${l.label} · ${t('setup.layout.template')}` : l.label }))}
        />
        {setup.can.add && (
          <Button icon={<CopyOutlined />} onClick={() => setCopying(true)} data-testid="layout-copy">
            {t('setup.layout.copy')}
          </Button>
        )}
        {setup.can.remove && !layout.isTemplate && layout.recordTypes.length === 0 && own.length > 1 && own[0]!.id !== layout.id && (
          <Button danger icon={<DeleteOutlined />} onClick={() => confirm(t('setup.layout.deleteConfirm', { name: layout.label }), async () => {
            await deleteLayout(module, layout.id);
            setSelected(own[0]!.id);
            await setup.refresh();
          })}>
            {t('setup.layout.delete')}
          </Button>
        )}
        <Typography.Text type="secondary">{typeLabels.length ? t('setup.layout.usedBy', { types: typeLabels.join(', ') }) : layout.isTemplate ? '' : t('setup.layout.unused')}</Typography.Text>
        {layout.isTemplate && <Tag>{t('setup.layout.template')}</Tag>}
      </Space>
      {layout.isTemplate && <Alert type="warning" showIcon title={t('setup.layout.templateNote')} style={{ marginBottom: 12 }} data-testid="template-note" />}
      <LayoutEditor key={`${layout.id}:${data.version}`} module={module} layout={layout} fields={fields} canEdit={setup.can.edit} onSaved={setup.refresh} />
      <CopyLayoutDialog
        open={copying}
        name={t('setup.layout.copyOf', { name: layout.label })}
        onClose={() => setCopying(false)}
        onSave={async (name) => {
          const id = (await copyLayout(module, layout.id, name)).data;
          await setup.refresh();
          setSelected(id);
        }}
      />
    </>
  );
}

function CopyLayoutDialog({ open, name, onClose, onSave }: { open: boolean; name: string; onClose: () => void; onSave: (name: string) => Promise<void> }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ name: string }>();
  const { saving, submit } = useFormSubmit(form, (v) => onSave(v.name), onClose);
  useOpeningValues(form, open, { name: name.slice(0, 60) });
  return (
    <FormDialog open={open} title={t('setup.layout.copyTitle')} saving={saving} onSubmit={() => void submit()} onClose={onClose}>
      <DialogForm form={form} layout="vertical" initialValues={{ name: name.slice(0, 60) }}>
        <Form.Item name="name" label={t('setup.layout.copyName')} rules={[{ required: true, whitespace: true, max: 60 }]}>
          <Input data-testid="layout-copy-name" />
        </Form.Item>
      </DialogForm>
    </FormDialog>
  );
}
