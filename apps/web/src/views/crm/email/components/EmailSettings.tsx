import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Checkbox, Empty, Form, Input, InputNumber, Modal, Select, Skeleton, Space, Switch, Table, Tabs, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EmailTemplate, MailServerBody, OutboxMail } from '@orbit/shared/contract/email';
import { EMAIL_PERMISSIONS, MERGE_FIELDS } from '@orbit/shared/crm/email';
import {
  createEmailTemplate,
  deleteEmailTemplate,
  getEmailSignature,
  getMailServer,
  listEmailTemplates,
  listOutbox,
  readOutboxMail,
  removeMailServer,
  saveEmailSignature,
  saveMailServer,
  updateEmailTemplate,
} from '../../../../api/crmEmail';
import { RequestError } from '../../../../api/request';
import LoadError from '../../../../components/admin/LoadError';
import { useConfirm } from '../../../../components/admin/useConfirm';
import RichTextEditor from '../../../../components/richText/RichTextEditor';
import { formatTime } from '../../../../utils/formatTime';
import { useHasPermission } from '../../../../utils/permission';

/** A refusal's field messages on the form, and its message in an alert. */
function useRefusal() {
  const [error, setError] = useState<string | null>(null);
  const show = (form: { setFields: (fields: Array<{ name: string; errors: string[] }>) => void }, e: unknown) => {
    if (e instanceof RequestError && e.errors) form.setFields(Object.entries(e.errors).map(([name, errors]) => ({ name, errors: [errors] })));
    setError(e instanceof Error ? e.message : String(e));
  };
  return { error, clear: () => setError(null), show };
}

/**
 * E-mail in the profile (issue 35): the user's signature and templates; for who manages e-mail
 * (EMAIL_PERMISSIONS.manage) also the SMTP server and the development outbox.
 */
export default function EmailSettings() {
  const { t } = useTranslation();
  const manage = useHasPermission(EMAIL_PERMISSIONS.manage);
  const send = useHasPermission(EMAIL_PERMISSIONS.send);
  const items = [
    ...(send ? [{ key: 'signature', label: t('email.tab.signature'), children: <SignatureForm /> }, { key: 'templates', label: t('email.tab.templates'), children: <Templates /> }] : []),
    ...(manage ? [{ key: 'server', label: t('email.tab.server'), children: <ServerForm /> }, { key: 'outbox', label: t('email.tab.outbox'), children: <Outbox /> }] : []),
  ];
  return <Tabs size="small" items={items} data-testid="email-settings" />;
}

function SignatureForm() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const signature = useQuery({ queryKey: ['email-signature'], queryFn: async () => (await getEmailSignature()).data.signature });
  const [value, setValue] = useState<string | null>(null);
  if (signature.isError) return <LoadError onRetry={() => void signature.refetch()} />;
  if (signature.isLoading) return <Skeleton active />;
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Typography.Text type="secondary">{t('email.signatureHint')}</Typography.Text>
      <RichTextEditor label={t('email.tab.signature')} value={value ?? signature.data ?? ''} onChange={setValue} testId="email-signature" />
      <Button
        type="primary"
        onClick={async () => {
          await saveEmailSignature(value ?? signature.data ?? '');
          void message.success(t('email.saved'));
          void signature.refetch();
        }}
        data-testid="email-signature-save"
      >
        {t('email.save')}
      </Button>
    </Space>
  );
}

type TemplateValues = { name: string; language: 'en' | 'zh'; subject: string; body: string; shared: boolean };

