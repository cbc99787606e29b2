import { assertFieldWritable } from '../../fieldSecurity/fieldWrites';
import type { MassUndoRecord } from '@orbit/shared/contract/crm';
import { isMassEditable } from '@orbit/shared/crm/fieldTypes';
import type { Executor } from '../../../../db/client';
import { badRequest, fieldError } from '../../../../lib/errors';
import { createRecordHistory, type HistoryEntry } from '../history/recordHistory';
import { labelOf } from '../query/filterCompiler';
import { withDerivedValues } from './derivedValues';
import { assertChangeable, columnsOf, deptOfOwner, fieldNamed, lockAll, withModuleRules, type Caller, type ModuleRecords } from './moduleRecords';
import { assertMassWritable, checkRecordWrite, lookupExists, type WriteContext } from './recordValidation';
import { createRecordsRepository } from './recordsRepository';
import { updateRecordIn } from './updateRecord';
import { guardApprovalEntry } from '../approvals/approvalGuard';

/** Gives every record (all in the caller's scope and changeable, or none) to a new owner, whose department comes with it. */
export async function massTransfer(m: ModuleRecords, caller: Caller, ids: number[], ownerId: number): Promise<void> {
  const d = m.def();
  const ownerField = fieldNamed(d, 'ownerId');
  await m.db.transaction(async (tx) => {
    const records = await lockAll(m, tx, caller.user, ids);
    records.forEach((record) => assertChangeable(m, record));
    const ctx: WriteContext = { db: tx, meta: m.meta, def: d, user: caller.user, lang: caller.lang };
    if (!(await lookupExists(ctx, 'user', ownerId))) throw fieldError('ownerId', 'record.ownerInvalid');
    const deptId = await deptOfOwner(tx, ownerId);
    const repo = createRecordsRepository(tx, d);
    const history: HistoryEntry[] = [];
    for (const record of records) {
      if (record.ownerId === ownerId) continue;
      await repo.update(record.id, record.version, { owner_id: ownerId, dept_id: deptId, update_by: caller.user.userId, update_time: new Date() });
      history.push({ recordId: record.id, action: 'transfer', field: ownerField.name, oldValue: record.ownerId, newValue: ownerId });
    }
    await createRecordHistory(tx, m.module, { meta: m.meta, lang: caller.lang }).write(caller.user, history);
  });
}

/**
 * Sets one mass-editable field on every record, each checked as its own update (the module's
 * rule included); `also` holds the values that rule needs with it (see massUpdateBody). Answers
 * how many records changed (those that had the value already did not) and, for each of them, what
 * the update replaced and the version it left (`massUndo` takes them back).
 */
export async function massUpdate(
  m: ModuleRecords,
  caller: Caller,
  ids: number[],
  name: string,
  value: unknown,
  also: Record<string, unknown> = {},
): Promise<{ changed: number; undo: MassUndoRecord[] }> {
  const d = m.def();
  const field = fieldNamed(d, name);
  assertFieldWritable(d, caller.user, field, caller.lang);
  if (!isMassEditable(field, d.nameFields)) {
    throw badRequest('record.notMassEditable', { field: labelOf(field, caller.lang) });
  }
  return m.db.transaction(async (tx: Executor) => {
    const records = await lockAll(m, tx, caller.user, ids);
    records.forEach((record) => assertChangeable(m, record));
    assertMassWritable(d, records, field, caller.lang);
    const ctx: WriteContext = { db: tx, meta: m.meta, def: d, user: caller.user, lang: caller.lang };
    const history: HistoryEntry[] = [];
    const repo = createRecordsRepository(tx, d);
    const undo: MassUndoRecord[] = [];
    for (const record of records) {
      const changes = await withModuleRules(m, tx, caller, { ...also, [name]: value }, record);
      const checked = await checkRecordWrite(ctx, changes, { mode: 'update', current: record });
      if (!checked.size) continue;
      const values = withDerivedValues(d, m.hooks, checked, record);
      await repo.update(record.id, record.version, { ...columnsOf(values), update_by: caller.user.userId, update_time: new Date() });
      // A module's rule may change more than the one field (a stage brings its probability).
      for (const [changed, next] of values) history.push({ recordId: record.id, action: 'update', field: changed.name, oldValue: record[changed.name] ?? null, newValue: next });
      undo.push({ id: record.id, version: record.version + 1, values: Object.fromEntries([...values.keys()].map((field) => [field.name, record[field.name] ?? null])) });
    }
    await createRecordHistory(tx, m.module, { meta: m.meta, lang: caller.lang }).write(caller.user, history);
    await guardApprovalEntry(tx, d, [field, ...(Object.keys(also).flatMap((n) => d.byName.get(n) ?? []))], undo.map((u) => u.id), caller.lang);
    return { changed: undo.length, undo };
  });
}

/**
 * Undoes a mass update: each record gets back the values it had, through the ordinary update at the
 * version the mass update left — the module's rule, the layout, every value checked, field history —
 * in one transaction, so either every record is restored or none is (one changed since: 409
 * 'record.stale'; one out of reach: 404 'record.someNotFound'). Values the engine derives (a task's
 * completion time) follow from the restored ones. Answers how many records changed.
 */
export async function massUndo(m: ModuleRecords, caller: Caller, records: MassUndoRecord[]): Promise<number> {
  return m.db.transaction(async (tx: Executor) => {
    await lockAll(m, tx, caller.user, records.map((r) => r.id));
    let changed = 0;
    for (const { id, version, values } of records) {
      if (await updateRecordIn(m, tx, caller, { ...values, id, version })) changed += 1;
    }
    return changed;
  });
}
