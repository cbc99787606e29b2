import { and, asc, eq } from 'drizzle-orm';
import type { Language } from '@orbit/shared/constants';
import { CUSTOM_FIELD_LIMIT, type SetupModule } from '@orbit/shared/contract/setup';
import type { CrmModule } from '@orbit/shared/crm/modules';
import type { Db, Executor } from '../../../db/client';
import { crmListView } from '../../../db/schema/crm';
import { fieldError } from '../../../lib/errors';
import { lockModuleSetup } from '../engine/ddl/customColumns';
import type { MetadataStore, ModuleDef } from '../engine/metadata/moduleDef';
import { bumpMetaVersion } from '../engine/metadata/metaVersion';
import { toFieldMeta, toRecordTypeMeta } from '../engine/metadata/moduleMeta';
import { moduleSeedOf } from '../engine/crmModules';
import { layoutLabel } from '../engine/metadata/layoutNames';
import { filterNames } from '../engine/views/fieldReferences';

const pick = (lang: Language, en: string, zh: string) => (lang === 'zh' ? zh : en);

/** The module's default list view: its first built-in one (the seed's first view). */
async function defaultView(db: Executor, module: CrmModule) {
  const [view] = await db
    .select()
    .from(crmListView)
    .where(and(eq(crmListView.module, module), eq(crmListView.builtInKey, moduleSeedOf(module).views[0]!.name)))
    .orderBy(asc(crmListView.id));
  return view;
}

/** Everything the set-up screens of a module show, in the request's language with both languages beside. */
export async function setupModule(db: Db, store: MetadataStore, module: CrmModule, lang: Language): Promise<SetupModule> {
  const def = store.module(module);
  const views = await db.select().from(crmListView).where(eq(crmListView.module, module));
  const view = await defaultView(db, module);
  return {
    module,
    version: store.version,
    fields: def.fields.map((f) => ({
      ...toFieldMeta(f, lang),
      helpEn: f.helpEn,
      helpZh: f.helpZh,
      layouts: def.layouts.filter((l) => l.sections.some((s) => s.fields.some((i) => i.field === f.name))).map((l) => layoutLabel(module, l.name, lang)),
      views: views.filter((v) => v.columns.includes(f.name) || v.sortField === f.name || filterNames(v.filter ?? null, f.name)).length,
    })),
    recordTypes: def.recordTypes.map((t) => toRecordTypeMeta(t, lang)),
    layouts: def.layouts.map((l) => ({
      id: l.id,
      name: l.name,
      label: layoutLabel(module, l.name, lang),
      isTemplate: l.isTemplate,
      recordTypes: def.recordTypes.filter((t) => t.layoutId === l.id).map((t) => t.id),
      sections: l.sections.map((s) => ({ ...s, title: pick(lang, s.titleEn, s.titleZh) })),
    })),
    defaultView: view ? { id: view.id, name: pick(lang, view.name, view.nameZh ?? view.name), columns: view.columns.filter((c) => def.byName.has(c)) } : null,
    customFieldLimit: CUSTOM_FIELD_LIMIT,
  };
}

/** The columns of the module's default list view (a built-in view users cannot change; its administrators can). */
export async function setDefaultColumns(db: Db, def: ModuleDef, columns: string[]): Promise<void> {
  for (const name of columns) if (!def.byName.has(name)) throw fieldError('columns', 'record.unknownField', { name });
  await db.transaction(async (tx) => {
    await lockModuleSetup(tx, def.module);
    const view = await defaultView(tx, def.module);
    if (!view) return;
    await tx.update(crmListView).set({ columns: [...new Set(columns)], updateTime: new Date() }).where(eq(crmListView.id, view.id));
    await bumpMetaVersion(tx);
  });
}
