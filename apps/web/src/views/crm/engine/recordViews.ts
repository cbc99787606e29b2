import type { ComponentType, ReactNode } from 'react';
import type { CrmRecord, LookupLabels, ModuleMeta } from '@orbit/shared/contract/crm';
import type { FieldValue } from '@orbit/shared/crm/fieldValue';
import type { TimelineEntry } from '@orbit/shared/contract/timeline';
import type { TimelineKind } from '@orbit/shared/crm/activities';
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
   * How the module's records show on the timeline of a record they point at (the server's
   * `/timeline` entries of these kinds): a task with its due or completion note, a call with its outcome.
   */
  timelineEntry?: { kinds: readonly TimelineKind[]; Entry: ComponentType<TimelineEntryProps>; icon?: (entry: TimelineEntry) => ReactNode };
  /** What the module adds at the top of every business record's timeline (activities: log a call, add a note…). */
  TimelineComposer?: ComponentType<TimelineComposerProps>;
  /**
   * What a slot selected on the calendar offers for each of the module's calendar sources (by the
   * source's key): the choice's label, and — where the engine's record form is not how the module's
   * records are added (a meeting is an activity of one kind, with attendees) — the module's own form.
   */
  calendarAdd?: Record<string, CalendarAdd>;
};

/** One choice a selected calendar slot offers: `label` a translation key ("New meeting"); `Form` absent: the engine's record form. */
export type CalendarAdd = { label: string; Form?: ComponentType<CalendarAddFormProps> };
/** What a module's form for a selected calendar slot is given: its metadata, the values the slot fills in (start, end, all-day), and what to do after. */
export type CalendarAddFormProps = { meta: ModuleMeta; values: Record<string, FieldValue>; onClose: () => void; onSaved: () => void };

/** What a timeline entry of a module is given: the entry, the names its values point at, and how to show a change. */
export type TimelineEntryProps = { entry: TimelineEntry; lookups: LookupLabels; onChanged: () => void; record: { module: CrmModule; id: number } };
/** What a timeline's composer is given: the record on screen and what to do after it wrote something. */
export type TimelineComposerProps = { module: CrmModule; id: number; name: string; onDone: () => void };

/** A module's `<module>.recordViews.tsx` (its default export), which the engine finds (moduleRecordViews.ts). */
export type ModuleRecordViewsFile = { module: CrmModule; views: ModuleRecordViews };
