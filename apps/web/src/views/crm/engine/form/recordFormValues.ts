import type { CrmRecord, FieldMeta, LayoutItem, LayoutMeta, ModuleMeta } from '@orbit/shared/contract/crm';
import { checkFieldValue, type FieldRules, type FieldValue, type ValueCheck } from '@orbit/shared/crm/fieldValue';
import { isEditable, isRequired } from '../moduleMeta';
import { sameFieldValue } from '../fieldTypes/registry';
import { CURRENCY_DICT, CURRENCY_FIELD } from '@orbit/shared/crm/money';
import { organisationCurrency } from '../../../../utils/formatCurrency';

/** A field as a layout places it, with what the layout says about it. */
export type LayoutField = { field: FieldMeta; item: LayoutItem; editable: boolean; required: boolean };
export type LayoutSectionView = { key: string; title: string; columns: 1 | 2; fields: LayoutField[] };

/**
 * The sections of a layout with their fields resolved. A new record shows only what can be typed
 * in (created by, modified… have nothing to show yet); sections left empty are dropped.
 */
export function layoutSections(meta: ModuleMeta, layout: LayoutMeta | undefined, mode: 'create' | 'edit' | 'view'): LayoutSectionView[] {
  const byName = new Map(meta.fields.map((f) => [f.name, f]));
  return (layout?.sections ?? [])
    .map((section) => ({
      key: section.key,
      title: section.title,
      columns: section.columns,
      fields: section.fields.flatMap((item): LayoutField[] => {
        const field = byName.get(item.field);
        if (!field) return [];
        const editable = isEditable(field, item);
        if (mode === 'create' && !editable) return [];
        return [{ field, item, editable, required: isRequired(field, item) }];
      }),
    }))
    .filter((section) => section.fields.length > 0);
}

export function rulesOf({ field, required }: Pick<LayoutField, 'field' | 'required'>): FieldRules {
  return {
    type: field.type,
    required,
    requiredMessage: field.requiredMessage,
    maxLength: field.maxLength,
    decimals: field.decimals,
    relatedModules: field.relatedModules,
  };
}

/** The shared check (the server's own), so the form refuses exactly what the server refuses. */
export function checkLayoutValue(field: Pick<LayoutField, 'field' | 'required'>, value: unknown): ValueCheck {
  return checkFieldValue(rulesOf(field), value);
}

const editableFields = (sections: LayoutSectionView[]) => sections.flatMap((s) => s.fields).filter((f) => f.editable);

/** What a new record's form starts with: each field's default, and the current user as owner. */
export function newRecordValues(sections: LayoutSectionView[], ownerId: number): Record<string, FieldValue> {
  const values: Record<string, FieldValue> = {};
  for (const { field } of editableFields(sections)) {
    if (field.defaultValue !== null && field.defaultValue !== undefined) values[field.name] = field.defaultValue;
  }
  if (editableFields(sections).some((f) => f.field.name === 'ownerId')) values.ownerId = ownerId;
  // A new record's amounts are in the organisation currency until the user picks another (as the server defaults it).
  if (editableFields(sections).some((f) => f.field.name === CURRENCY_FIELD && f.field.dictType === CURRENCY_DICT)) values[CURRENCY_FIELD] = organisationCurrency();
  return values;
}

/** Values the form holds, checked and normalised as the server will store them. */
function normalised(fields: LayoutField[], values: Record<string, unknown>): Record<string, FieldValue> {
  const out: Record<string, FieldValue> = {};
  for (const f of fields) {
    const check = checkLayoutValue(f, values[f.field.name]);
    // The form validated before; a value that still fails is sent as typed and the server explains.
    out[f.field.name] = check.ok ? check.value : (values[f.field.name] as FieldValue);
  }
  return out;
}

/** The body of a create: every field the form can write, and the record type chosen before. */
export function createBody(sections: LayoutSectionView[], values: Record<string, unknown>, recordTypeId: number | null): Record<string, FieldValue> {
  const body = normalised(editableFields(sections), values);
  return recordTypeId === null ? body : { ...body, recordTypeId };
}

/** The fields of an update: only those whose value differs from the record's. */
export function changedValues(sections: LayoutSectionView[], record: CrmRecord, values: Record<string, unknown>): Record<string, FieldValue> {
  const fields = editableFields(sections);
  const next = normalised(fields, values);
  const changed: Record<string, FieldValue> = {};
  for (const { field } of fields) {
    if (!sameFieldValue(field.type, record[field.name] ?? null, next[field.name] ?? null)) changed[field.name] = next[field.name] ?? null;
  }
  return changed;
}
