import type { Db, Executor } from '../../../../db/client';
import { AppError, fieldErrors } from '../../../../lib/errors';
import type { DuplicateFound } from '@orbit/shared/contract/duplicates';
import type { FieldValue } from '@orbit/shared/crm/fieldValue';
import { guardApprovalEntry } from '../approvals/approvalGuard';
import { guardDuplicates, prepareDuplicateGuard, type DuplicateCheck } from '../duplicates/duplicateGuard';
import { createRecordHistory, type HistoryEntry } from '../history/recordHistory';
import type { FieldDef } from '../metadata/fieldDef';
import { labelOf } from '../query/filterCompiler';
import { withDerivedValues } from './derivedValues';
import { columnsOf, deptOfOwner, splitBodyKeys, withModuleRules, type Caller, type ModuleRecords } from './moduleRecords';
import { checkRecordWrite } from './recordValidation';
import { createRecordsRepository } from './recordsRepository';
import { NO_CACHE, type WriteCache } from './writeCache';
import { assignOwners } from '../../automation/assignOwners';

/** A new record checked as the form's create (throws its AppError): its values by field, and the columns to insert. */
async function newRecord(m: ModuleRecords, tx: Executor, caller: Caller, body: Record<string, unknown>, cache: WriteCache = NO_CACHE) {
  const d = m.def();
  const checked = await checkRecordWrite({ db: tx, meta: m.meta, def: d, user: caller.user, lang: caller.lang, cache }, await withModuleRules(m, tx, caller, body, undefined, cache), { mode: 'create' });
  const columns = columnsOf(withDerivedValues(d, m.hooks, checked));
  return { checked, columns: { ...columns, dept_id: await deptOfOwner(tx, columns.owner_id as number, cache), create_by: caller.user.userId } };
}

/**
 * A record created straight into a state an approval process guards (an opportunity over 100,000
 * created, imported or converted as Closed Won) is refused as the update into it is: after the
 * insert, inside its transaction, so the refusal rolls it back.
 */
async function guardCreatedState(m: ModuleRecords, tx: Executor, caller: Caller, fields: FieldDef[], ids: number[]) {
  if (!caller.approvalGranted) await guardApprovalEntry(tx, m.def(), fields, ids, caller.lang);
}

/**
 * Creates a record inside the caller's transaction (lead conversion creates several in one);
 * `systemColumns` are values of read-only columns the module itself sets (the lead it came from);
 * `assign`: the module's assignment rules give the owner (automation/assignOwners.ts), before the
 * row is written.
 */
export async function createRecordIn(
  m: ModuleRecords,
  tx: Executor,
  caller: Caller,
  body: Record<string, unknown>,
  systemColumns: Record<string, unknown> = {},
  duplicates?: DuplicateCheck,
  assign = false,
): Promise<number> {
  const [fields, extra] = splitBodyKeys(m, body);
  const { checked, columns } = await newRecord(m, tx, caller, fields);
  if (assign) await assignOwners(tx, m.def(), [columns]);
  const warned = duplicates && (await guardDuplicates(m, tx, caller, valuesByName(checked), duplicates));
  const id = await createRecordsRepository(tx, m.def()).insert({ ...columns, ...systemColumns });
  await guardCreatedState(m, tx, caller, [...checked.keys()], [id]);
  await createRecordHistory(tx, m.module, { meta: m.meta, lang: caller.lang }).write(caller.user, [{ recordId: id, action: 'create' }, ...duplicateEntry(id, warned, duplicates)]);
  await m.hooks.afterWrite?.({ tx, meta: m.meta, user: caller.user, lang: caller.lang }, { id, extra });
  return id;
}

/** Checked values by field name, as the duplicate rules read them. */
export const valuesByName = (checked: Map<FieldDef, FieldValue>) => Object.fromEntries([...checked].map(([field, value]) => [field.name, value]));

