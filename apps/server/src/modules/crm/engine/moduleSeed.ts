import type { SQL } from 'drizzle-orm';
import type { StagePathMeta } from '@orbit/shared/contract/crm';
import type { IndexBuilder } from 'drizzle-orm/pg-core';
import type { OwnerScope, LayoutItem } from '@orbit/shared/contract/crm';
import type { DuplicateAction, DuplicateCondition } from '@orbit/shared/contract/duplicates';
import type { FilterNode } from '@orbit/shared/crm/filter';
import type { CrmModule } from '@orbit/shared/crm/modules';
import { systemFields, type FieldSeed } from './fieldSeed';

/** A layout as a module ships it: sections of field names (or items with per-layout flags). */
export type LayoutSeed = {
  name: string;
  sections: Array<{ key: string; en: string; zh: string; columns: 1 | 2; fields: Array<string | LayoutItem> }>;
};

export type RecordTypeSeed = { name: string; en: string; zh: string; description: string; isDefault?: boolean; layout: LayoutSeed };

export type ListViewSeed = {
  name: string;
  en: string;
  zh: string;
  columns: string[];
  sortField?: string;
  sortOrder?: 'asc' | 'desc';
  filter?: FilterNode;
  ownerScope?: OwnerScope;
};

/** A built-in duplicate rule (crm_duplicate_rule, `builtInKey` = `key`): added when missing, then the administrator's. */
export type DuplicateRuleSeed = { key: string; en: string; zh: string; conditions: DuplicateCondition[]; action?: DuplicateAction; threshold?: number };

/**
 * A way the module's records appear on the calendar (docs/records-engine.md, "Calendar sources"):
 * the fields an entry is read from, which are also the fields a drag writes (through the engine's
 * update). Each source gets an index `(owner_id, start column)` on present rows, so the calendar
 * reads it with one range scan per owner.
 */
export type CalendarSourceSeed = {
  /** Names the source within its module (an entry's `source`); never renamed. */
  key: string;
  /** When the entry starts: a date field (an all-day entry) or a date-time field. */
  start: string;
  /** When it ends, of the start's type (inclusive for dates); absent: the entry has no length. */
  end?: string;
  /** A checkbox field: the entry covers whole days although its start and end are date-times (an all-day meeting). */
  allDay?: string;
  /** Only the module's records matching this (meetings among activities); checked like a list's filter. */
  where?: FilterNode;
  /** A picklist field shown as the entry's status. */
  status?: string;
  /** Records matching this are done (drawn struck through). */
  done?: FilterNode;
};

/**
 * Everything a business module ships as data: its table, standard fields, record types with their
 * layouts (or one layout when it has no record types) and built-in list views. The engine does
 * the rest; a module folder adds only the behaviour that is its own (lead conversion…).
 */
export type ModuleSeed = {
  module: CrmModule;
  table: string;
  /** Fields whose values, joined by a space, name a record. */
  nameFields: string[];
  /** Fields whose values tell a search hit apart at a glance (its account, stage, owner…; docs/records-engine.md, "Global search"). */
  keyFields?: string[];
  fields: FieldSeed[];
  recordTypes: RecordTypeSeed[];
  /** The layout of a module without record types (and the template every layout is copied from). */
  layout: LayoutSeed;
  views: ListViewSeed[];
  /** The picklist a detail page draws as a path across its header (docs/records-engine-web.md, "Stage path"). */
  path?: StagePathMeta;
  /** Duplicate rules a new installation starts with (docs/records-engine.md, "Duplicates and merge"). */
  duplicateRules?: DuplicateRuleSeed[];
  /**
   * Indexes the module's own queries need beyond the engine's per-field ones (a task's due
   * reminders; the covering index campaign figures read member leads through).
   */
  indexes?: (table: string, col: (name: string) => SQL) => IndexBuilder[];
  /** How its records appear on the calendar (none: they do not). */
  calendar?: CalendarSourceSeed[];
};

/** A module's fields after the system ones (which every module has). */
export function withSystemFields(fields: FieldSeed[], labels?: Parameters<typeof systemFields>[0]): FieldSeed[] {
  return [...fields, ...systemFields(labels)];
}
