import { eq, sql } from 'drizzle-orm';
import { SORTABLE_TYPES } from '@orbit/shared/crm/fieldTypes';
import type { Db, Executor } from '../../../../db/client';
import { crmField, crmLayout, crmListView, crmMetaVersion, crmRecordType } from '../../../../db/schema/crm';
import { columnOf, type FieldSeed } from '../fieldSeed';
import type { LayoutSeed, ModuleSeed } from '../moduleSeed';
import { loadCrmModules, moduleSeeds } from '../crmModules';
import { reconcileDuplicateRules } from '../duplicates/duplicateRules';
import { templateName } from './layoutNames';

/** The metadata row of a standard field, from its seed. */
export function fieldRow(module: string, field: FieldSeed, order: number) {
  return {
    module,
    name: field.name,
    columnName: columnOf(field),
    type: field.type,
    labelEn: field.en,
    labelZh: field.zh,
    helpEn: field.help?.en ?? '',
    helpZh: field.help?.zh ?? '',
    required: field.required ?? false,
    requiredMessage: field.requiredMessage ?? null,
    isUnique: field.unique ?? false,
    readOnly: field.readOnly ?? false,
    isSystem: 'system' in field,
    isStandard: true,
    maxLength: field.maxLength ?? null,
    decimals: field.decimals ?? null,
    dictType: field.dictType ?? null,
    lookupModule: field.lookupModule ?? null,
    relatedModules: field.relatedModules ?? null,
    sortable: SORTABLE_TYPES.has(field.type) && field.sortable !== false,
    filterable: field.filterable !== false,
    searchable: field.searchable ?? false,
    defaultValue: field.defaultValue ?? null,
    sortOrder: order,
  };
}

const layoutRow = (module: string, layout: LayoutSeed, isTemplate: boolean) => ({
  module,
  name: isTemplate ? templateName(layout) : layout.name,
  isTemplate,
  sections: layout.sections.map((s) => ({
    key: s.key,
    titleEn: s.en,
    titleZh: s.zh,
    columns: s.columns,
    fields: s.fields.map((f) => (typeof f === 'string' ? { field: f } : f)),
  })),
});

/**
 * Inserts the rows that are missing (by their natural key) and answers how many it inserted. What
 * exists is read in one query per table (it runs at every start: one query per seeded row made a
 * restart seconds slower on PGlite).
 */
async function reconcileModule(db: Executor, seed: ModuleSeed): Promise<number> {
  const { module } = seed;
  let inserted = 0;
  const [fields, layouts, types, views] = await Promise.all([
    db.select({ name: crmField.name }).from(crmField).where(eq(crmField.module, module)),
    db.select({ id: crmLayout.id, name: crmLayout.name }).from(crmLayout).where(eq(crmLayout.module, module)),
    db.select({ name: crmRecordType.name }).from(crmRecordType).where(eq(crmRecordType.module, module)),
    db.select({ key: crmListView.builtInKey }).from(crmListView).where(eq(crmListView.module, module)),
  ]);

  const fieldNames = new Set(fields.map((f) => f.name));
  const missingFields = seed.fields.flatMap((field, order) => (fieldNames.has(field.name) ? [] : [fieldRow(module, field, order + 1)]));
  if (missingFields.length) await db.insert(crmField).values(missingFields);
  inserted += missingFields.length;

  const layoutIds = new Map(layouts.map((l) => [l.name, l.id]));
  const layoutId = async (layout: LayoutSeed, isTemplate: boolean): Promise<number> => {
    const row = layoutRow(module, layout, isTemplate);
    const found = layoutIds.get(row.name);
    if (found !== undefined) return found;
    inserted++;
    const [created] = await db.insert(crmLayout).values(row).returning({ id: crmLayout.id });
    layoutIds.set(row.name, created!.id);
    return created!.id;
  };

  await layoutId(seed.layout, true);
  await layoutId(seed.layout, false);
  const typeNames = new Set(types.map((t) => t.name));
  for (const [order, type] of seed.recordTypes.entries()) {
    if (typeNames.has(type.name)) continue;
    await db.insert(crmRecordType).values({
      module,
      name: type.name,
      labelEn: type.en,
      labelZh: type.zh,
      description: type.description,
      isDefault: type.isDefault ?? false,
      layoutId: await layoutId(type.layout, false),
      sortOrder: order + 1,
    });
    inserted++;
  }

  const viewKeys = new Set(views.map((v) => v.key));
  const missingViews = seed.views
    .filter((view) => !viewKeys.has(view.name))
    .map((view) => ({
      module,
      name: view.en,
      nameZh: view.zh,
      builtIn: true,
      builtInKey: view.name,
      shared: true,
      columns: view.columns,
      sortField: view.sortField ?? null,
      sortOrder: view.sortOrder ?? 'desc',
      filter: view.filter ?? null,
      ownerScope: view.ownerScope ?? 'all',
    }));
  if (missingViews.length) await db.insert(crmListView).values(missingViews);
  // Duplicate rules are not metadata the web app caches: no new metadata version for them.
  await reconcileDuplicateRules(db, seed);
  return inserted + missingViews.length;
}

/**
 * Brings the metadata of the five modules up to the product's standard definition: what a new
 * version ships (a field, a record type, a layout, a built-in view) is added; nothing that exists
 * is changed, so an administrator's edits survive upgrades. Bumps the metadata version when it
 * added anything, in the same transaction.
 */
export async function reconcileCrmMetadata(db: Db): Promise<void> {
  await loadCrmModules();
  await db.transaction(async (tx) => {
    let inserted = 0;
    for (const seed of moduleSeeds()) inserted += await reconcileModule(tx, seed);
    await tx
      .insert(crmMetaVersion)
      .values({ id: 1, version: 1 })
      .onConflictDoUpdate({ target: crmMetaVersion.id, set: { version: sql`${crmMetaVersion.version} + ${inserted > 0 ? 1 : 0}` } });
  });
}