/** The history entry keeping why a possible duplicate was saved anyway. */
export function duplicateEntry(recordId: number, warned: DuplicateFound | undefined, check: DuplicateCheck | undefined): HistoryEntry[] {
  return warned && check?.override ? [{ recordId, action: 'duplicate', oldValue: warned.ruleName, newValue: check.override.reason }] : [];
}

/**
 * Creates many records inside the caller's transaction, each checked exactly as `createRecordIn`
 * checks one, written by one insert and one history insert (an import's batch): answers, in
 * the order of `bodies`, each one's id or why it was refused — its AppError, or the database's
 * error when the insert refused its values or an approval process guards the state a row is created in
 * (the rows are then written one at a time, each in its savepoint, so that only those refused are
 * left out). `assign[i]`: the assignment rules give body i's owner — evaluated for the whole batch
 * by one statement.
 */
export async function createRecordsIn(
  m: ModuleRecords,
  tx: Db,
  caller: Caller,
  bodies: Array<Record<string, unknown>>,
  cache: WriteCache,
  duplicates?: DuplicateCheck,
  assign: boolean[] = [],
): Promise<Array<{ id: number } | { error: unknown }>> {
  const answers: Array<{ id: number } | { error: unknown }> = [];
  const rows: Array<{ at: number; columns: Record<string, unknown>; fields: FieldDef[]; warned?: DuplicateFound }> = [];
  // Unique values the batch itself takes (the database check sees only what is written).
  const taken = new Set<string>();
  const uniqueKey = (field: FieldDef, value: string) => `${field.name}\u0001${value.toLowerCase()}`;
  const fresh: Array<{ at: number; values: Record<string, FieldValue> } & Awaited<ReturnType<typeof newRecord>>> = [];
  for (const [at, body] of bodies.entries()) {
    try {
      const record = await newRecord(m, tx, caller, body, cache);
      fresh.push({ at, values: valuesByName(record.checked), ...record });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      answers[at] = { error };
    }
  }
  if (duplicates) await prepareDuplicateGuard(m, tx, caller, fresh.map(({ values }) => values), cache);
  for (const { at, checked, values, columns } of fresh) {
    try {
      const unique = [...checked].filter((entry): entry is [FieldDef, string] => entry[0].unique && typeof entry[1] === 'string');
      const clash = unique.find(([field, value]) => taken.has(uniqueKey(field, value)));
      if (clash) throw fieldErrors({ [clash[0].name]: { key: 'record.valueTaken', params: { field: labelOf(clash[0], caller.lang), value: clash[1] } } });
      const warned = duplicates && (await guardDuplicates(m, tx, caller, values, duplicates, undefined, cache));
      for (const [field, value] of unique) taken.add(uniqueKey(field, value));
      rows.push({ at, columns, fields: [...checked.keys()], warned });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      answers[at] = { error };
    }
  }
  const write = async (sp: Executor, batch: typeof rows) => {
    const ids = await createRecordsRepository(sp, m.def()).insertMany(batch.map((r) => r.columns));
    // Refused, the batch is written again one row at a time: only the guarded rows are left out.
    await guardCreatedState(m, sp, caller, [...new Set(batch.flatMap((r) => r.fields))], ids);
    await createRecordHistory(sp, m.module, { meta: m.meta, lang: caller.lang }).write(
      caller.user,
      ids.flatMap((recordId, i): HistoryEntry[] => [{ recordId, action: 'create' }, ...duplicateEntry(recordId, batch[i]!.warned, duplicates)]),
    );
    batch.forEach((r, i) => (answers[r.at] = { id: ids[i]! }));
  };
  if (!rows.length) return answers;
  const assigned = rows.filter((r) => assign[r.at]);
  if (assigned.length) await assignOwners(tx, m.def(), assigned.map((r) => r.columns), cache);
  try {
    await tx.transaction((sp) => write(sp, rows));
  } catch {
    for (const row of rows) await tx.transaction((sp) => write(sp, [row])).catch((error: unknown) => (answers[row.at] = { error }));
  }
  return answers;
}
