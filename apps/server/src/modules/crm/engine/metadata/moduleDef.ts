import type { StagePathMeta } from '@orbit/shared/contract/crm';
import type { CrmModule } from '@orbit/shared/crm/modules';
import type { crmLayout, crmRecordType } from '../../../../db/schema/crm';
import type { BoardSeed } from '../moduleSeed';
import type { FieldDef } from './fieldDef';
import type { FieldRestriction } from '@orbit/shared/crm/fieldSecurity';

export type RecordTypeDef = typeof crmRecordType.$inferSelect;
export type LayoutDef = typeof crmLayout.$inferSelect;

/** A module as the engine runs it: its table and the metadata of this process's current version. */
export type ModuleDef = {
  module: CrmModule;
  table: string;
  nameFields: string[];
  /** Fields a search hit shows besides its name. */
  keyFields: string[];
  path: StagePathMeta | null;
  /** What its board shows besides the columns (its seed's). */
  board: BoardSeed;
  /** The date field amounts are converted by (its seed's `moneyDate`, else `createTime`). */
  moneyDate?: string;
  /** Fields a btree on `lower(column)` serves besides KEY_TYPES (its seed's `caseInsensitiveKeys`). */
  caseInsensitiveKeys: ReadonlySet<string>;
  /** Active fields in their order. */
  fields: FieldDef[];
  /** Active fields by name. */
  byName: Map<string, FieldDef>;
  recordTypes: RecordTypeDef[];
  layouts: LayoutDef[];
  /**
   * Field-level security: per field name, the roles whose access is less than visible and editable
   * (crm_field_security, loaded with the metadata; fieldSecurity/fieldAccess.ts reads it).
   */
  fieldSecurity: Map<string, Map<number, FieldRestriction>>;
};

/**
 * This process's copy of the metadata. `fresh()` compares the version row (one indexed read) and
 * reloads everything once when another process — or a set-up change here — bumped it, so every
 * request sees the metadata of the moment it started, with no restart and no stale cache.
 */
export type MetadataStore = {
  fresh(): Promise<number>;
  module(module: CrmModule): ModuleDef;
  readonly version: number;
};
