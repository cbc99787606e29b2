import { App, Form, Input, Modal } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { RequestError } from '../../../../api/request';

/** Asks a dashboard's name (new or renamed); a name the user already has is shown at the field. */
export default function DashboardNameDialog({ open, title, initial, onSave, onClose }: { open: boolean; title: string; initial: string; onSave: (name: string) => Promise<void>; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ name: string }>();
  useEffect(() => {
    if (open) form.setFieldsValue({ name: initial });
  }, [open, initial, form]);

  const save = async () => {
    const { name } = await form.validateFields();
    try {
      await onSave(name.trim());
    } catch (error) {
      if (error instanceof RequestError && error.errors?.name) form.setFields([{ name: 'name', errors: [error.errors.name] }]);
      else if (error instanceof RequestError && !error.shown) void message.error(error.message);
    }
  };

  return (
    <Modal open={open} title={title} onOk={() => void save()} onCancel={onClose} okText={t('common.ok')} cancelText={t('common.cancel')} forceRender>
      <Form form={form} layout="vertical" onFinish={() => void save()}>
        <Form.Item name="name" label={t('dashboard.name')} rules={[{ required: true, whitespace: true, message: t('dashboard.nameRequired') }]}>
          <Input maxLength={100} data-testid="dashboard-name-input" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
