import { sql, type SQL } from 'drizzle-orm';
import type { CrmRecord, LookupLabels, RecordListQuery } from '@orbit/shared/contract/crm';
import { badRequest } from '../../../../lib/errors';
import { compileFilter } from '../query/filterCompiler';
import { selectList, toRecord } from '../query/recordColumns';
import { col } from '../query/sql';
import { listShape, orderBy, type ListShapeQuery } from './listShape';
import { lookupLabels } from './lookupLabels';
import { changeScopeOf, fieldNamed, type Caller, type ModuleRecords } from './moduleRecords';
import { canEditColumn, readOnlyIds } from './editableRows';
import { createRecordsRepository, type RecordsRepository } from './recordsRepository';
import { readCursor, writeCursor, type ListCursor } from './listCursor';
import { LIST_COUNT_THRESHOLD_DEFAULT } from '@orbit/shared/crm/listCount';
import { moduleMoney } from '../../money/moduleMoney';

/** Types a list may sum (a related list's totals). */
const SUMMABLE = new Set(['currency', 'number']);

/** Rows an export reads per statement. */
const SCAN_BATCH = 1000;

/** What the server's settings add to a list request. */
export type ListOptions = { countThreshold: number };

/**
 * A page of a list, its total, the names its lookups point at and, when asked, its column totals.
 * The total is exact up to `countThreshold` and capped beyond it unless `exactCount` asks
 * (`totalCapped`); the page is read after the cursor `after` when it fits the list's order (keyset),
 * else by offset, and answers its own end as `nextCursor`.
 */
export async function listRecords(m: ModuleRecords, { user, lang }: Caller, query: RecordListQuery, { countThreshold }: ListOptions = { countThreshold: LIST_COUNT_THRESHOLD_DEFAULT }) {
  const d = m.def();
  const { where, fields, key, descending, order } = await listShape(m, { user, lang }, query);
  // Money of records in several currencies is totalled in the viewer's display currency, each amount at its record's date's rates (issue 33).
  const money = query.totals?.some((t) => d.byName.get(t.field)?.type === 'currency') ? await moduleMoney(m.db, d, user.userId) : undefined;
  const sums = query.totals?.map((t) => {
    const field = fieldNamed(d, t.field);
    if (!SUMMABLE.has(field.type)) throw badRequest('record.totalsInvalid');
    const only = t.filter ? compileFilter(t.filter, d, lang) : undefined;
    const value = money && field.type === 'currency' ? money.convert(col(field.column)) : col(field.column);
    const sum = only ? sql`sum(${value}) filter (where ${only})` : sql`sum(${value})`;
    return money && field.type === 'currency' ? sql`round(${sum}, 2)` : sum;
  });
  const repo = createRecordsRepository(m.db, d);
  const write = changeScopeOf(m, user, 'probe');
  const columns = sql`${selectList(fields)}, (${key})::text as "__sort_key"${canEditColumn(write)}`;
  const cursor = query.after ? readCursor(query.after, order) : undefined;
  const [counted, rows, totals] = await Promise.all([
    query.exactCount ? repo.count(where) : repo.countUpTo(where, countThreshold),
    cursor
      ? keysetPage(repo, columns, where, key, descending, cursor, query.pageSize)
      : repo.select(columns, where, orderBy(key, descending), { limit: query.pageSize, offset: (query.pageNum - 1) * query.pageSize }),
    // With money, one more figure: how many of the rows are in another currency (the totals then say "converted").
    sums ? repo.sums(money ? [...sums, sql`count(*) filter (where ${money.foreign})`] : sums, where) : undefined,
  ]);
  const capped = !query.exactCount && counted > countThreshold;
  const end = rows.at(-1);
  const records = rows.map((r) => toRecord(r, fields));
  const readOnly = readOnlyIds(rows, write);
  return {
    total: capped ? countThreshold : counted,
    ...(capped ? { totalCapped: true } : {}),
    rows: records,
    ...(readOnly.length ? { readOnly } : {}),
    ...(end ? { nextCursor: writeCursor({ order, key: (end.__sort_key as string | null) ?? null, id: Number(end.id) }) } : {}),
    lookups: await lookupLabels(m.db, m.meta, user, records, fields, lang),
    ...(totals ? { totals: totals.slice(0, sums!.length) } : {}),
    ...(money ? { totalsCurrency: money.currency, ...(totals?.[sums!.length] !== '0' ? { totalsConverted: true } : {}) } : {}),
  };
}

