import { isRecordCurrency } from '@orbit/shared/crm/money';
import type { Language } from '@orbit/shared/constants';
import type { ImportField } from '@orbit/shared/contract/recordImport';
import type { FieldType } from '@orbit/shared/crm/fieldTypes';
import type { FieldDef } from '../engine/metadata/fieldDef';
import { layoutFlags, layoutFor } from '../engine/metadata/layouts';
import type { ModuleDef } from '../engine/metadata/moduleDef';
import { labelOf } from '../engine/query/filterCompiler';

/** Types whose value is one text a user would recognise a duplicate by (an e-mail, a name, a phone number). */
export const DUPLICATE_KEY_TYPES: ReadonlySet<FieldType> = new Set(['text', 'email', 'phone', 'url']);

export type ImportFields = {
  /** What a column may be mapped to, the layout's fields first in its order. */
  fields: FieldDef[];
  /** The layout's own fields among them, in its order: the template's columns. */
  layoutFields: FieldDef[];
  required(field: FieldDef): boolean;
  /** Required and without a default to fill it (a lead's status has one): a column must give it. */
  mustMap(field: FieldDef): boolean;
};

/**
 * The fields an import may write for a record type: what a form of that type may write, without
 * the system fields (the owner and the record type are chosen once for the whole file), read-only
 * fields (the field's own or the layout's) and related records (a module and a record have no
 * one-cell form). Required: the field's own rule or the layout's, as the form has it.
 */
export function importFields(def: ModuleDef, recordTypeId: number | null): ImportFields {
  const flags = layoutFlags(layoutFor(def, recordTypeId));
  const importable = (field: FieldDef) => !field.system && !field.readOnly && !flags.get(field.name)?.readOnly && field.type !== 'relatedRecord';
  const layoutFields = [...flags.keys()].map((name) => def.byName.get(name)).filter((f): f is FieldDef => !!f && importable(f));
  const onLayout = new Set(layoutFields);
  const required = (field: FieldDef) => field.required || (flags.get(field.name)?.required ?? false);
  return {
    fields: [...layoutFields, ...def.fields.filter((f) => importable(f) && !onLayout.has(f))],
    layoutFields,
    required,
    mustMap: (field) => required(field) && field.defaultValue === null && !isRecordCurrency(field),
  };
}

/** The fields as the wizard offers them, in the user's language. */
export function importFieldList(def: ModuleDef, recordTypeId: number | null, lang: Language): ImportField[] {
  const { fields, mustMap } = importFields(def, recordTypeId);
  return fields.map((f) => ({ name: f.name, label: labelOf(f, lang), required: mustMap(f), duplicateKey: DUPLICATE_KEY_TYPES.has(f.type) }));
}

/** A header or label as compared: case, width, spaces and the marks people add ("E-mail *", "邮箱：") ignored. */
const comparable = (text: string) =>
  text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\s*_\-:：()（）]/g, '');

/**
 * Each header's field, matched by the field's label in either language or its API name; a field
 * goes to the first column that names it, a column naming none stays unmapped (null).
 */
export function autoMapping(headers: string[], fields: FieldDef[]): Array<string | null> {
  const byText = new Map<string, FieldDef>();
  for (const field of fields) {
    for (const text of [field.labelEn, field.labelZh, field.name]) {
      const key = comparable(text);
      if (key && !byText.has(key)) byText.set(key, field);
    }
  }
  const taken = new Set<string>();
  return headers.map((header) => {
    const field = byText.get(comparable(header));
    if (!field || taken.has(field.name)) return null;
    taken.add(field.name);
    return field.name;
  });
}
