import type { CrmRecord } from '@orbit/shared/contract/crm';
import type { FieldValue } from '@orbit/shared/crm/fieldValue';
import type { FieldDef } from '../metadata/fieldDef';
import type { ModuleDef } from '../metadata/moduleDef';
import type { ModuleHooks } from '../moduleHooks';
import { byFieldName, ownValue } from './ownValues';

const same = (a: FieldValue | undefined, b: FieldValue | undefined) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * The checked values of a write plus the read-only values the module derives from them (a task's
 * completion time follows its status), so they are written, and their history kept, by the same
 * write whatever path it took (form, inline edit, mass update, conversion). A derived value equal
 * to the stored one is left out.
 */
export function withDerivedValues(def: ModuleDef, hooks: ModuleHooks, values: Map<FieldDef, FieldValue>, current?: CrmRecord): Map<FieldDef, FieldValue> {
  if (!hooks.derivedValues) return values;
  const next = byFieldName<FieldValue | undefined>(current);
  for (const [field, value] of values) next[field.name] = value;
  const derived = hooks.derivedValues(next, current);
  const out = new Map(values);
  for (const [name, value] of Object.entries(derived)) {
    const field = def.byName.get(name);
    if (field && !same(value, current && (ownValue(current, name) as FieldValue | undefined))) out.set(field, value);
  }
  return out;
}