function Templates() {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const queryClient = useQueryClient();
  const manage = useHasPermission(EMAIL_PERMISSIONS.manage);
  const templates = useQuery({ queryKey: ['email-templates'], queryFn: async () => (await listEmailTemplates()).data });
  const [editing, setEditing] = useState<EmailTemplate | 'new' | null>(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['email-templates'] });
  if (templates.isError) return <LoadError onRetry={() => void templates.refetch()} />;
  return (
    <>
      <Button type="primary" size="small" onClick={() => setEditing('new')} style={{ marginBottom: 8 }} data-testid="email-template-new">
        {t('email.templates.new')}
      </Button>
      <Table
        size="small"
        rowKey="templateId"
        loading={templates.isLoading}
        dataSource={templates.data ?? []}
        pagination={false}
        locale={{ emptyText: <Empty description={t('email.templates.empty')} /> }}
        columns={[
          { title: t('email.templates.name'), dataIndex: 'name', render: (name: string, row) => (row.canEdit ? <Typography.Link onClick={() => setEditing(row)}>{name}</Typography.Link> : name) },
          { title: t('email.templates.language'), dataIndex: 'language', render: (lang: string) => t(`email.language.${lang}`) },
          { title: t('email.templates.shared'), dataIndex: 'shared', render: (shared: boolean) => <Tag>{shared ? t('email.templates.shared') : t('email.templates.personal')}</Tag> },
          { title: t('email.templates.owner'), dataIndex: 'ownerName' },
          {
            title: t('email.templates.actions'),
            render: (_, row) =>
              row.canEdit && (
                <Typography.Link type="danger" onClick={() => confirm(t('email.templates.confirmDelete', { name: row.name }), async () => (await deleteEmailTemplate(row.templateId), refresh()))}>
                  {t('email.templates.delete')}
                </Typography.Link>
              ),
          },
        ]}
      />
      {editing && <TemplateDialog template={editing === 'new' ? null : editing} canShare={manage} onClose={() => setEditing(null)} onSaved={() => (setEditing(null), refresh())} />}
    </>
  );
}