/** `limit` rows after the cursor's, in the list's order: from the part the cursor's row is in, then the parts after it. */
async function keysetPage(repo: RecordsRepository, columns: SQL, where: Array<SQL | undefined>, key: SQL, descending: boolean, cursor: ListCursor, limit: number) {
  const parts = scanParts(key, descending);
  const start = parts.findIndex((part) => part.keyed === (cursor.key !== null));
  const rows: Array<Record<string, unknown>> = [];
  for (let i = start; i < parts.length && rows.length < limit; i++) {
    const part = parts[i]!;
    rows.push(...(await repo.select(columns, [...where, part.where, i === start ? part.after(cursor) : undefined], part.order, { limit: limit - rows.length, offset: 0 })));
  }
  return rows;
}

/**
 * The two parts of a list in `orderBy(key, descending)`'s order, empty keys being the smallest
 * (first going up, last going down), each read after its last row with a condition an index on
 * `(key, id)` answers as a range: the rows with a key by the row value `(key, id)`, the empty ones
 * by `id`. (One condition with an `or key is null` would make every batch sort what remains.)
 */
function scanParts(key: SQL, descending: boolean): Array<{ keyed: boolean; where: SQL; order: SQL[]; after: (last: { key: unknown; id: number }) => SQL }> {
  const dir = descending ? sql`desc` : sql`asc`;
  const keyed = {
    keyed: true,
    where: sql`${key} is not null`,
    // The nulls clause the (key nulls first, id) index reads in either direction, though no key here is null.
    order: [descending ? sql`${key} desc nulls last` : sql`${key} asc nulls first`, sql`id ${dir}`],
    after: (last: { key: unknown; id: number }) => (descending ? sql`(${key}, id) < (${last.key}, ${last.id})` : sql`(${key}, id) > (${last.key}, ${last.id})`),
  };
  const empty = {
    keyed: false,
    where: sql`${key} is null`,
    order: [sql`id ${dir}`],
    after: (last: { key: unknown; id: number }) => (descending ? sql`id < ${last.id}` : sql`id > ${last.id}`),
  };
  return descending ? [keyed, empty] : [empty, keyed];
}

/** What an export reads: a list as it shows, or only the selected `ids` of it. */
export type ScanQuery = ListShapeQuery & { ids?: number[] };

async function scanShape(m: ModuleRecords, caller: Caller, query: ScanQuery) {
  const shape = await listShape(m, caller, query);
  if (query.ids) shape.where.push(sql`id in ${query.ids}`);
  return shape;
}

/** How many rows an export of the list (or of the selected `ids`) would write; checks the list's settings as a list request does. */
export async function countScan(m: ModuleRecords, caller: Caller, query: ScanQuery): Promise<number> {
  return createRecordsRepository(m.db, m.def()).count((await scanShape(m, caller, query)).where);
}

/**
 * Every row of a list (or of the selected `ids`), in the list's order, a batch at a time, for an
 * export: each batch starts after the last row of the one before on the order's key (keyset),
 * so the millionth row costs what the first did and no transaction is held between batches.
 */
export async function* scanRecords(m: ModuleRecords, caller: Caller, query: ScanQuery, batchSize = SCAN_BATCH) {
  const d = m.def();
  const { where, fields, key, descending } = await scanShape(m, caller, query);
  const reader = m.reader ?? m.db;
  const repo = createRecordsRepository(reader, d);
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
      yield { total, fields, records, lookups: await lookupLabels(reader, m.meta, caller.user, records, fields, caller.lang) };
      if (rows.length < batchSize) break;
    }
  }
}
