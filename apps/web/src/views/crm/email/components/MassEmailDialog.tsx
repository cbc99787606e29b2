import { useQuery } from '@tanstack/react-query';
import { Alert, Form, Select, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MassEmailBody, MassEmailSummary as Summary } from '@orbit/shared/contract/email';
import { listEmailTemplates, sendMassEmail } from '../../../../api/crmEmail';
import DialogForm from '../../../../components/admin/DialogForm';
import FormDialog from '../../../../components/admin/FormDialog';
import { useFormSubmit } from '../../../../components/admin/useFormSubmit';
import MassEmailSummary from './MassEmailSummary';

/** Who a mass e-mail goes to: a list's selection of leads or contacts, or a campaign's members. */
export type MassEmailTarget = Pick<MassEmailBody, 'module' | 'ids'> | { campaignId: number };

type Values = { templateId?: number };

/**
 * The mass e-mail dialog: a template for everyone in `target`, queued by the server (which
 * personalises each mail and skips people who opted out or have no address); then the summary of
 * what was queued and skipped, with the mails' progress.
 */
export default function MassEmailDialog({ target, title, open, onClose }: { target: MassEmailTarget; title: string; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [summary, setSummary] = useState<Summary | null>(null);
  const templates = useQuery({ queryKey: ['email-templates'], queryFn: async () => (await listEmailTemplates()).data, enabled: open });
  const { saving, submit } = useFormSubmit(
    form,
    async (values: Values) => setSummary((await sendMassEmail({ ...target, templateId: values.templateId ?? null })).data),
    () => undefined,
    null,
  );

  // The list keeps its mass-action dialogs mounted: the next opening starts afresh.
  const close = () => {
    setSummary(null);
    form.resetFields();
    onClose();
  };

  if (summary) {
    return (
      // Nothing is left to cancel: the mails are queued, only Close remains.
      <FormDialog open={open} title={t('email.mass.summaryTitle')} okText={t('email.mass.close')} onSubmit={close} onClose={close} cancelButtonProps={{ style: { display: 'none' } }}>
        <MassEmailSummary initial={summary} />
      </FormDialog>
    );
  }
  return (
    <FormDialog open={open} title={title} okText={t('email.mass.send')} saving={saving} onSubmit={() => void submit()} onClose={close}>
      <DialogForm form={form} layout="vertical" data-testid="mass-email-form">
        <Typography.Paragraph type="secondary">{t('email.mass.hint')}</Typography.Paragraph>
        {templates.isError && <Alert type="error" showIcon message={t('email.loadFailed')} />}
        {templates.data && !templates.data.length && <Alert type="info" showIcon message={t('email.mass.noTemplates')} />}
        <Form.Item name="templateId" label={t('email.template')} required rules={[{ required: true, message: t('server.email.massNoTemplate') }]}>
          <Select
            aria-label={t('email.template')}
            loading={templates.isLoading}
            options={(templates.data ?? []).map((tpl) => ({ value: tpl.templateId, label: `${tpl.name} (${t(`email.language.${tpl.language}`)})` }))}
          />
        </Form.Item>
      </DialogForm>
    </FormDialog>
  );
}
