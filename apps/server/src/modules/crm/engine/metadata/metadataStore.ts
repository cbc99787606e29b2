import { asc, eq } from 'drizzle-orm';
import type { CrmModule } from '@orbit/shared/crm/modules';
import type { FieldType } from '@orbit/shared/crm/fieldTypes';
import type { LookupTarget } from '@orbit/shared/crm/modules';
import type { MessageKey } from '@orbit/shared/messages';
import { UNNAMED_STATEMENT, type Db } from '../../../../db/client';
import { crmField, crmLayout, crmMetaVersion, crmRecordType } from '../../../../db/schema/crm';
import { moduleSeeds } from '../crmModules';
import type { ModuleSeed } from '../moduleSeed';
import type { FieldDef } from './fieldDef';
import type { MetadataStore, ModuleDef } from './moduleDef';
import { attachFormulaExpressions } from '../formula/formulaFields';
import { crmFieldSecurity } from '../../../../db/schema/crmFieldSecurity';
import type { FieldRestriction } from '@orbit/shared/crm/fieldSecurity';

export const toFieldDef = (row: typeof crmField.$inferSelect): FieldDef => ({
  id: row.id,
  module: row.module as CrmModule,
  name: row.name,
  column: row.columnName,
  type: row.type as FieldType,
  labelEn: row.labelEn,
  labelZh: row.labelZh,
  helpEn: row.helpEn,
  helpZh: row.helpZh,
  required: row.required,
  requiredMessage: (row.requiredMessage as MessageKey | null) ?? null,
  unique: row.isUnique,
  readOnly: row.readOnly,
  system: row.isSystem,
  standard: row.isStandard,
  maxLength: row.maxLength,
  decimals: row.decimals,
  dictType: row.dictType,
  lookupModule: row.lookupModule as LookupTarget | null,
  relatedModules: (row.relatedModules as CrmModule[] | null) ?? null,
  sortable: row.sortable,
  filterable: row.filterable,
  searchable: row.searchable,
  defaultValue: row.defaultValue ?? null,
  formula: row.formula ?? null,
  rollup: row.rollup ?? null,
  order: row.sortOrder,
  active: row.active,
});

/** The restrictions of a module's fields by field name and role (rows of fields not active are dropped). */
function fieldSecurityOf(fields: FieldDef[], rows: Array<{ fieldId: number; roleId: number; access: string }>): Map<string, Map<number, FieldRestriction>> {
  const names = new Map(fields.map((f) => [f.id, f.name]));
  const out = new Map<string, Map<number, FieldRestriction>>();
  for (const row of rows) {
    const name = names.get(row.fieldId);
    if (!name || (row.access !== 'hidden' && row.access !== 'readOnly')) continue;
    let roles = out.get(name);
    if (!roles) out.set(name, (roles = new Map()));
    roles.set(row.roleId, row.access);
  }
  return out;
}

async function load(db: Db): Promise<Map<CrmModule, ModuleDef>> {
  const [fields, types, layouts, security] = await Promise.all([
    db.select().from(crmField).where(eq(crmField.active, true)).orderBy(asc(crmField.sortOrder), asc(crmField.id)),
    db.select().from(crmRecordType).orderBy(asc(crmRecordType.sortOrder), asc(crmRecordType.id)),
    db.select().from(crmLayout).orderBy(asc(crmLayout.id)),
    db.select({ fieldId: crmFieldSecurity.fieldId, roleId: crmFieldSecurity.roleId, access: crmFieldSecurity.access }).from(crmFieldSecurity),
  ]);
  const modules = new Map<CrmModule, ModuleDef>();
  for (const seed of moduleSeeds()) {
    const own = fields.filter((f) => f.module === seed.module).map(toFieldDef);
    modules.set(
      seed.module,
      moduleDefOf(seed, own, {
        recordTypes: types.filter((t) => t.module === seed.module),
        layouts: layouts.filter((l) => l.module === seed.module),
        fieldSecurity: fieldSecurityOf(own, security),
      }),
    );
  }
  attachFormulaExpressions(modules);
  return modules;
}

/** A module as the engine sees it: what its seed says and its active fields (tests make one from the seed alone, without the database's rows). */
export function moduleDefOf(
  seed: ModuleSeed,
  fields: FieldDef[],
  rows: Pick<ModuleDef, 'recordTypes' | 'layouts' | 'fieldSecurity'> = { recordTypes: [], layouts: [], fieldSecurity: new Map() },
): ModuleDef {
  return {
    module: seed.module,
    table: seed.table,
    nameFields: seed.nameFields,
    keyFields: seed.keyFields ?? ['ownerId'],
    path: seed.path ?? null,
    board: seed.board ?? {},
    moneyDate: seed.moneyDate ?? 'createTime',
    caseInsensitiveKeys: new Set(seed.caseInsensitiveKeys),
    fields,
    byName: new Map(fields.map((f) => [f.name, f])),
    ...rows,
  };
}


function createMetadataStore(db: Db): MetadataStore {
  let version = -1;
  let modules = new Map<CrmModule, ModuleDef>();
  let reloading: Promise<void> | undefined;
  /** The version read in flight, and the one that follows it for callers who came meanwhile. */
  let reading: Promise<number> | undefined;
  let nextRead: Promise<number> | undefined;

  async function reload(target: number) {
    const loaded = await load(db);
    modules = loaded;
    version = target;
  }

  // Read for every request of a records route: its SQL built once (an unnamed statement: see UNNAMED_STATEMENT).
  const versionRead = db.select({ version: crmMetaVersion.version }).from(crmMetaVersion).where(eq(crmMetaVersion.id, 1)).prepare(UNNAMED_STATEMENT);

  async function check(): Promise<number> {
    const [row] = await versionRead.execute();
    const current = Number(row?.version ?? 0);
    if (current !== version) {
      // Requests arriving together share one reload.
      reloading ??= reload(current).finally(() => (reloading = undefined));
      await reloading;
    }
    return version;
  }

  function startRead(): Promise<number> {
    const read: Promise<number> = check().finally(() => {
      if (reading === read) reading = undefined;
    });
    reading = read;
    return read;
  }

  return {
    get version() {
      return version;
    },
    fresh() {
      if (!reading) return startRead();
      // A read in flight may have been sent before a change this caller must see: callers who
      // arrive meanwhile share the next read, sent when it ends. Under load one read then
      // serves every request of its moment instead of one read (and round trip) per request.
      nextRead ??= reading.then(
        () => undefined,
        () => undefined,
      ).then(() => {
        nextRead = undefined;
        return startRead();
      });
      return nextRead;
    },
    module(module) {
      const def = modules.get(module);
      if (!def) throw new Error(`metadata of ${module} not loaded: call fresh() first`);
      return def;
    },
  };
}

const stores = new WeakMap<Db, MetadataStore>();

/** The metadata store of a database (one per process and database). */
export function metadataOf(db: Db): MetadataStore {
  let store = stores.get(db);
  if (!store) {
    store = createMetadataStore(db);
    stores.set(db, store);
  }
  return store;
}
