import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../../../db/client';
import { insertAsJson } from '../../../../db/jsonInsert';
import type { ModuleDef } from '../metadata/moduleDef';
import { PRESENT, col, rowsOf, tableOf } from '../query/sql';

/** A value bound for a column; a list becomes a PostgreSQL text array (drizzle would spread it into a tuple). */
function bind(value: unknown): SQL {
  if (Array.isArray(value)) return value.length ? sql`array[${sql.join(value.map((v) => sql`${v}`), sql`, `)}]::text[]` : sql`'{}'::text[]`;
  return sql`${value === undefined ? null : value}`;
}

const and = (...parts: Array<SQL | undefined>) => sql.join(parts.filter((p): p is SQL => p !== undefined), sql` and `);

/**
 * Raw SQL over one module's table. Column names come from metadata (quoted identifiers); every
 * value is a bound parameter; `scope` is the caller's data scope, applied to every read and write.
 */
export function createRecordsRepository(db: Executor, def: ModuleDef) {
  const table = tableOf(def.table);
  return {
    async select(columns: SQL, where: Array<SQL | undefined>, order: SQL[] = [], page?: { limit: number; offset: number }) {
      const orderBy = order.length ? sql` order by ${sql.join(order, sql`, `)}` : sql``;
      const paging = page ? sql` limit ${page.limit} offset ${page.offset}` : sql``;
      return rowsOf(db, sql`select ${columns} from ${table} where ${and(PRESENT, ...where)}${orderBy}${paging}`);
    },

    async count(where: Array<SQL | undefined>): Promise<number> {
      const [row] = await rowsOf<{ count: unknown }>(db, sql`select count(*) as count from ${table} where ${and(PRESENT, ...where)}`);
      return Number(row?.count ?? 0);
    },

    /**
     * How many rows match, counted up to `limit` + 1 only: the rows past the limit are never read.
     * Answers `limit + 1` when there are more than `limit`.
     */
    async countUpTo(where: Array<SQL | undefined>, limit: number): Promise<number> {
      const [row] = await rowsOf<{ count: unknown }>(db, sql`select count(*) as count from (select 1 from ${table} where ${and(PRESENT, ...where)} limit ${limit + 1}) matching`);
      return Number(row?.count ?? 0);
    },

    /** Sums (`sum(...)` expressions built from metadata) over the rows a list shows, as decimal strings. */
    async sums(expressions: SQL[], where: Array<SQL | undefined>): Promise<string[]> {
      const selects = expressions.map((e, i) => sql`coalesce(${e}, 0)::text as ${sql.identifier(`s${i}`)}`);
      const [row] = await rowsOf(db, sql`select ${sql.join(selects, sql`, `)} from ${table} where ${and(PRESENT, ...where)}`);
      return expressions.map((_, i) => String(row?.[`s${i}`] ?? '0'));
    },

    /** Present rows among `ids` within scope, locked for the rest of the transaction. */
    async lock(columns: SQL, ids: number[], scope: SQL | undefined) {
      return rowsOf(db, sql`select ${columns} from ${table} where ${and(PRESENT, sql`id in ${ids}`, scope)} order by id for update`);
    },

    async insert(values: Record<string, unknown>): Promise<number> {
      const columns = Object.keys(values);
      const [row] = await rowsOf<{ id: unknown }>(
        db,
        sql`insert into ${table} (${sql.join(columns.map(col), sql`, `)}) values (${sql.join(columns.map((c) => bind(values[c])), sql`, `)}) returning id`,
      );
      return Number(row!.id);
    },

    /** Inserts rows by one statement per set of columns, answering their ids in the rows' order (db/jsonInsert.ts). */
    insertMany: (rows: Array<Record<string, unknown>>): Promise<number[]> => insertAsJson(db, def.table, rows, 'id'),

    /** Updates a present row at the given version; false when it moved on meanwhile. */
    async update(id: number, version: number, values: Record<string, unknown>): Promise<boolean> {
      const set = Object.entries(values).map(([c, v]) => sql`${col(c)} = ${bind(v)}`);
      set.push(sql`version = version + 1`);
      const rows = await rowsOf(db, sql`update ${table} set ${sql.join(set, sql`, `)} where ${and(PRESENT, sql`id = ${id}`, sql`version = ${version}`)} returning id`);
      return rows.length === 1;
    },

    async softDelete(ids: number[], userId: number): Promise<void> {
      await db.execute(sql`update ${table} set deleted_at = now(), deleted_by = ${userId}, version = version + 1 where ${and(PRESENT, sql`id in ${ids}`)}`);
    },

    /** Deleted rows among `ids` still in the bin, limited by `who` (owner or administrator), locked. */
    async lockDeleted(ids: number[], who: SQL | undefined, since: Date) {
      return rowsOf<{ id: unknown; owner_id: unknown }>(
        db,
        sql`select id, owner_id from ${table} where ${and(sql`deleted_at is not null`, sql`deleted_at > ${since}`, sql`id in ${ids}`, who)} for update`,
      );
    },

    async restore(ids: number[], userId: number): Promise<void> {
      await db.execute(sql`update ${table} set deleted_at = null, deleted_by = null, update_by = ${userId}, update_time = now(), version = version + 1 where id in ${ids}`);
    },
  };
}

export type RecordsRepository = ReturnType<typeof createRecordsRepository>;
