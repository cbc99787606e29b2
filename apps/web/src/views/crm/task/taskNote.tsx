import { Typography } from 'antd';
import type { CrmRecord } from '@orbit/shared/contract/crm';
import { TASK_COMPLETED } from '@orbit/shared/crm/tasks';
import i18n from '../../../i18n/i18n';
import { parseTime } from '../../../utils/formatTime';
import { isOverdue } from './taskDates';

const done = (task: CrmRecord) => task.status === TASK_COMPLETED && typeof task.completedAt === 'string';

/** What a task's timeline entry says beside its name: when it was done, or when it is (over)due. */
export function taskNote(task: CrmRecord) {
  return done(task) ? (
    <Typography.Text type="secondary">{i18n.t('crm.task.completedAtTime', { time: parseTime(task.completedAt as string) })}</Typography.Text>
  ) : typeof task.dueDate === 'string' ? (
    <Typography.Text type={isOverdue(task) ? 'danger' : 'secondary'}>{i18n.t(isOverdue(task) ? 'crm.task.overdueSince' : 'crm.task.dueOn', { date: task.dueDate })}</Typography.Text>
  ) : (
    <Typography.Text type="secondary">{i18n.t('crm.task.noDueDate')}</Typography.Text>
  );
}
