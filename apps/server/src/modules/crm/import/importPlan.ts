import { securedDef } from '../fieldSecurity/fieldAccess';
import { translate } from '@orbit/shared/messages';
import type { DuplicateCheck } from '../engine/duplicates/duplicateGuard';
import type { ImportSettings, DuplicatePolicy } from '@orbit/shared/contract/recordImport';
import type { CrmModule } from '@orbit/shared/crm/modules';
import { PERMISSIONS } from '@orbit/shared/permissions';
import type { Executor } from '../../../db/client';
import { badRequest, fieldError, forbidden } from '../../../lib/errors';
import { hasPermission } from '../../auth/currentUser';
import type { FieldDef } from '../engine/metadata/fieldDef';
import { defaultRecordType } from '../engine/metadata/layouts';
import type { MetadataStore, ModuleDef } from '../engine/metadata/moduleDef';
import { labelOf } from '../engine/query/filterCompiler';
import { lookupExists } from '../engine/records/recordValidation';
import type { Caller } from '../engine/records/moduleRecords';
import { DUPLICATE_KEY_TYPES, importFields } from './importFields';

/** One mapped column: the file's column index and the field it fills. */
export type MappedColumn = { index: number; field: FieldDef };

/** What a dry run and a run do with every row, checked once against the file and the metadata. */
export type ImportPlan = {
  module: CrmModule;
  def: ModuleDef;
  caller: Caller;
  recordTypeId: number | null;
  columns: MappedColumn[];
  /** How a row finds the record it duplicates, and what it then does; absent: every row is created. */
  duplicate?: { column: MappedColumn; policy: Exclude<DuplicatePolicy, 'create'> };
  ownerId: number;
  /** Whether the assignment rules give created rows their owner (docs/decisions.md, "Lead assignment rules"). */
  assign: boolean;
  timezoneOffset: number;
  /**
   * The module's duplicate rules on created rows: a blocking rule refuses the row; a warning refuses
   * it too, unless the file's duplicates are to be created anyway (`duplicatePolicy: create`), when
   * the row is created and that reason kept in its history (docs/decisions.md).
   */
  rules: DuplicateCheck;
};

/**
 * Checks a dry run's or a run's settings against the file's header and the module's metadata: the
 * record type, every mapped field (known, importable, once), the required fields' columns, the
 * duplicate rule, the owner — and `edit` for updating duplicates. Throws a 400 (403) naming what is
 * wrong; answers the plan.
 */
export async function importPlan(
  db: Executor,
  meta: MetadataStore,
  module: CrmModule,
  caller: Caller,
  headers: string[],
  settings: ImportSettings,
): Promise<ImportPlan> {
  const { user, lang } = caller;
  // The module as the importer sees it (field-level security): a hidden column is an unknown field,
  // a read-only one not importable — refused before any row is read, never silently dropped.
  const def = securedDef(meta.module(module), user);
  const activeTypes = def.recordTypes.filter((t) => t.active);
  const recordTypeId = settings.recordTypeId ?? defaultRecordType(def)?.id ?? null;
  if (recordTypeId !== null && !activeTypes.some((t) => t.id === recordTypeId)) throw fieldError('recordTypeId', 'record.recordTypeInvalid');

  if (settings.mapping.length !== headers.length) throw badRequest('import.mappingMismatch');
  const { fields, mustMap } = importFields(def, recordTypeId);
  const importable = new Set(fields.map((f) => f.name));
  const columns: MappedColumn[] = [];
  const mapped = new Set<string>();
  settings.mapping.forEach((name, index) => {
    if (name === null) return;
    const field = def.byName.get(name);
    if (!field) throw badRequest('record.unknownField', { name });
    if (!importable.has(name)) throw badRequest('import.fieldNotImportable', { field: labelOf(field, lang) });
    if (mapped.has(name)) throw badRequest('import.fieldMappedTwice', { field: labelOf(field, lang) });
    mapped.add(name);
    columns.push({ index, field });
  });
  if (!columns.length) throw badRequest('import.nothingMapped');
  // A required field with a default (a lead's status) is filled by it, as in the form.
  const missing = fields.find((f) => mustMap(f) && !mapped.has(f.name));
  if (missing) throw badRequest('import.requiredColumnMissing', { field: labelOf(missing, lang) });

  let duplicate: ImportPlan['duplicate'];
  if (settings.duplicateField && settings.duplicatePolicy !== 'create') {
    const field = def.byName.get(settings.duplicateField);
    if (!field) throw badRequest('record.unknownField', { name: settings.duplicateField });
    if (!DUPLICATE_KEY_TYPES.has(field.type) || !importable.has(field.name)) throw badRequest('import.duplicateFieldInvalid', { field: labelOf(field, lang) });
    const column = columns.find((c) => c.field === field);
    if (!column) throw badRequest('import.duplicateFieldNotMapped', { field: labelOf(field, lang) });
    if (settings.duplicatePolicy === 'update' && !hasPermission(user, PERMISSIONS[module].edit)) throw forbidden();
    duplicate = { column, policy: settings.duplicatePolicy };
  }

  // The owner picker's rule, as the form's: any active user (the engine checks each row again).
  const ownerId = settings.ownerId ?? user.userId;
  if (!(await lookupExists({ db, meta, def, user, lang }, 'user', ownerId))) throw fieldError('ownerId', 'record.ownerInvalid');

  const rules: DuplicateCheck = { forImport: true, ...(settings.duplicatePolicy === 'create' ? { override: { reason: translate(lang, 'duplicate.importReason') } } : {}) };
  const assign = settings.useAssignmentRules ?? settings.ownerId === undefined;
  return { module, def, caller, recordTypeId, columns, duplicate, ownerId, assign, timezoneOffset: settings.timezoneOffset, rules };
}
