import { Checkbox, Form, Input, Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { API_KEY_EXPIRY_DAYS, API_KEY_NAME_MAX, createApiKeyBody, type CreateApiKeyBody } from '@orbit/shared/contract/apiKeys';
import { useFormSubmit } from '../../../../components/admin/useFormSubmit';
import { useZodRule } from '../../../../components/admin/useZodRule';

type Props = { open: boolean; onClose: () => void; onCreate: (values: CreateApiKeyBody) => Promise<unknown> };

const field = createApiKeyBody.shape;
const DEFAULT_DAYS = 90;

/** A new key: its name, how long it lives, and whether it may only read. */
export default function CreateApiKeyDialog({ open, onClose, onCreate }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<CreateApiKeyBody>();
  const zodRule = useZodRule();
  // No success toast here: the key itself opens in the next dialog, which says it.
  const { saving, submit } = useFormSubmit(form, onCreate, () => form.resetFields(), null);
  return (
    <Modal
      open={open}
      title={t('apiKeys.create')}
      onOk={() => void submit()}
      okText={t('common.ok')}
      cancelText={t('common.cancel')}
      confirmLoading={saving}
      onCancel={() => {
        form.resetFields();
        onClose();
      }}
      destroyOnHidden
      data-testid="api-key-create-dialog"
    >
      <Form form={form} layout="vertical" initialValues={{ expiresInDays: DEFAULT_DAYS, readOnly: false }}>
        <Form.Item name="name" label={t('apiKeys.name')} required rules={[zodRule(field.name, 'name')]}>
          <Input maxLength={API_KEY_NAME_MAX} placeholder={t('apiKeys.namePlaceholder')} autoComplete="off" />
        </Form.Item>
        <Form.Item name="expiresInDays" label={t('apiKeys.expiry')} required>
          <Select options={API_KEY_EXPIRY_DAYS.map((days) => ({ value: days, label: t('apiKeys.days', { count: days }) }))} />
        </Form.Item>
        <Form.Item name="readOnly" valuePropName="checked" extra={t('apiKeys.readOnlyHint')}>
          <Checkbox>{t('apiKeys.readOnly')}</Checkbox>
        </Form.Item>
      </Form>
    </Modal>
  );
}
