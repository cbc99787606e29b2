import type { CrmRecord, FieldMeta, LayoutItem, LayoutMeta, ModuleMeta, RecordTypeMeta } from '@orbit/shared/contract/crm';

/** Reading a module's metadata: fields by name, the layout of a record type, the name of a record. */

export function fieldByName(meta: ModuleMeta, name: string): FieldMeta | undefined {
  return meta.fields.find((f) => f.name === name);
}

/** The record type a new record gets when the user is not asked: the default one, else the first. */
export function defaultRecordType(meta: ModuleMeta): RecordTypeMeta | undefined {
  return meta.recordTypes.find((r) => r.isDefault) ?? meta.recordTypes[0];
}

/** The layout of a record type; a module without record types (or a type without its own) has the module's layout. */
export function layoutOf(meta: ModuleMeta, recordTypeId: number | null | undefined): LayoutMeta | undefined {
  const type = meta.recordTypes.find((r) => r.id === recordTypeId);
  return (
    (type?.layoutId != null ? meta.layouts.find((l) => l.id === type.layoutId) : undefined) ??
    meta.layouts.find((l) => l.recordTypeId === null && !l.isTemplate) ??
    meta.layouts.find((l) => l.recordTypeId === null) ??
    meta.layouts[0]
  );
}

/** The engine's own columns a form may write: the owner (the record type only when creating, chosen before). */
const WRITABLE_SYSTEM_FIELDS = new Set(['ownerId']);

/** Whether a form or an inline edit may change the field (in this layout). */
export function isEditable(field: FieldMeta, item?: LayoutItem): boolean {
  if (field.readOnly || item?.readOnly) return false;
  return !field.system || WRITABLE_SYSTEM_FIELDS.has(field.name);
}

export function isRequired(field: FieldMeta, item?: LayoutItem): boolean {
  return field.required || !!item?.required;
}

/** Chinese characters (the CJK Unified Ideographs block), as the server's name expression tests them. */
const HAN = /[\u4e00-\u9fff]/;

/**
 * A record's display name from the module's name fields: "First Last" — or, when a part is written
 * in Chinese characters, family name first without a space ("王伟"), the same rule as the server's
 * (modules/crm/engine/query/recordName.ts), so a name reads alike in lists, pickers and searches.
 */
export function recordName(meta: Pick<ModuleMeta, 'nameFields'>, record: Partial<CrmRecord>): string {
  const parts = meta.nameFields.map((name) => record[name]).filter((v): v is string => typeof v === 'string' && v.trim() !== '').map((v) => v.trim());
  if (!parts.length) return record.id ? `#${record.id}` : '';
  if (parts.length > 1 && parts.some((p) => HAN.test(p))) return [...parts].reverse().join('');
  return parts.join(' ');
}
