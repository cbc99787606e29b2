import { CheckOutlined, CloseOutlined } from '@ant-design/icons';
import { Button, Space, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { TaskReminder, TaskRemindersAnswer } from '@orbit/shared/contract/taskReminders';
import { isCrmModule } from '@orbit/shared/crm/modules';
import NavbarBell from '../../../../layout/NavbarBell';
import { lookupText } from '../../engine/lookupNames';
import { useRecordLink } from '../../engine/useRecordLink';
import { useTaskReminders } from './useTaskReminders';

/**
 * The navbar's bell: how many of the user's task reminders are due and unread, and, opened, the due
 * ones (subject, related record, due date). A click opens the task and marks it read; each can be
 * marked read or dismissed, or all at once. Shown to users who may see tasks.
 */
export default function TaskReminderBell() {
  const { t } = useTranslation();
  const { allowed, reminders, markRead, dismiss } = useTaskReminders();
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
      panelTestId="task-reminders"
    >
      {reminders.data && (
        <ReminderList answer={reminders.data} onMarkRead={(id) => markRead.mutate({ ids: [id] })} onDismiss={(id) => dismiss.mutate({ ids: [id] })} onOpened={() => setOpen(false)} />
      )}
    </NavbarBell>
  );
}

type ListProps = { answer: TaskRemindersAnswer; onMarkRead: (id: number) => void; onDismiss: (id: number) => void; onOpened: () => void };

function ReminderList({ answer, onMarkRead, onDismiss, onOpened }: ListProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const recordLink = useRecordLink();
  const relatedName = (reminder: TaskReminder): string | null => {
    // What the task is about, else whom it names (a task on a lead names it and may be related to nothing).
    const related = (reminder.relatedTo ?? reminder.name) as { module: string; id: number } | null | undefined;
    if (!related || !isCrmModule(related.module)) return null;
    const name = lookupText(t, answer.lookups, related.module, related.id);
    return `${t(`crm.record.${related.module}`)}: ${name}`;
  };
  const openTask = (reminder: TaskReminder) => {
    if (!reminder.read) onMarkRead(reminder.id);
    const href = recordLink('task', reminder.id);
    if (href) navigate(href);
    onOpened();
  };
  return (
    <>
      <ul className="navbar-bell-list">
        {answer.rows.map((reminder) => {
          const related = relatedName(reminder);
          return (
            <li key={reminder.id} className={reminder.read ? 'navbar-bell-item task-reminder' : 'navbar-bell-item navbar-bell-item-unread task-reminder-unread'} data-testid="task-reminder">
              <button type="button" className="navbar-bell-open" onClick={() => openTask(reminder)}>
                <Typography.Text strong={!reminder.read} ellipsis>
                  {String(reminder.subject ?? `#${reminder.id}`)}
                </Typography.Text>
                {related && (
                  <Typography.Text type="secondary" ellipsis>
                    {related}
                  </Typography.Text>
                )}
                <Typography.Text type="secondary">
                  {typeof reminder.dueDate === 'string' ? t('crm.reminders.due', { date: reminder.dueDate }) : t('crm.reminders.noDueDate')}
                </Typography.Text>
              </button>
              <Space size={0} className="task-reminder-actions">
                {!reminder.read && (
                  <Tooltip title={t('crm.reminders.markRead')}>
                    <Button type="text" size="small" icon={<CheckOutlined />} aria-label={t('crm.reminders.markRead')} onClick={() => onMarkRead(reminder.id)} />
                  </Tooltip>
                )}
                <Tooltip title={t('crm.reminders.dismiss')}>
                  <Button type="text" size="small" icon={<CloseOutlined />} aria-label={t('crm.reminders.dismiss')} onClick={() => onDismiss(reminder.id)} />
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
