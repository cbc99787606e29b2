import { useQuery } from '@tanstack/react-query';
import { Alert, Form, Input, Radio, Select, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MassEmailBody, MassEmailSummary as Summary } from '@orbit/shared/contract/email';
import { listEmailTemplates, sendMassEmail } from '../../../../api/crmEmail';
import DialogForm from '../../../../components/admin/DialogForm';
import FormDialog from '../../../../components/admin/FormDialog';
import { useFormSubmit } from '../../../../components/admin/useFormSubmit';
import RichTextEditor from '../../../../components/richText/RichTextEditor';
import MassEmailSummary from './MassEmailSummary';

/** Who a mass e-mail goes to: a list's selection of leads or contacts, or a campaign's members. */
export type MassEmailTarget = Pick<MassEmailBody, 'module' | 'ids'> | { campaignId: number };

/** A template chosen, or a message written for this send (merge fields filled in the sender's language). */
type Values = { source: 'template' | 'message'; templateId?: number; subject?: string; body?: string };

/**
 * The mass e-mail dialog: a template — or a message written here — for everyone in `target`,
 * queued by the server (which personalises each mail and skips people who opted out or have no
 * address); then the summary of what was queued and skipped, with the mails' progress.
 */
export default function MassEmailDialog({ target, title, open, onClose }: { target: MassEmailTarget; title: string; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [summary, setSummary] = useState<Summary | null>(null);
  const source = Form.useWatch('source', form) ?? 'template';
  const templates = useQuery({ queryKey: ['email-templates'], queryFn: async () => (await listEmailTemplates()).data, enabled: open });
  const { saving, submit } = useFormSubmit(
    form,
    async (values: Values) =>
      setSummary((await sendMassEmail(values.source === 'message' ? { ...target, subject: values.subject ?? '', body: values.body ?? '' } : { ...target, templateId: values.templateId })).data),
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
      <DialogForm form={form} layout="vertical" initialValues={{ source: 'template' }} data-testid="mass-email-form">
        <Typography.Paragraph type="secondary">{t('email.mass.hint')}</Typography.Paragraph>
        <Form.Item name="source">
          <Radio.Group
            optionType="button"
            aria-label={t('email.mass.source')}
            options={[
              { value: 'template', label: t('email.mass.useTemplate') },
              { value: 'message', label: t('email.mass.writeMessage') },
            ]}
          />
        </Form.Item>
        {source === 'template' ? (
          <>
            {templates.isError && <Alert type="error" showIcon message={t('email.loadFailed')} />}
            {templates.data && !templates.data.length && <Alert type="info" showIcon message={t('email.mass.noTemplates')} />}
            <Form.Item name="templateId" label={t('email.template')} required rules={[{ required: true, message: t('server.email.massNoTemplate') }]}>
              <Select
                aria-label={t('email.template')}
                loading={templates.isLoading}
                options={(templates.data ?? []).map((tpl) => ({ value: tpl.templateId, label: `${tpl.name} (${t(`email.language.${tpl.language}`)})` }))}
              />
            </Form.Item>
          </>
        ) : (
          <>
            <Form.Item name="subject" label={t('email.subject')} required rules={[{ required: true, whitespace: true, message: t('server.validation.required', { field: t('email.subject') }) }]}>
              <Input maxLength={998} data-testid="mass-email-subject" />
            </Form.Item>
            <Form.Item name="body" label={t('email.body')} required extra={t('email.mass.mergeHint', { example: '{{lead.firstName}}', interpolation: { escapeValue: false } })} rules={[{ required: true, message: t('server.email.bodyRequired') }]}>
              <RichTextEditor label={t('email.body')} testId="mass-email-body" />
            </Form.Item>
          </>
        )}
      </DialogForm>
    </FormDialog>
  );
}
