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

type LayoutFlags = ReadonlyMap<string, { required: boolean; readOnly: boolean }>;
const NO_FLAGS: LayoutFlags = new Map();
/** Flags by layout: a layout's definition is replaced, never changed, when the metadata is read again. */
const flagsOf = new WeakMap<LayoutDef, LayoutFlags>();

/** Per-layout flags of the fields a layout lists (asked for every record an import writes: worked out once a layout). */
export function layoutFlags(layout: LayoutDef | undefined): LayoutFlags {
  if (!layout) return NO_FLAGS;
  let flags = flagsOf.get(layout);
  if (!flags) {
    const made = new Map<string, { required: boolean; readOnly: boolean }>();
    for (const section of layout.sections) {
      for (const item of section.fields) made.set(item.field, { required: item.required === true, readOnly: item.readOnly === true });
    }
    flagsOf.set(layout, (flags = made));
  }
  return flags;
}
