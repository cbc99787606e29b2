import { securedDef } from '../../fieldSecurity/fieldAccess';
import { moduleSeedOf } from '../crmModules';
import type { Language } from '@orbit/shared/constants';
import { labelIn } from '@orbit/shared/crm/labelIn';
import type { FieldMeta, LayoutMeta, ModuleMeta, RecordTypeMeta, RelatedListMeta } from '@orbit/shared/contract/crm';
import { CRM_MODULES, CRM_MODULE_ID, type CrmModule } from '@orbit/shared/crm/modules';
import type { Db } from '../../../../db/client';
import type { CurrentUser } from '../../../auth/currentUser';
import { boardMeta } from '../board/boardField';
import { createListViews, toListViewMeta } from '../views/listViews';
import type { FieldDef } from './fieldDef';
import type { LayoutDef, MetadataStore, RecordTypeDef } from './moduleDef';

const pick = labelIn;

export function toFieldMeta(f: FieldDef, lang: Language): FieldMeta {
  return {
    id: f.id,
    name: f.name,
    type: f.type,
    label: pick(lang, f.labelEn, f.labelZh),
    labelEn: f.labelEn,
    labelZh: f.labelZh,
    help: pick(lang, f.helpEn, f.helpZh),
    required: f.required,
    requiredMessage: f.requiredMessage,
    unique: f.unique,
    readOnly: f.readOnly,
    system: f.system,
    standard: f.standard,
    maxLength: f.maxLength,
    decimals: f.decimals,
    dictType: f.dictType,
    lookupModule: f.lookupModule,
    relatedModules: f.relatedModules,
    sortable: f.sortable,
    filterable: f.filterable,
    searchable: f.searchable,
    defaultValue: f.defaultValue,
    formula: f.formula ?? null,
    rollup: f.rollup ?? null,
    order: f.order,
  };
}

export const toRecordTypeMeta = (t: RecordTypeDef, lang: Language): RecordTypeMeta => ({
  id: t.id,
  name: t.name,
  label: pick(lang, t.labelEn, t.labelZh),
  labelEn: t.labelEn,
  labelZh: t.labelZh,
  description: t.description,
  active: t.active,
  isDefault: t.isDefault,
  layoutId: t.layoutId,
});

function toLayoutMeta(layout: LayoutDef, types: RecordTypeDef[], lang: Language): LayoutMeta {
  return {
    id: layout.id,
    name: layout.name,
    recordTypeId: types.find((t) => t.layoutId === layout.id)?.id ?? null,
    isTemplate: layout.isTemplate,
    sections: layout.sections.map((s) => ({ ...s, title: pick(lang, s.titleEn, s.titleZh) })),
  };
}

/** Lookups of every module that point at this one: the related lists of its detail page (of modules that have them). */
function relatedListsOf(store: MetadataStore, module: CrmModule, user: CurrentUser, lang: Language): RelatedListMeta[] {
  return CRM_MODULES.filter((other) => moduleSeedOf(other).relatedLists !== false).flatMap((other) =>
    securedDef(store.module(other), user)
      .fields.filter((f) => f.filterable && ((f.type === 'lookup' && f.lookupModule === module) || (f.type === 'relatedRecord' && f.relatedModules?.includes(module))))
      .map((f) => ({ module: other, field: f.name, label: pick(lang, f.labelEn, f.labelZh) })),
  );
}

/**
 * Everything the web app needs to draw a module, in the request's language, with the views this
 * user may see — and the fields as field-level security lets them (hidden ones left out, read-only
 * ones `readOnly` in the fields and the layouts), so that forms need nothing more.
 */
export async function moduleMeta(db: Db, store: MetadataStore, module: CrmModule, user: CurrentUser, lang: Language): Promise<ModuleMeta> {
  const def = securedDef(store.module(module), user);
  const views = await createListViews(db, module).list(user);
  return {
    module,
    moduleId: CRM_MODULE_ID[module],
    version: store.version,
    nameFields: def.nameFields,
    fields: def.fields.map((f) => toFieldMeta(f, lang)),
    recordTypes: def.recordTypes.map((t) => toRecordTypeMeta(t, lang)),
    layouts: def.layouts.filter((l) => !l.isTemplate).map((l) => toLayoutMeta(l, def.recordTypes, lang)),
    listViews: views.map((v) => toListViewMeta(v, user, lang)),
    relatedLists: relatedListsOf(store, module, user, lang),
    path: def.path,
    board: boardMeta(def, lang),
  };
}
