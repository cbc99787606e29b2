import { isMassEditable } from '@orbit/shared/crm/fieldTypes';
import type { Executor } from '../../../../db/client';
import { badRequest, fieldError } from '../../../../lib/errors';
import { createRecordHistory, type HistoryEntry } from '../history/recordHistory';
import { labelOf } from '../query/filterCompiler';
import { withDerivedValues } from './derivedValues';
import { assertChangeable, columnsOf, deptOfOwner, fieldNamed, lockAll, withModuleRules, type Caller, type ModuleRecords } from './moduleRecords';
import { assertMassWritable, checkRecordWrite, lookupExists, type WriteContext } from './recordValidation';
import { createRecordsRepository } from './recordsRepository';

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
    await createRecordHistory(tx, m.module).write(caller.user, history);
  });
}

/**
 * Sets one mass-editable field on every record, each checked as its own update (the module's
 * rule included); `also` holds the values that rule needs with it (see massUpdateBody). Answers
 * how many records changed (those that had the value already did not).
 */
export async function massUpdate(m: ModuleRecords, caller: Caller, ids: number[], name: string, value: unknown, also: Record<string, unknown> = {}): Promise<number> {
  const d = m.def();
  const field = fieldNamed(d, name);
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
    let changed = 0;
    for (const record of records) {
      const changes = await withModuleRules(m, tx, caller, { ...also, [name]: value }, record);
      const checked = await checkRecordWrite(ctx, changes, { mode: 'update', current: record });
      if (!checked.size) continue;
      changed += 1;
      const values = withDerivedValues(d, m.hooks, checked, record);
      await repo.update(record.id, record.version, { ...columnsOf(values), update_by: caller.user.userId, update_time: new Date() });
      // A module's rule may change more than the one field (a stage brings its probability).
      for (const [changed, next] of values) history.push({ recordId: record.id, action: 'update', field: changed.name, oldValue: record[changed.name] ?? null, newValue: next });
    }
    await createRecordHistory(tx, m.module).write(caller.user, history);
    return changed;
  });
}
