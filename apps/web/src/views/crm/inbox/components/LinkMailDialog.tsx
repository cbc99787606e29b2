import { App, Form, Modal, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { InboxMail } from '@orbit/shared/contract/emailInbound';
import { EMAIL_MODULES, type EmailModule } from '@orbit/shared/crm/email';
import { linkInboxMail } from '../../../../api/emailInbox';
import { RequestError } from '../../../../api/request';
import LookupSelect from '../../engine/LookupSelect';

/** Links a waiting mail to a record the user picks (a lead, contact, account or opportunity within their scope). */
export default function LinkMailDialog({ mail, onClose, onLinked }: { mail: InboxMail; onClose: () => void; onLinked: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [module, setModule] = useState<EmailModule>('contact');
  const [recordId, setRecordId] = useState<number | null>(null);
  const [saving, setSaving] = useState(false);

  const submit = async () => {
    if (!recordId) return;
    setSaving(true);
    try {
      await linkInboxMail(mail.emailId, { module, recordId });
      void message.success(t('email.inbox.linked'));
      onLinked();
      onClose();
    } catch (error) {
      void message.error(error instanceof RequestError && error.message ? error.message : t('email.inbox.linkFailed'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      title={t('email.inbox.linkTitle', { subject: mail.subject || t('email.inbox.noSubject') })}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('email.inbox.link')}
      okButtonProps={{ disabled: !recordId, loading: saving, ...{ 'data-testid': 'inbox-link-ok' } }}
      destroyOnHidden
    >
      <Form layout="vertical">
        <Form.Item label={t('email.inbox.module')}>
          <Select
            value={module}
            onChange={(next: EmailModule) => {
              setModule(next);
              setRecordId(null);
            }}
            options={EMAIL_MODULES.map((m) => ({ value: m, label: t(`crm.module.${m}`) }))}
            data-testid="inbox-link-module"
            aria-label={t('email.inbox.module')}
          />
        </Form.Item>
        <Form.Item label={t('email.inbox.record')}>
          <LookupSelect key={module} target={module} value={recordId} onChange={(v) => setRecordId(typeof v === 'number' ? v : null)} aria-label={t('email.inbox.record')} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
