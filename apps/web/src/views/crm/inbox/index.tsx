import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Empty, Space, Spin, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { InboxMail } from '@orbit/shared/contract/emailInbound';
import { discardInboxMail, listInbox } from '../../../api/emailInbox';
import LoadError from '../../../components/admin/LoadError';
import { useConfirm } from '../../../components/admin/useConfirm';
import { parseTime } from '../../../utils/formatTime';
import LinkMailDialog from './components/LinkMailDialog';

export const INBOX_QUERY_KEY = ['crm-email', 'inbox'] as const;

/**
 * The Inbox (docs/email.md, "E-mail in"): mail the user sent or BCC'd to the dropbox that matched
 * none of their records. Each is linked to a record (then it shows on its timeline, its files among
 * the record's) or discarded. Only the user's own mail is here.
 */
export default function EmailInboxPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const confirm = useConfirm();
  const mails = useQuery({ queryKey: INBOX_QUERY_KEY, queryFn: async () => (await listInbox()).data });
  const [linking, setLinking] = useState<InboxMail | null>(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: INBOX_QUERY_KEY });

  return (
    <Card size="small" data-testid="email-inbox">
      <Typography.Title level={4} style={{ marginTop: 0 }}>
        {t('email.inbox.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('email.inbox.intro')}</Typography.Paragraph>
      {mails.isError ? (
        <LoadError onRetry={() => void mails.refetch()} />
      ) : mails.isLoading ? (
        <Spin data-testid="email-inbox-loading" />
      ) : !mails.data?.length ? (
        <Empty description={t('email.inbox.empty')} data-testid="email-inbox-empty" />
      ) : (
        <Space orientation="vertical" size={12} style={{ width: '100%' }}>
          {mails.data.map((mail) => (
            <Card
              key={mail.emailId}
              type="inner"
              size="small"
              data-testid={`inbox-mail-${mail.emailId}`}
              title={mail.subject || t('email.inbox.noSubject')}
              extra={
                <Space size={8} wrap>
                  <Button type="primary" size="small" onClick={() => setLinking(mail)} data-testid={`inbox-link-${mail.emailId}`}>
                    {t('email.inbox.link')}
                  </Button>
                  <Button
                    size="small"
                    danger
                    data-testid={`inbox-discard-${mail.emailId}`}
                    onClick={() =>
                      confirm(
                        t('email.inbox.discardConfirm', { subject: mail.subject || t('email.inbox.noSubject') }),
                        async () => {
                          await discardInboxMail(mail.emailId);
                          refresh();
                        },
                        t('email.inbox.discarded'),
                      )
                    }
                  >
                    {t('email.inbox.discard')}
                  </Button>
                </Space>
              }
            >
              <Space orientation="vertical" size={2} style={{ width: '100%' }}>
                <Typography.Text type="secondary">
                  {t('email.entryFrom', { from: mail.from })} · {parseTime(mail.receivedAt)}
                </Typography.Text>
                <Typography.Text type="secondary">{t('email.entryTo', { to: mail.to.join(', ') })}</Typography.Text>
                {mail.cc.length > 0 && <Typography.Text type="secondary">{t('email.entryCc', { cc: mail.cc.join(', ') })}</Typography.Text>}
                {mail.attachments.length > 0 && <Typography.Text type="secondary">📎 {mail.attachments.join(', ')}</Typography.Text>}
                {/* Cleaned by the server's rich-text sanitiser when it was received. */}
                <div className="notice-content" dangerouslySetInnerHTML={{ __html: mail.body }} />
              </Space>
            </Card>
          ))}
        </Space>
      )}
      {linking && <LinkMailDialog mail={linking} onClose={() => setLinking(null)} onLinked={refresh} />}
    </Card>
  );
}
