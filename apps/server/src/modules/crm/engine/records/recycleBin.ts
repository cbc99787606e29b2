import { sql } from 'drizzle-orm';
import { CODE } from '@orbit/shared/constants';
import { RECYCLE_BIN_DAYS } from '@orbit/shared/crm/modules';
import type { Executor } from '../../../../db/client';
import { AppError } from '../../../../lib/errors';
import type { CurrentUser } from '../../../auth/currentUser';
import { createRecordHistory } from '../history/recordHistory';
import type { RemoveOptions } from '../moduleHooks';
import { selectList, toRecord } from '../query/recordColumns';
import type { CrmModule } from '@orbit/shared/crm/modules';
import { writeScope } from '../query/recordAccess';
import { rowsOf } from '../query/sql';
import { lookupLabels } from './lookupLabels';
import { fieldNamed, lockAll, type Caller, type ModuleRecords } from './moduleRecords';
import { createRecordsRepository } from './recordsRepository';

/**
 * Whose deleted records a caller sees and restores: the ones they could change were they present
 * (query/recordAccess.ts at `write`) — a manager's team's, a rep's own, every one for an
 * administrator; a public read-only module's records stay with those who may write them.
 */
const binOwner = (user: CurrentUser, module: CrmModule) => writeScope(user, module);
const binSince = () => new Date(Date.now() - RECYCLE_BIN_DAYS * 86_400_000);

/** Moves records to the recycle bin inside the caller's transaction, after the module's rule on what depends on them. */
export async function removeRecordsIn(m: ModuleRecords, tx: Executor, { user, lang }: Caller, ids: number[], options: RemoveOptions): Promise<void> {
  const records = await lockAll(m, tx, user, ids);
  await m.hooks.beforeRemove?.({ tx, meta: m.meta, user, lang }, records, options);
  await createRecordsRepository(tx, m.def()).softDelete(ids, user.userId);
  await createRecordHistory(tx, m.module).write(user, ids.map((recordId) => ({ recordId, action: 'delete' })));
}

/** The record each of `ids` was merged into (its latest `mergedInto` history entry), by the history's index. */
async function mergedInto(m: ModuleRecords, ids: number[]): Promise<Map<number, number>> {
  if (!ids.length) return new Map();
  const rows = await rowsOf<{ record_id: unknown; survivor: unknown }>(
    m.db,
    sql`select distinct on (record_id) record_id, new_value as survivor from crm_record_history
        where module = ${m.module} and record_id in ${ids} and action = 'mergedInto' order by record_id, id desc`,
  );
  return new Map(rows.map((r) => [Number(r.record_id), Number(r.survivor)]));
}

/** The caller's deleted records still in the bin, newest first; a merged one names the record it was merged into (`mergedInto`). */
export async function recycleBinPage(m: ModuleRecords, { user, lang }: Caller, page: { pageNum: number; pageSize: number }) {
  const d = m.def();
  const who = binOwner(user, m.module);
  const fields = [...d.nameFields].map((n) => fieldNamed(d, n));
  const where = sql`deleted_at is not null and deleted_at > ${binSince()}${who ? sql` and ${who}` : sql``}`;
  const columns = sql`${selectList(fields)}, deleted_at, deleted_by`;
  const table = sql.identifier(d.table);
  const [countRow] = await rowsOf<{ count: unknown }>(m.db, sql`select count(*) as count from ${table} where ${where}`);
  const rows = await rowsOf(m.db, sql`select ${columns} from ${table} where ${where} order by deleted_at desc, id desc limit ${page.pageSize} offset ${(page.pageNum - 1) * page.pageSize}`);
  const merged = await mergedInto(m, rows.map((r) => Number(r.id)));
  const records = rows.map((r) => ({
    ...toRecord(r, fields),
    deletedAt: new Date(String(r.deleted_at)).toISOString(),
    deletedBy: Number(r.deleted_by),
    mergedInto: merged.get(Number(r.id)) ?? null,
  }));
  return { total: Number(countRow?.count ?? 0), rows: records, lookups: await lookupLabels(m.db, m.meta, user, records, fields, lang) };
}

/** Brings deleted records (all of them the caller's to restore, or none) back, with what the module deleted with them. */
export async function restoreRecords(m: ModuleRecords, { user, lang }: Caller, ids: number[]): Promise<void> {
  await m.db.transaction(async (tx) => {
    const repo = createRecordsRepository(tx, m.def());
    const rows = await repo.lockDeleted(ids, binOwner(user, m.module), binSince());
    if (rows.length !== new Set(ids).size) throw new AppError(CODE.notFound, 'record.restoreNotAllowed');
    await m.hooks.beforeRestore?.({ tx, meta: m.meta, user, lang }, ids);
    await repo.restore(ids, user.userId);
    await createRecordHistory(tx, m.module).write(user, ids.map((recordId) => ({ recordId, action: 'restore' })));
  });
}
