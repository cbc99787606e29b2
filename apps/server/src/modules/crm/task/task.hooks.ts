import { TASK_COMPLETED } from '@orbit/shared/crm/tasks';
import type { FieldValue } from '@orbit/shared/crm/fieldValue';
import type { ModuleHooks } from '../engine/moduleHooks';

/**
 * A task's completion time is true whatever changed its status: set when the status becomes
 * completed (kept while it stays so), cleared when the task is reopened.
 */
export const taskHooks: ModuleHooks = {
  derivedValues(next): Record<string, FieldValue> {
    const done = next.status === TASK_COMPLETED;
    if (done && !next.completedAt) return { completedAt: new Date().toISOString() };
    if (!done && next.completedAt) return { completedAt: null };
    return {};
  },
};