function TemplateDialog({ template, canShare, onClose, onSaved }: { template: EmailTemplate | null; canShare: boolean; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<TemplateValues>();
  const refusal = useRefusal();
  const [saving, setSaving] = useState(false);
  const submit = async (values: TemplateValues) => {
    refusal.clear();
    setSaving(true);
    try {
      if (template) await updateEmailTemplate(template.templateId, values);
      else await createEmailTemplate(values);
      onSaved();
    } catch (e) {
      refusal.show(form as never, e);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal open width={720} title={template ? t('email.templates.edit') : t('email.templates.new')} onCancel={onClose} onOk={() => form.submit()} okText={t('email.save')} cancelText={t('email.cancel')} confirmLoading={saving}>
      <Form
        form={form}
        layout="vertical"
        onFinish={(v) => void submit(v)}
        initialValues={template ? { name: template.name, language: template.language, subject: template.subject, body: template.body, shared: template.shared } : { language: 'en', shared: false, subject: '', body: '' }}
        data-testid="email-template-form"
      >
        {refusal.error && <Alert type="error" showIcon message={refusal.error} style={{ marginBottom: 12 }} />}
        <Form.Item name="name" label={t('email.templates.name')} rules={[{ required: true, message: t('server.validation.required', { field: t('email.templates.name') }) }]}>
          <Input maxLength={100} data-testid="email-template-name" />
        </Form.Item>
        <Form.Item name="language" label={t('email.templates.language')}>
          <Select options={(['en', 'zh'] as const).map((l) => ({ value: l, label: t(`email.language.${l}`) }))} />
        </Form.Item>
        {canShare && (
          <Form.Item name="shared" valuePropName="checked" extra={t('email.templates.sharedHint')}>
            <Checkbox>{t('email.templates.shared')}</Checkbox>
          </Form.Item>
        )}
        <Form.Item name="subject" label={t('email.subject')} rules={[{ required: true, message: t('server.validation.required', { field: t('email.subject') }) }]}>
          <Input maxLength={998} data-testid="email-template-subject" />
        </Form.Item>
        <Form.Item name="body" label={t('email.body')} rules={[{ required: true, message: t('server.validation.required', { field: t('email.body') }) }]}>
          <RichTextEditor label={t('email.body')} testId="email-template-body" />
        </Form.Item>
        <Typography.Text type="secondary">{t('email.templates.fieldsHint')}</Typography.Text>
        <div style={{ marginTop: 4 }}>
          {MERGE_FIELDS.map((f) => (
            <Tag key={f} style={{ marginBottom: 4 }}>{`{{${f}}}`}</Tag>
          ))}
        </div>
      </Form>
    </Modal>
  );
}

function ServerForm() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<MailServerBody>();
  const refusal = useRefusal();
  const server = useQuery({ queryKey: ['email-server'], queryFn: async () => (await getMailServer()).data });
  if (server.isError) return <LoadError onRetry={() => void server.refetch()} />;
  if (server.isLoading || !server.data) return <Skeleton active />;
  const settings = server.data;
  const submit = async (values: MailServerBody) => {
    refusal.clear();
    try {
      await saveMailServer({ ...values, password: values.password ? values.password : undefined });
      void message.success(t('email.saved'));
      form.setFieldValue('password', '');
      void server.refetch();
    } catch (e) {
      refusal.show(form as never, e);
    }
  };
  return (
    <Form
      form={form}
      layout="vertical"
      style={{ maxWidth: 520 }}
      onFinish={(v) => void submit(v)}
      initialValues={{ host: settings.host, port: settings.port ?? 587, secure: settings.secure, user: settings.user, fromAddress: settings.fromAddress, password: '' }}
      data-testid="email-server-form"
    >
      <Alert type={settings.source === 'outbox' ? 'warning' : 'info'} showIcon message={t(`email.server.source.${settings.source}`)} style={{ marginBottom: 12 }} />
      {!settings.secretKeySet && <Alert type="warning" showIcon message={t('email.server.noSecretKey')} style={{ marginBottom: 12 }} />}
      {refusal.error && <Alert type="error" showIcon message={refusal.error} style={{ marginBottom: 12 }} />}
      <Form.Item name="host" label={t('email.server.host')} rules={[{ required: true, message: t('server.validation.required', { field: t('email.server.host') }) }]}>
        <Input maxLength={253} />
      </Form.Item>
      <Form.Item name="port" label={t('email.server.port')} rules={[{ required: true, message: t('server.validation.required', { field: t('email.server.port') }) }]}>
        <InputNumber min={1} max={65535} precision={0} />
      </Form.Item>
      <Form.Item name="secure" valuePropName="checked" label={t('email.server.secure')}>
        <Switch />
      </Form.Item>
      <Form.Item name="user" label={t('email.server.user')}>
        <Input maxLength={254} autoComplete="off" />
      </Form.Item>
      <Form.Item name="password" label={t('email.server.password')} extra={settings.source === 'settings' && settings.passwordSet ? t('email.server.passwordKept') : undefined}>
        <Input.Password autoComplete="new-password" disabled={!settings.secretKeySet} />
      </Form.Item>
      <Form.Item name="fromAddress" label={t('email.server.fromAddress')}>
        <Input maxLength={254} />
      </Form.Item>
      <Space>
        <Button type="primary" htmlType="submit" data-testid="email-server-save">
          {t('email.save')}
        </Button>
        {settings.source === 'settings' && <Button onClick={async () => (await removeMailServer(), void server.refetch())}>{t('email.server.remove')}</Button>}
      </Space>
    </Form>
  );
}

function Outbox() {
  const { t } = useTranslation();
  const outbox = useQuery({ queryKey: ['email-outbox'], queryFn: async () => (await listOutbox()).data });
  const [reading, setReading] = useState<OutboxMail | null>(null);
  const mail = useQuery({ queryKey: ['email-outbox', reading?.name], queryFn: async () => (await readOutboxMail(reading!.name)).data, enabled: Boolean(reading) });
  if (outbox.isError) return <LoadError onRetry={() => void outbox.refetch()} />;
  return (
    <>
      <Table
        size="small"
        rowKey="name"
        loading={outbox.isLoading}
        dataSource={outbox.data ?? []}
        locale={{ emptyText: <Empty description={t('email.outbox.empty')} /> }}
        columns={[
          { title: t('email.outbox.time'), dataIndex: 'time', render: (time: string) => formatTime(time) },
          { title: t('email.outbox.subject'), dataIndex: 'subject', render: (subject: string, row) => <Typography.Link onClick={() => setReading(row)}>{subject || '—'}</Typography.Link> },
          { title: t('email.outbox.to'), dataIndex: 'to' },
        ]}
        data-testid="email-outbox"
      />
      {reading && (
        <Modal open width={720} title={reading.subject} footer={null} onCancel={() => setReading(null)}>
          {mail.isError ? (
            <LoadError onRetry={() => void mail.refetch()} />
          ) : mail.isLoading || !mail.data ? (
            <Skeleton active />
          ) : (
            <>
              <Typography.Paragraph type="secondary">
                {t('email.outbox.from')}: {mail.data.from}
                <br />
                {t('email.outbox.to')}: {mail.data.to}
                {mail.data.attachments.length > 0 && (
                  <>
                    <br />
                    {t('email.outbox.attachments')}: {mail.data.attachments.map((a) => a.fileName).join(', ')}
                  </>
                )}
              </Typography.Paragraph>
              {/* Cleaned by the server's rich-text sanitiser. */}
              {mail.data.html ? <div className="notice-content" dangerouslySetInnerHTML={{ __html: mail.data.html }} /> : <pre>{mail.data.text}</pre>}
            </>
          )}
        </Modal>
      )}
    </>
  );
}
