import { Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TimelineEntry } from '@orbit/shared/contract/timeline';
import { EntryTime } from '../../engine/detail/timeline/ChangeEntry';

const STATUS_COLOUR = { queued: 'processing', sent: 'success', failed: 'error', received: 'cyan', inbox: 'default' } as const;

/**
 * An e-mail on a record's timeline — sent from Orbit (with its delivery status and the server's
 * answer) or received by the dropbox (with its sender) — its files, its thread (a reply and its
 * original: `threadSize` of them among those loaded), and the message on demand.
 */
export default function EmailEntry({ entry, threadSize = 1 }: { entry: TimelineEntry; threadSize?: number }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const email = entry.email!;
  return (
    <div data-testid="email-entry">
      <Space size={4} wrap>
        <Typography.Text>{t(email.direction === 'in' ? 'email.entryReceived' : 'email.entry', { user: entry.authorName ?? '' })}</Typography.Text>
        <Tag color={STATUS_COLOUR[email.status]} data-testid="email-status">
          {t(`email.status.${email.status}`)}
        </Tag>
        {threadSize > 1 && (
          <Tag color="purple" data-testid="email-thread">
            {t('email.thread', { count: threadSize })}
          </Tag>
        )}
      </Space>
      <div>
        <Typography.Text strong>{email.subject}</Typography.Text>
      </div>
      {email.direction === 'in' && (
        <div>
          <Typography.Text type="secondary">{t('email.entryFrom', { from: email.from })}</Typography.Text>
        </div>
      )}
      <div>
        <Typography.Text type="secondary">{t('email.entryTo', { to: email.to.join(', ') })}</Typography.Text>
      </div>
      {email.cc.length > 0 && (
        <div>
          <Typography.Text type="secondary">{t('email.entryCc', { cc: email.cc.join(', ') })}</Typography.Text>
        </div>
      )}
      {email.answer && (
        <div>
          <Typography.Text type={email.status === 'failed' ? 'danger' : 'secondary'} data-testid="email-answer">
            {email.answer}
          </Typography.Text>
        </div>
      )}
      {email.attachments.length > 0 && (
        <div>
          <Typography.Text type="secondary">📎 {email.attachments.join(', ')}</Typography.Text>
        </div>
      )}
      {/* The body was cleaned by the server's rich-text sanitiser before it was stored. */}
      {open && <div className="notice-content" dangerouslySetInnerHTML={{ __html: email.body }} />}
      <div>
        <Typography.Link onClick={() => setOpen(!open)}>{open ? t('email.hideBody') : t('email.showBody')}</Typography.Link>
        <EntryTime time={entry.time} />
      </div>
    </div>
  );
}
