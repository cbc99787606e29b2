import type { CrmRecord, FieldMeta } from '@orbit/shared/contract/crm';
import type { FieldValue } from '@orbit/shared/crm/fieldValue';
import { sameFieldValue } from '../fieldTypes/registry';
import { isEditable } from '../moduleMeta';

/**
 * What an undo of one record's update sends: the previous value of every field the update sent,
 * and of every other field a user may write that the update changed with it (a module's rule: the
 * probability a stage brought), as far as `before` holds it. Values the engine derives (a task's completion time) are left to
 * follow the restored ones.
 */
export function undoValues(before: CrmRecord, after: CrmRecord, sent: Record<string, unknown>, fields: FieldMeta[]): Record<string, FieldValue> {
  const values: Record<string, FieldValue> = {};
  for (const name of Object.keys(sent)) values[name] = before[name] ?? null;
  for (const field of fields) {
    // A list row holds only its columns: a field it did not read is not known to have changed.
    if (field.name in values || !Object.hasOwn(before, field.name) || !isEditable(field)) continue;
    if (!sameFieldValue(field.type, before[field.name] ?? null, after[field.name] ?? null)) values[field.name] = before[field.name] ?? null;
  }
  return values;
}
