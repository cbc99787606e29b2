import { Typography } from 'antd';
import type { CrmRecord } from '@orbit/shared/contract/crm';
import { TASK_COMPLETED } from '@orbit/shared/crm/tasks';
import i18n from '../../../i18n/i18n';
import { parseTime } from '../../../utils/formatTime';
import type { ModuleRecordViewsFile } from '../engine/recordViews';
import CompleteTaskButton from './components/CompleteTaskButton';
import { isOverdue } from './taskDates';
import './task.css';

const done = (task: CrmRecord) => task.status === TASK_COMPLETED && typeof task.completedAt === 'string';

/** A task wherever the engine shows tasks: overdue rows highlighted, completed with one click, on the related record's timeline. */
const taskRecordViews: ModuleRecordViewsFile['views'] = {
  rowFields: ['subject', 'status', 'dueDate', 'completedAt'],
  rowClassName: (task) => (isOverdue(task) ? 'crm-row-overdue' : ''),
  RowActions: CompleteTaskButton,
  rowActionsNeed: 'edit',
  timeline: {
    // Open tasks stand at their due date (upcoming ones above today's history), completed ones when they were done.
    when: (task) => (done(task) ? (task.completedAt as string) : typeof task.dueDate === 'string' ? task.dueDate : task.createTime),
    note: (task) =>
      done(task) ? (
        <Typography.Text type="secondary">{i18n.t('crm.task.completedAtTime', { time: parseTime(task.completedAt as string) })}</Typography.Text>
      ) : typeof task.dueDate === 'string' ? (
        <Typography.Text type={isOverdue(task) ? 'danger' : 'secondary'}>
          {i18n.t(isOverdue(task) ? 'crm.task.overdueSince' : 'crm.task.dueOn', { date: task.dueDate })}
        </Typography.Text>
      ) : (
        <Typography.Text type="secondary">{i18n.t('crm.task.noDueDate')}</Typography.Text>
      ),
  },
};

export default { module: 'task', views: taskRecordViews } satisfies ModuleRecordViewsFile;
