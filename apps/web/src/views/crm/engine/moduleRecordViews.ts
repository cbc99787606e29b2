import type { ComponentType, ReactNode } from 'react';
import type { CrmRecord } from '@orbit/shared/contract/crm';
import type { CrmModule } from '@orbit/shared/crm/modules';
import { taskRecordViews } from '../task/taskRecordViews';
import type { RecordAction } from './useModulePermissions';

/** What a row action is given: its record (with `rowFields`) and how to show the change. */
export type RowActionProps = { record: CrmRecord; onChanged: () => void };

/**
 * What a module adds wherever the engine shows its records — its list, the related lists on other
 * records' pages, the activity timeline of the record they point at — so a task can be completed
 * from an account's page without the account knowing about tasks. One entry per module.
 */
export type ModuleRecordViews = {
  /** Fields the parts below read, fetched with every list of the module's records. */
  rowFields: string[];
  /** A class for a row (an overdue task is highlighted). */
  rowClassName?: (record: CrmRecord) => string;
  /** One-click actions at the end of each row (complete a task), for users with `rowActionsNeed` on the module. */
  RowActions?: ComponentType<RowActionProps>;
  rowActionsNeed?: RecordAction;
  /**
   * How a record shows on the timeline of the record it points at: when (an open task at its due
   * date, a completed one at its completion time) and what to say beside its name and states.
   */
  timeline?: { when: (record: CrmRecord) => string; note: (record: CrmRecord) => ReactNode };
};

export const MODULE_RECORD_VIEWS: Partial<Record<CrmModule, ModuleRecordViews>> = {
  task: taskRecordViews,
};

/** The fields a list of a module's records asks for: the columns shown and what the module's row parts read. */
export const withRowFields = (module: CrmModule, columns: string[]): string[] => [...new Set([...columns, ...(MODULE_RECORD_VIEWS[module]?.rowFields ?? [])])];
