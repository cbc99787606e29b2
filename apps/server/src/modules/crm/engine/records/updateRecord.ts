import { sql } from 'drizzle-orm';
import { CODE } from '@orbit/shared/constants';
import type { FieldValue } from '@orbit/shared/crm/fieldValue';
import type { Executor } from '../../../../db/client';
import { AppError } from '../../../../lib/errors';
import { guardDuplicates, type DuplicateCheck } from '../duplicates/duplicateGuard';
import { createRecordHistory, type HistoryEntry } from '../history/recordHistory';
import { duplicateEntry, valuesByName } from './createRecords';
import { selectList, toRecord } from '../query/recordColumns';
import { writeScope } from '../query/recordAccess';
import { withDerivedValues } from './derivedValues';
import { assertChangeable, columnsOf, deptOfOwner, lockAll, recordNotFound, splitBodyKeys, withModuleRules, type Caller, type ModuleRecords } from './moduleRecords';
import { checkRecordWrite, type WriteContext } from './recordValidation';
import { createRecordsRepository } from './recordsRepository';
import type { WriteCache } from './writeCache';
import { approvalPendingColumn, assertNoPendingApproval } from '../approvals/approvalLock';
import { guardApprovalEntry } from '../approvals/approvalGuard';

export type UpdateBody = { id: number; version: number } & Record<string, unknown>;

/**
 * Updates a record inside the caller's transaction, at the version the caller read (else 409), with
 * its field history: answers the changed fields' values before (those the engine derived too), or
 * null when nothing changed.
 */
export async function updateRecordIn(m: ModuleRecords, tx: Executor, caller: Caller, sent: UpdateBody, duplicates?: DuplicateCheck): Promise<{ before: Record<string, FieldValue> } | null> {
  const d = m.def();
  const [fields, extra] = splitBodyKeys(m, sent);
  const body = fields as UpdateBody;
  const [current] = await lockAll(m, tx, caller.user, [body.id]);
  assertChangeable(m, current!);
  if (current!.version !== body.version) throw new AppError(CODE.conflict, 'record.stale');
  const changes = await withModuleRules(m, tx, caller, body, current);
  const checked = await checkRecordWrite({ db: tx, meta: m.meta, def: d, user: caller.user, lang: caller.lang }, changes, { mode: 'update', current: current! });
  await m.hooks.afterWrite?.({ tx, meta: m.meta, user: caller.user, lang: caller.lang }, { id: body.id, extra, before: current });
  if (!checked.size) return null;
  const values = withDerivedValues(d, m.hooks, checked, current);
  const changed = valuesByName(values);
  const warned = duplicates && (await guardDuplicates(m, tx, caller, { ...current!, ...changed }, duplicates, { selfId: body.id, changed: new Set(Object.keys(changed)) }));
  const columns = columnsOf(values);
  if ('owner_id' in columns) columns.dept_id = await deptOfOwner(tx, columns.owner_id as number);
  const updated = await createRecordsRepository(tx, d).update(body.id, body.version, { ...columns, update_by: caller.user.userId, update_time: new Date() });
  if (!updated) throw new AppError(CODE.conflict, 'record.stale');
  await createRecordHistory(tx, m.module, { meta: m.meta, lang: caller.lang }).write(
    caller.user,
    [...values].map(([field, value]): HistoryEntry => ({
      recordId: body.id,
      action: field.name === 'ownerId' ? 'transfer' : 'update',
      field: field.name,
      oldValue: current![field.name] ?? null,
      newValue: value,
    })).concat(duplicateEntry(body.id, warned, duplicates)),
  );
  if (!caller.approvalGranted) await guardApprovalEntry(tx, d, [...values.keys()], [body.id], caller.lang);
  return { before: Object.fromEntries([...values.keys()].map((field) => [field.name, current![field.name] ?? null])) };
}

/**
 * Checks a create (no `id`) or an update of record `id` exactly as the write would — the
 * module's rule, the layout, every value, the database's checks — and writes nothing: an
 * import's dry run. Answers how many fields would change; throws the write's AppError.
 */
export async function checkRecordWriteIn(
  m: ModuleRecords,
  tx: Executor,
  caller: Caller,
  body: Record<string, unknown>,
  id?: number,
  cache?: WriteCache,
  duplicates?: DuplicateCheck,
): Promise<number> {
  const d = m.def();
  const ctx: WriteContext = { db: tx, meta: m.meta, def: d, user: caller.user, lang: caller.lang, cache };
  if (id === undefined) {
    const checked = await checkRecordWrite(ctx, await withModuleRules(m, tx, caller, body, undefined, cache), { mode: 'create' });
    if (duplicates) await guardDuplicates(m, tx, caller, valuesByName(checked), duplicates, undefined, cache);
    return checked.size;
  }
  const [row] = await createRecordsRepository(tx, d).select(sql`${selectList(d.fields)}, ${approvalPendingColumn(m.module, d.table)}`, [sql`id = ${id}`, writeScope(caller.user, m.module)]);
  if (!row) throw recordNotFound();
  assertNoPendingApproval([row]);
  const current = toRecord(row, d.fields);
  assertChangeable(m, current);
  return (await checkRecordWrite(ctx, await withModuleRules(m, tx, caller, body, current, cache), { mode: 'update', current })).size;
}
