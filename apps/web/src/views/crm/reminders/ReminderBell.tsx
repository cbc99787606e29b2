import { CheckOutlined, CloseOutlined } from '@ant-design/icons';
import { Button, Space, Tooltip, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { Reminder, ReminderRef, RemindersAnswer } from '@orbit/shared/contract/reminders';
import { isCrmModule } from '@orbit/shared/crm/modules';
import NavbarBell from '../../../layout/NavbarBell';
import { lookupText } from '../engine/lookupNames';
import { useRecordLink } from '../engine/useRecordLink';
import { useReminders } from './useReminders';

const refOf = (reminder: Reminder): ReminderRef => ({ module: reminder.module, id: reminder.id });
const keyOf = (reminder: Reminder) => `${reminder.module}:${reminder.id}`;

/**
 * The navbar's bell of reminders: how many of the user's reminders (tasks assigned to them,
 * meetings they own or attend) are due and unread, and, opened, the due ones (name, what it is
 * about, when it is due or starts). A click opens the record and marks it read; each can be marked
 * read or dismissed, or all at once. Shown to users who may see tasks or activities.
 */
export default function ReminderBell() {
  const { t } = useTranslation();
  const { allowed, reminders, markRead, dismiss } = useReminders();
  const [open, setOpen] = useState(false);
  if (!allowed) return null;
  const unread = reminders.data?.unread ?? 0;
  const rows = reminders.data?.rows ?? [];
  const state = reminders.isError ? 'error' : reminders.isLoading ? 'loading' : rows.length ? 'ready' : 'empty';

  return (
    <NavbarBell
      title={t('crm.reminders.title')}
      actions={
        <Space size={0}>
          <Button type="link" size="small" disabled={!unread} loading={markRead.isPending} onClick={() => markRead.mutate({ all: true })} data-testid="reminders-read-all">
            {t('crm.reminders.markAllRead')}
          </Button>
          <Button type="link" size="small" loading={dismiss.isPending} onClick={() => dismiss.mutate({ all: true })} data-testid="reminders-dismiss-all">
            {t('crm.reminders.dismissAll')}
          </Button>
        </Space>
      }
      unread={unread}
      label={unread ? t('crm.reminders.bellUnread', { count: unread }) : t('crm.reminders.bell')}
      state={state}
      emptyText={t('crm.reminders.empty')}
      onRetry={() => void reminders.refetch()}
      open={open}
      onOpenChange={setOpen}
      buttonTestId="reminder-bell"
      panelTestId="reminders"
    >
      {reminders.data && (
        <ReminderList
          answer={reminders.data}
          onMarkRead={(reminder) => markRead.mutate({ items: [refOf(reminder)] })}
          onDismiss={(reminder) => dismiss.mutate({ items: [refOf(reminder)] })}
          onOpened={() => setOpen(false)}
        />
      )}
    </NavbarBell>
  );
}

type ListProps = { answer: RemindersAnswer; onMarkRead: (reminder: Reminder) => void; onDismiss: (reminder: Reminder) => void; onOpened: () => void };

function ReminderList({ answer, onMarkRead, onDismiss, onOpened }: ListProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const recordLink = useRecordLink();
  const aboutName = ({ about }: Reminder): string | null => {
    if (!about || !isCrmModule(about.module)) return null;
    return `${t(`crm.record.${about.module}`)}: ${lookupText(t, answer.lookups, about.module, about.id)}`;
  };
  const dueText = ({ due, dueKind }: Reminder): string => {
    if (!due) return t('crm.reminders.noDueDate');
    return dueKind === 'start' ? t('crm.reminders.starts', { time: dayjs(due).format('YYYY-MM-DD HH:mm') }) : t('crm.reminders.due', { date: due });
  };
  const openRecord = (reminder: Reminder) => {
    if (!reminder.read) onMarkRead(reminder);
    const href = recordLink(reminder.module, reminder.id);
    if (href) navigate(href);
    onOpened();
  };
  return (
    <>
      <ul className="navbar-bell-list">
        {answer.rows.map((reminder) => {
          const about = aboutName(reminder);
          return (
            <li
              key={keyOf(reminder)}
              className={reminder.read ? 'navbar-bell-item reminder' : 'navbar-bell-item navbar-bell-item-unread reminder-unread'}
              data-testid="reminder"
              data-module={reminder.module}
            >
              <button type="button" className="navbar-bell-open" onClick={() => openRecord(reminder)}>
                <Typography.Text strong={!reminder.read} ellipsis>
                  {reminder.subject || `#${reminder.id}`}
                </Typography.Text>
                {about && (
                  <Typography.Text type="secondary" ellipsis>
                    {about}
                  </Typography.Text>
                )}
                <Typography.Text type="secondary">{dueText(reminder)}</Typography.Text>
              </button>
              <Space size={0} className="reminder-actions">
                {!reminder.read && (
                  <Tooltip title={t('crm.reminders.markRead')}>
                    <Button type="text" size="small" icon={<CheckOutlined />} aria-label={t('crm.reminders.markRead')} onClick={() => onMarkRead(reminder)} />
                  </Tooltip>
                )}
                <Tooltip title={t('crm.reminders.dismiss')}>
                  <Button type="text" size="small" icon={<CloseOutlined />} aria-label={t('crm.reminders.dismiss')} onClick={() => onDismiss(reminder)} />
                </Tooltip>
              </Space>
            </li>
          );
        })}
      </ul>
      {answer.total > answer.rows.length && (
        <Typography.Text type="secondary" className="navbar-bell-more">
          {t('crm.reminders.more', { shown: answer.rows.length, total: answer.total })}
        </Typography.Text>
      )}
    </>
  );
}
