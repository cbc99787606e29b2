import type { ComponentType, ReactNode } from 'react';
import type { CrmRecord } from '@orbit/shared/contract/crm';
import type { CrmModule } from '@orbit/shared/crm/modules';
import type { RecordAction } from './useModulePermissions';

/** What a row action is given: its record (with `rowFields`) and how to show the change. */
export type RowActionProps = { record: CrmRecord; onChanged: () => void };

/**
 * What a module adds wherever the engine shows its records — its list, the related lists on other
 * records' pages, the activity timeline of the record they point at — so a task can be completed
 * from an account's page without the account knowing about tasks.
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

/** A module's `<module>.recordViews.tsx` (its default export), which the engine finds (moduleRecordViews.ts). */
export type ModuleRecordViewsFile = { module: CrmModule; views: ModuleRecordViews };
