import { Form, Input, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { RECORD_EVENT_KINDS, type Webhook, type WebhookBody } from '@orbit/shared/contract/automation';
import { CRM_MODULES } from '@orbit/shared/crm/modules';
import { createWebhook, updateWebhook } from '../../../api/automation';
import DialogForm from '../../../components/admin/DialogForm';
import FormDialog from '../../../components/admin/FormDialog';
import { useFormSubmit } from '../../../components/admin/useFormSubmit';
import { useOpeningValues } from '../../setup/fields/components/useOpeningValues';

type Props = { target: { hook: Webhook | null } | null; onClose: () => void; onSaved: () => Promise<void>; onCreated: (secret: string) => void };

/** Creates or edits a webhook; a new one's secret is handed to `onCreated` (shown once). */
export default function WebhookDialog({ target, onClose, onSaved, onCreated }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<WebhookBody>();
  const hook = target?.hook ?? null;
  const save = async (values: WebhookBody) => {
    if (hook) await updateWebhook(hook.id, values);
    else onCreated((await createWebhook(values)).data.secret);
    await onSaved();
  };
  const { saving, submit } = useFormSubmit(form, save, onClose);
  const initial: Partial<WebhookBody> = hook ? { name: hook.name, url: hook.url, module: hook.module, events: hook.events, active: hook.active } : { module: 'leads', events: ['created'], active: true };
  useOpeningValues(form, !!target, initial);
  return (
    <FormDialog open={!!target} title={hook ? t('webhook.editTitle', { name: hook.name }) : t('webhook.createTitle')} saving={saving} onSubmit={() => void submit()} onClose={onClose} width={600}>
      <DialogForm form={form} layout="vertical" initialValues={initial} data-testid="webhook-dialog">
        <Form.Item name="name" label={t('webhook.name')} rules={[{ required: true, whitespace: true, max: 60 }]}>
          <Input data-testid="webhook-name" />
        </Form.Item>
        <Form.Item name="url" label={t('webhook.url')} rules={[{ required: true, whitespace: true, max: 2000 }]}>
          <Input placeholder="https://" data-testid="webhook-url" />
        </Form.Item>
        <Form.Item name="module" label={t('webhook.module')} rules={[{ required: true }]}>
          <Select options={CRM_MODULES.map((m) => ({ value: m, label: t(`crm.module.${m}`) }))} />
        </Form.Item>
        <Form.Item name="events" label={t('webhook.events')} extra={t('webhook.eventsHelp')}>
          <Select mode="multiple" options={RECORD_EVENT_KINDS.map((e) => ({ value: e, label: t(`webhook.event.${e}`) }))} data-testid="webhook-events" />
        </Form.Item>
        <Form.Item name="active" label={t('webhook.active')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </DialogForm>
    </FormDialog>
  );
}
