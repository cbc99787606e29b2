import type { FieldMeta, ModuleMeta } from '@orbit/shared/contract/crm';
import { fieldTypeView } from '../fieldTypes/registry';
import { layoutSections, type LayoutField } from '../form/recordFormValues';
import { layoutOf } from '../moduleMeta';

/** The fields of the first section of a record type's layout, less the name fields. */
export function leadingFields(meta: ModuleMeta, recordTypeId: number | null): LayoutField[] {
  const first = layoutSections(meta, layoutOf(meta, recordTypeId), 'view')[0]?.fields ?? [];
  return first.filter((f) => !meta.nameFields.includes(f.field.name));
}

/** The fields that say what state a record is in (a lead's status, a task's status): required, tag-like, first in the layout. */
export function stateFields(meta: ModuleMeta, recordTypeId: number | null): FieldMeta[] {
  return leadingFields(meta, recordTypeId)
    .filter((f) => f.required && fieldTypeView(f.field.type).tag)
    .map((f) => f.field);
}
