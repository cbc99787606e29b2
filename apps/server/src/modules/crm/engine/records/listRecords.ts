import { sql, type SQL } from 'drizzle-orm';
import type { CrmRecord, LookupLabels, RecordListQuery } from '@orbit/shared/contract/crm';
import { badRequest } from '../../../../lib/errors';
import { compileFilter } from '../query/filterCompiler';
import { selectList, toRecord } from '../query/recordColumns';
import { col } from '../query/sql';
import { listShape, orderBy, type ListShapeQuery } from './listShape';
import { lookupLabels } from './lookupLabels';
import { fieldNamed, type Caller, type ModuleRecords } from './moduleRecords';
import { createRecordsRepository } from './recordsRepository';

/** Types a list may sum (a related list's totals). */
const SUMMABLE = new Set(['currency', 'number']);

/** Rows an export reads per statement. */
const SCAN_BATCH = 1000;

/** A page of a list, its total, the names its lookups point at and, when asked, its column totals. */
export async function listRecords(m: ModuleRecords, { user, lang }: Caller, query: RecordListQuery) {
  const d = m.def();
  const { where, fields, key, descending } = await listShape(m, { user, lang }, query);
  const sums = query.totals?.map((t) => {
    const field = fieldNamed(d, t.field);
    if (!SUMMABLE.has(field.type)) throw badRequest('record.totalsInvalid');
    const only = t.filter ? compileFilter(t.filter, d, lang) : undefined;
    return only ? sql`sum(${col(field.column)}) filter (where ${only})` : sql`sum(${col(field.column)})`;
  });
  const repo = createRecordsRepository(m.db, d);
  const [total, rows, totals] = await Promise.all([
    repo.count(where),
    repo.select(selectList(fields), where, orderBy(key, descending), { limit: query.pageSize, offset: (query.pageNum - 1) * query.pageSize }),
    sums ? repo.sums(sums, where) : undefined,
  ]);
  const records = rows.map((r) => toRecord(r, fields));
  return { total, rows: records, lookups: await lookupLabels(m.db, m.meta, user, records, fields, lang), ...(totals ? { totals } : {}) };
}

/**
 * The two parts of a list in `orderBy(key, descending)`'s order, empty keys being the smallest
 * (first going up, last going down), each read after its last row with a condition an index on
 * `(key, id)` answers as a range: the rows with a key by the row value `(key, id)`, the empty ones
 * by `id`. (One condition with an `or key is null` would make every batch sort what remains.)
 */
function scanParts(key: SQL, descending: boolean): Array<{ where: SQL; order: SQL[]; after: (last: { key: unknown; id: number }) => SQL }> {
  const dir = descending ? sql`desc` : sql`asc`;
  const keyed = {
    where: sql`${key} is not null`,
    // The nulls clause the (key nulls first, id) index reads in either direction, though no key here is null.
    order: [descending ? sql`${key} desc nulls last` : sql`${key} asc nulls first`, sql`id ${dir}`],
    after: (last: { key: unknown; id: number }) => (descending ? sql`(${key}, id) < (${last.key}, ${last.id})` : sql`(${key}, id) > (${last.key}, ${last.id})`),
  };
  const empty = {
    where: sql`${key} is null`,
    order: [sql`id ${dir}`],
    after: (last: { key: unknown; id: number }) => (descending ? sql`id < ${last.id}` : sql`id > ${last.id}`),
  };
  return descending ? [keyed, empty] : [empty, keyed];
}

/**
 * Every row of a list (or of the selected `ids`), in the list's order, a batch at a time, for an
 * export: each batch starts after the last row of the one before on the order's key (keyset),
 * so the millionth row costs what the first did and no transaction is held between batches.
 */
export async function* scanRecords(m: ModuleRecords, caller: Caller, query: ListShapeQuery & { ids?: number[] }, batchSize = SCAN_BATCH) {
  const d = m.def();
  const { where, fields, key, descending } = await listShape(m, caller, query);
  if (query.ids) where.push(sql`id in ${query.ids}`);
  const repo = createRecordsRepository(m.db, d);
  const total = await repo.count(where);
  yield { total, fields, records: [] as CrmRecord[], lookups: {} as LookupLabels };
  for (const part of scanParts(key, descending)) {
    let last: { key: unknown; id: number } | undefined;
    for (;;) {
      const rows = await repo.select(sql`${selectList(fields)}, (${key})::text as "__sort_key"`, [...where, part.where, last && part.after(last)], part.order, {
        limit: batchSize,
        offset: 0,
      });
      if (!rows.length) break;
      const end = rows.at(-1)!;
      // As text: a Date would drop the microseconds and the next batch would repeat the row.
      last = { key: end.__sort_key, id: Number(end.id) };
      const records = rows.map((r) => toRecord(r, fields));
      yield { total, fields, records, lookups: await lookupLabels(m.db, m.meta, caller.user, records, fields, caller.lang) };
      if (rows.length < batchSize) break;
    }
  }
}
