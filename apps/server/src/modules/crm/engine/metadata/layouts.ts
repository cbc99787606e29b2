import type { LayoutDef, ModuleDef, RecordTypeDef } from './moduleDef';

/** The record type a new record gets when none is chosen: the default active one, if the module has types. */
export function defaultRecordType(def: ModuleDef): RecordTypeDef | undefined {
  const active = def.recordTypes.filter((t) => t.active);
  return active.find((t) => t.isDefault) ?? active[0];
}

/** The layout a record is drawn and checked with: its record type's, else the module's own (never the template). */
export function layoutFor(def: ModuleDef, recordTypeId: number | null | undefined): LayoutDef | undefined {
  const type = def.recordTypes.find((t) => t.id === recordTypeId);
  const byType = type?.layoutId ? def.layouts.find((l) => l.id === type.layoutId) : undefined;
  return byType ?? def.layouts.find((l) => !l.isTemplate);
}

/** Per-layout flags of the fields a layout lists. */
export function layoutFlags(layout: LayoutDef | undefined): Map<string, { required: boolean; readOnly: boolean }> {
  const flags = new Map<string, { required: boolean; readOnly: boolean }>();
  for (const section of layout?.sections ?? []) {
    for (const item of section.fields) flags.set(item.field, { required: item.required === true, readOnly: item.readOnly === true });
  }
  return flags;
}
