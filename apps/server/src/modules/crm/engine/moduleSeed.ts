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
  /** The name stored, which is English; `zh` is how Chinese readers see it while it keeps that name (metadata/layoutNames.ts). */
  name: string;
  zh: string;
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
 * Users who take part in a module's records besides their owner (a meeting's attendees), kept in a
 * table of (record, user) rows: such a record is on their calendar, My day and reminders too —
 * within their data scope, as every read (docs/records-engine.md, "Participants and reminders").
 */
export type ParticipantsSeed = { table: string; recordColumn: string; userColumn: string };

/**
 * A module's reminders in the navbar's bell (docs/records-engine.md, "Participants and reminders"):
 * a record whose reminder time has come, for its owner and its participants, while it matches
 * `open`. The bell shows its name, what it is about and `due` (a due date or a start).
 */
export type ReminderSourceSeed = {
  /** The date-time field holding when the reminder is due. */
  at: string;
  /** The field shown as when the record is due; `dueKind` says how it reads ("Due …" or "Starts …"). */
  due: string;
  dueKind: 'due' | 'start';
  /** Related-record fields shown as what the record is about, the first one set. */
  about: string[];
  /** Records that still remind (a task not completed, an activity that is a meeting), on the module table's own columns. */
  open: SQL;
};

/**
 * What a module's board shows besides one column per value of the picklist it groups by
 * (docs/records-engine.md, "Boards"). Any module has a board; this only says more than the defaults.
 */
export type BoardSeed = {
  /** The picklist the board opens on (default: the path's field, else the first picklist a board can group by). */
  field?: string;
  /** Sums each column shows beside its count, whatever the board groups by: Σ field, or Σ field × weightBy / 100. */
  sums?: Array<{ key: string; field: string; weightBy?: string; en: string; zh: string }>;
  /** The order of a column's cards (default: newest first, which the picklist's own index serves). */
  cardOrder?: { field: string; direction: 'asc' | 'desc' };
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
  /**
   * Text fields besides e-mails, phones and web addresses (KEY_TYPES) that a duplicate rule
   * compares case-insensitively (a lead's company): each gets a btree on `lower(column)`, and a
   * rule's match goes through it alone (duplicates/matchConditions.ts).
   */
  caseInsensitiveKeys?: string[];
  /** How its records appear on the calendar (none: they do not). */
  calendar?: CalendarSourceSeed[];
  /**
   * Whether the module's records are listed on the detail pages of the records they point at
   * (default yes). Activities say no: the timeline of those pages shows them already, filterable by kind.
   */
  relatedLists?: boolean;
  participants?: ParticipantsSeed;
  reminder?: ReminderSourceSeed;
  /** Its board's defaults and sums (none: the defaults, no sums). */
  board?: BoardSeed;
  /**
   * The date field whose day picks the exchange rate a record's amounts are converted at in totals
   * that mix currencies (issue 33; default `createTime`): an opportunity's close date.
   */
  moneyDate?: string;
};

/** A module's fields after the system ones (which every module has). */
export function withSystemFields(fields: FieldSeed[], labels?: Parameters<typeof systemFields>[0]): FieldSeed[] {
  return [...fields, ...systemFields(labels)];
}
