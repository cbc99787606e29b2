import { Alert, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { createConfigBody, type CreateConfigBody } from '@orbit/shared/contract/config';
import { addConfig, updateConfig } from '../../../../api/system/config';
import DialogForm from '../../../../components/admin/DialogForm';
import FormDialog from '../../../../components/admin/FormDialog';
import { useFormSubmit } from '../../../../components/admin/useFormSubmit';
import { useZodRule } from '../../../../components/admin/useZodRule';
import type { ConfigDialog } from '../useConfigController';

const field = createConfigBody.shape;

/**
 * Add a setting of one's own, or edit one. Of a built-in setting only the value and the remark
 * change (the server checks the value by the setting's rule); an empty value is the default.
 */
export default function ConfigFormDialog({ dialog, onClose, onSaved }: { dialog: ConfigDialog; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<CreateConfigBody>();
  const zodRule = useZodRule();
  const editing = dialog?.config;
  const builtIn = editing?.configType === 'Y';
  const save = (values: CreateConfigBody) => (editing ? updateConfig({ ...editing, ...values, configId: editing.configId }) : addConfig({ ...values, configType: 'N' }));
  const { saving, submit } = useFormSubmit(form, save, () => {
    onSaved();
    onClose();
  });
  // The server sends the value in force; a setting that follows its default is edited as empty, so
  // saving it unchanged keeps it following the default.
  const initialValues = editing ? { ...editing, configValue: editing.usesDefault ? '' : editing.configValue } : { configType: 'N' as const };
  return (
    <FormDialog open={!!dialog} title={t(editing ? 'config.editTitle' : 'config.addTitle')} onSubmit={() => void submit()} onClose={onClose} saving={saving}>
      <DialogForm form={form} name="config" layout="vertical" initialValues={initialValues}>
        {builtIn && <Alert type="info" showIcon style={{ marginBottom: 16 }} title={t('config.builtInHint', { value: editing?.defaultValue || t('config.noDefault') })} />}
        <Form.Item name="configName" label={t('config.configName')} required rules={[zodRule(field.configName, 'configName')]}>
          <Input maxLength={100} disabled={builtIn} />
        </Form.Item>
        <Form.Item name="configKey" label={t('config.configKey')} required rules={[zodRule(field.configKey, 'configKey')]}>
          <Input maxLength={100} disabled={builtIn} />
        </Form.Item>
        <Form.Item name="configValue" label={t('config.configValue')} rules={[zodRule(field.configValue, 'configValue')]}>
          <Input.TextArea rows={2} maxLength={500} placeholder={builtIn && editing?.defaultValue ? t('config.defaultValue', { value: editing.defaultValue }) : undefined} />
        </Form.Item>
        <Form.Item name="remark" label={t('admin.remark')} rules={[zodRule(field.remark, 'remark')]}>
          <Input.TextArea rows={2} maxLength={500} />
        </Form.Item>
      </DialogForm>
    </FormDialog>
  );
}
