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
};

/** A module's fields after the system ones (which every module has). */
export function withSystemFields(fields: FieldSeed[], labels?: Parameters<typeof systemFields>[0]): FieldSeed[] {
  return [...fields, ...systemFields(labels)];
}
