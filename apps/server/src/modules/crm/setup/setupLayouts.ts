import { and, eq, sql } from 'drizzle-orm';
import type { Language } from '@orbit/shared/constants';
import type { LayoutSection } from '@orbit/shared/contract/crm';
import type { updateLayoutBody } from '@orbit/shared/contract/setup';
import type { CrmModule } from '@orbit/shared/crm/modules';
import type { z } from 'zod';
import type { Db, Executor } from '../../../db/client';
import { crmLayout, crmRecordType } from '../../../db/schema/crm';
import { badRequest, fieldError, notFound } from '../../../lib/errors';
import { lockModuleSetup } from '../engine/ddl/customColumns';
import type { FieldDef } from '../engine/metadata/fieldDef';
import { storedLayoutName } from '../engine/metadata/layoutNames';
import type { ModuleDef } from '../engine/metadata/moduleDef';
import { bumpMetaVersion } from '../engine/metadata/metaVersion';
import { labelOf } from '../engine/query/filterCompiler';
import { isRecordCurrency } from '@orbit/shared/crm/money';

type StoredSection = Omit<LayoutSection, 'title'>;

/** A field its definition requires a form to fill (system and read-only fields are filled by the engine). */
const mustFill = (field: FieldDef) => field.required && !field.system && !field.readOnly && !isRecordCurrency(field);

/**
 * A layout's sections checked against the module's fields: each field once, every field exists,
 * and every field required by its definition (not a system or read-only one) stays placed — a
 * form without it could never be saved — and is not read-only there, nor is a field the layout
 * itself requires (the API ignores what a caller sends for a field read-only in the layout, so a
 * required one could never be filled). Per-layout flags are kept only when set.
 */
export function checkSections(def: ModuleDef, sections: z.output<typeof updateLayoutBody>['sections'], lang: Language): StoredSection[] {
  const placed = new Set<string>();
  const keys = new Set<string>();
  for (const section of sections) {
    if (keys.has(section.key)) throw fieldError('sections', 'validation.invalidValue');
    keys.add(section.key);
    for (const item of section.fields) {
      const field = def.byName.get(item.field);
      if (!field) throw fieldError('sections', 'record.unknownField', { name: item.field });
      if (placed.has(item.field)) throw fieldError('sections', 'setup.layoutDuplicateField', { name: labelOf(field, lang) });
      if (item.readOnly && (item.required || mustFill(field))) throw fieldError('sections', 'setup.layoutReadOnlyRequired', { name: labelOf(field, lang) });
      placed.add(item.field);
    }
  }
  for (const field of def.fields) {
    if (mustFill(field) && !placed.has(field.name)) throw fieldError('sections', 'setup.layoutRequiredField', { name: labelOf(field, lang) });
  }
  return sections.map((s) => ({
    key: s.key,
    titleEn: s.titleEn,
    titleZh: s.titleZh,
    columns: s.columns,
    fields: s.fields.map((f) => ({ field: f.field, ...(f.required ? { required: true } : {}), ...(f.readOnly ? { readOnly: true } : {}) })),
  }));
}

/**
 * Page layouts of a module: copied (the built-in template too), edited (never the template:
 * 'fixed template cannot be modified'), deleted when no record type uses them.
 */
export function createSetupLayouts(db: Db, module: CrmModule) {
  async function find(tx: Executor, id: number) {
    const [layout] = await tx.select().from(crmLayout).where(and(eq(crmLayout.id, id), eq(crmLayout.module, module)));
    if (!layout) throw notFound('setup.layoutNotFound');
    return layout;
  }
  async function assertNameFree(tx: Executor, name: string, exceptId?: number) {
    const [taken] = await tx.select({ id: crmLayout.id }).from(crmLayout).where(and(eq(crmLayout.module, module), sql`lower(${crmLayout.name}) = lower(${name})`));
    if (taken && taken.id !== exceptId) throw fieldError('name', 'setup.layoutNameTaken', { name });
  }

  return {
    async copy(fromId: number, name: string): Promise<number> {
      return db.transaction(async (tx) => {
        await lockModuleSetup(tx, module);
        const from = await find(tx, fromId);
        await assertNameFree(tx, name);
        const [row] = await tx.insert(crmLayout).values({ module, name, isTemplate: false, sections: from.sections }).returning({ id: crmLayout.id });
        await bumpMetaVersion(tx);
        return row!.id;
      });
    },

    async update(def: ModuleDef, id: number, body: z.output<typeof updateLayoutBody>, lang: Language): Promise<void> {
      await db.transaction(async (tx) => {
        await lockModuleSetup(tx, module);
        const layout = await find(tx, id);
        if (layout.isTemplate) throw badRequest('setup.fixedTemplate');
        // A built-in layout's name as a Chinese reader saw it is the name it keeps, not a rename.
        const name = storedLayoutName(module, layout.name, body.name, lang);
        await assertNameFree(tx, name, id);
        const sections = checkSections(def, body.sections, lang);
        await tx.update(crmLayout).set({ name, sections, updateTime: new Date() }).where(eq(crmLayout.id, id));
        await bumpMetaVersion(tx);
      });
    },

    async remove(def: ModuleDef, id: number): Promise<void> {
      await db.transaction(async (tx) => {
        await lockModuleSetup(tx, module);
        const layout = await find(tx, id);
        if (layout.isTemplate) throw badRequest('setup.fixedTemplate');
        const [user] = await tx.select().from(crmRecordType).where(eq(crmRecordType.layoutId, id));
        if (user) throw badRequest('setup.layoutInUse', { name: user.labelEn });
        // A module without record types is drawn with its first layout that is not the template: keep one.
        const own = def.layouts.filter((l) => !l.isTemplate);
        if (own.length <= 1 || own[0]!.id === id) throw badRequest('setup.layoutInUse', { name: '—' });
        await tx.delete(crmLayout).where(eq(crmLayout.id, id));
        await bumpMetaVersion(tx);
      });
    },
  };
}
