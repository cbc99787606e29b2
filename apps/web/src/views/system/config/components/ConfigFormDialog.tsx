import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { createConfigBody, type CreateConfigBody } from '@orbit/shared/contract/config';
import { addConfig, updateConfig } from '../../../../api/system/config';
import AdminFormDialog from '../../../../components/admin/AdminFormDialog';
import { remarkField, type AdminField } from '../../../../components/admin/adminFields';
import type { ConfigDialog } from '../useConfigController';

const field = createConfigBody.shape;

/**
 * Add a setting of one's own, or edit one. Of a built-in setting only the value and the remark
 * change (the server checks the value by the setting's rule); an empty value is the default.
 */
export default function ConfigFormDialog({ dialog, onClose, onSaved }: { dialog: ConfigDialog; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation();
  const editing = dialog?.config;
  const builtIn = editing?.configType === 'Y';
  const fields: AdminField<CreateConfigBody>[] = [
    { name: 'configName', label: 'config.configName', kind: 'text', maxLength: 100, disabled: builtIn, required: true, schema: field.configName },
    { name: 'configKey', label: 'config.configKey', kind: 'text', maxLength: 100, disabled: builtIn, required: true, schema: field.configKey },
    {
      name: 'configValue',
      label: 'config.configValue',
      kind: 'textarea',
      maxLength: 500,
      placeholder: builtIn && editing?.defaultValue ? t('config.defaultValue', { value: editing.defaultValue }) : undefined,
      schema: field.configValue,
    },
    remarkField(field.remark),
  ];
  const save = (values: CreateConfigBody) => (editing ? updateConfig({ ...editing, ...values, configId: editing.configId }) : addConfig({ ...values, configType: 'N' }));
  // The server sends the value in force; a setting that follows its default is edited as empty, so
  // saving it unchanged keeps it following the default.
  const initialValues = editing ? { ...editing, configValue: editing.usesDefault ? '' : editing.configValue } : { configType: 'N' as const };
  const builtInHint = builtIn && <Alert type="info" showIcon style={{ marginBottom: 16 }} title={t('config.builtInHint', { value: editing?.defaultValue || t('config.noDefault') })} />;

  return (
    <AdminFormDialog
      open={!!dialog}
      description={{ title: editing ? 'config.editTitle' : 'config.addTitle', fields, initialValues, save }}
      name="config"
      intro={builtInHint}
      onClose={onClose}
      onSaved={onSaved}
    />
  );
}
