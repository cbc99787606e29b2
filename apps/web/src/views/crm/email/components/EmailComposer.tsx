import { MailOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Checkbox, Form, Input, Modal, Select, Spin, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EmailPerson, EmailRecipient } from '@orbit/shared/contract/email';
import { EMAIL_PERMISSIONS, type EmailModule } from '@orbit/shared/crm/email';
import { listAttachments } from '../../../../api/crmAttachments';
import { listEmailPeople, listEmailTemplates, previewEmailTemplate, sendEmail } from '../../../../api/crmEmail';
import { RequestError } from '../../../../api/request';
import RichTextEditor from '../../../../components/richText/RichTextEditor';
import { useHasPermission } from '../../../../utils/permission';
import { fileSizeText } from '../../engine/detail/RecordFiles';

type Props = { module: EmailModule; id: number; onSent: () => void };
type Values = { to: string[]; cc: string[]; bcc: string[]; templateId?: number; subject: string; body: string; attachmentIds: number[]; signature: boolean };

/** A person picked from the record is sent as its reference (`p:contact:12`); anything typed is an address. */
const personValue = (p: Pick<EmailPerson, 'module' | 'id'>) => `p:${p.module}:${p.id}`;
const recipient = (value: string): EmailRecipient => {
  const [kind, module, id] = value.split(':');
  return kind === 'p' && (module === 'contact' || module === 'leads') ? { module, id: Number(id) } : value;
};

/**
 * "Send e-mail" on a record's timeline (leads, contacts, accounts, opportunities): to, cc and bcc
 * from the record's people or typed in, a template filled from the record (its preview becomes the
 * subject and message, still editable), the rich message, the record's files as attachments and
 * the sender's signature. Sent on the server's job queue: the timeline shows it queued, then sent or failed.
 */
export default function EmailComposer({ module, id, onSent }: Props) {
  const { t } = useTranslation();
  const canSend = useHasPermission(EMAIL_PERMISSIONS.send);
  const [open, setOpen] = useState(false);
  if (!canSend) return null;
  return (
    <>
      <Button size="small" icon={<MailOutlined />} onClick={() => setOpen(true)} data-testid="email-compose">
        {t('email.send')}
      </Button>
      {open && (
        <ComposerDialog
          module={module}
          id={id}
          onClose={() => setOpen(false)}
          onSent={() => {
            setOpen(false);
            onSent();
          }}
        />
      )}
    </>
  );
}

function ComposerDialog({ module, id, onClose, onSent }: Props & { onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [previewing, setPreviewing] = useState(false);
  const people = useQuery({ queryKey: ['email-people', module, id], queryFn: async () => (await listEmailPeople(module, id)).data });
  const files = useQuery({ queryKey: ['crm-files', module, id], queryFn: async () => (await listAttachments(module, id)).data });
  const templates = useQuery({ queryKey: ['email-templates'], queryFn: async () => (await listEmailTemplates()).data });

  const options = (people.data ?? []).map((p) => ({
    value: personValue(p),
    disabled: !p.email,
    label: p.email ? `${p.name} <${p.email}>` : `${p.name} (${t('email.noAddress')})`,
  }));
  const initialTo = (people.data ?? []).filter((p) => p.email).slice(0, 1).map(personValue);

  const applyTemplate = async (templateId: number | undefined) => {
    if (!templateId) return;
    const [first] = (form.getFieldValue('to') as string[] | undefined) ?? [];
    const person = first ? recipient(first) : null;
    setPreviewing(true);
    try {
      const { data } = await previewEmailTemplate(templateId, { module, recordId: id, ...(person && typeof person !== 'string' ? { personModule: person.module, personId: person.id } : {}) });
      form.setFieldsValue({ subject: data.subject, body: data.body });
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setPreviewing(false);
    }
  };

  const submit = async (values: Values) => {
    setError(null);
    setSending(true);
    try {
      await sendEmail({
        module,
        recordId: id,
        to: values.to.map(recipient),
        cc: (values.cc ?? []).map(recipient),
        bcc: (values.bcc ?? []).map(recipient),
        subject: values.subject ?? '',
        body: values.body ?? '',
        templateId: values.templateId ?? null,
        attachmentIds: values.attachmentIds ?? [],
        signature: values.signature,
      });
      void message.success(t('email.queued'));
      onSent();
    } catch (e) {
      if (e instanceof RequestError && e.errors) form.setFields(Object.entries(e.errors).map(([name, errors]) => ({ name: name as keyof Values, errors: [errors] })));
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setSending(false);
    }
  };

  const loading = people.isLoading || files.isLoading;
  return (
    <Modal
      open
      width={720}
      title={t('email.composerTitle')}
      onCancel={onClose}
      okText={t('email.sendNow')}
      cancelText={t('email.cancel')}
      okButtonProps={{ loading: sending, disabled: loading || people.isError, ...{ 'data-testid': 'email-send' } }}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      {people.isError || files.isError ? (
        <Alert type="error" showIcon message={t('email.loadFailed')} />
      ) : loading ? (
        <Spin />
      ) : (
        <Form form={form} layout="vertical" onFinish={(v) => void submit(v)} initialValues={{ to: initialTo, cc: [], bcc: [], subject: '', body: '', attachmentIds: [], signature: true }} data-testid="email-composer">
          {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 12 }} data-testid="email-error" />}
          <Form.Item name="to" label={t('email.to')} extra={t('email.recipientsHint')}>
            <Select mode="tags" options={options} tokenSeparators={[',', ';', ' ']} data-testid="email-to" />
          </Form.Item>
          <Form.Item name="cc" label={t('email.cc')}>
            <Select mode="tags" options={options} tokenSeparators={[',', ';', ' ']} data-testid="email-cc" />
          </Form.Item>
          <Form.Item name="bcc" label={t('email.bcc')}>
            <Select mode="tags" options={options} tokenSeparators={[',', ';', ' ']} data-testid="email-bcc" />
          </Form.Item>
          <Form.Item name="templateId" label={t('email.template')}>
            <Select
              allowClear
              placeholder={t('email.templateNone')}
              loading={templates.isLoading || previewing}
              options={(templates.data ?? []).map((tpl) => ({ value: tpl.templateId, label: `${tpl.name} (${t(`email.language.${tpl.language}`)})` }))}
              onChange={(value: number | undefined) => void applyTemplate(value)}
              data-testid="email-template"
            />
          </Form.Item>
          {previewing && <Typography.Text type="secondary">{t('email.previewLoading')}</Typography.Text>}
          <Form.Item name="subject" label={t('email.subject')}>
            <Input maxLength={998} data-testid="email-subject" />
          </Form.Item>
          <Form.Item name="body" label={t('email.body')}>
            <RichTextEditor label={t('email.body')} testId="email-body" />
          </Form.Item>
          <Form.Item name="attachmentIds" label={t('email.attachments')}>
            {files.data?.length ? (
              <Checkbox.Group options={files.data.map((f) => ({ value: f.id, label: `${f.fileName} (${fileSizeText(f.size)})` }))} data-testid="email-attachments" />
            ) : (
              <Typography.Text type="secondary">{t('email.noFiles')}</Typography.Text>
            )}
          </Form.Item>
          <Form.Item name="signature" valuePropName="checked">
            <Checkbox>{t('email.signature')}</Checkbox>
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
