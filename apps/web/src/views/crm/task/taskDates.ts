import type { CrmRecord } from '@orbit/shared/contract/crm';
import { calendarDay } from '@orbit/shared/crm/relativeDates';
import { TASK_COMPLETED } from '@orbit/shared/crm/tasks';
import { businessDay } from '../../../store/businessDay';

/** Today as the server's views mean it (its last answer said), or the browser's day before any answer. */
export const businessToday = () => businessDay.get() ?? calendarDay();

/** Due before today and not completed (the server's "Overdue Tasks" view is the same rule, on the same day). */
export function isOverdue(task: CrmRecord, today = businessToday()): boolean {
  return typeof task.dueDate === 'string' && task.dueDate < today && task.status !== TASK_COMPLETED;
}
