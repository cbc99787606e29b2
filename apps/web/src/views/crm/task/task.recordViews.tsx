import { CheckSquareOutlined } from '@ant-design/icons';
import type { ModuleRecordViewsFile } from '../engine/recordViews';
import CompleteTaskButton from './components/CompleteTaskButton';
import TaskTimelineEntry from './components/TaskTimelineEntry';
import { isOverdue } from './taskDates';
import './task.css';

/** A task wherever the engine shows tasks: overdue rows highlighted, completed with one click, on the related record's timeline. */
const taskRecordViews: ModuleRecordViewsFile['views'] = {
  rowFields: ['subject', 'status', 'dueDate', 'completedAt'],
  rowClassName: (task) => (isOverdue(task) ? 'crm-row-overdue' : ''),
  RowActions: CompleteTaskButton,
  rowActionsNeed: 'edit',
  // Open tasks stand at their due date (upcoming ones above today's history), completed ones when they were done (the server's order).
  timelineEntry: { kinds: ['task'], Entry: TaskTimelineEntry, icon: () => <CheckSquareOutlined /> },
  // A slot selected on the calendar adds a task due that day, in the engine's record form.
  calendarAdd: { due: { label: 'crm.task.calendarAdd' } },
};

export default { module: 'task', views: taskRecordViews } satisfies ModuleRecordViewsFile;
