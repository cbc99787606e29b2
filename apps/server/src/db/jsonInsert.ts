import { getTableColumns, sql, type Column } from 'drizzle-orm';
import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from './client';

/**
 * Inserts rows keyed by column name and answers their ids in the rows' order (when `table` has
 * an `id`); a column a row leaves out takes its default there, as in a single insert. The rows go
 * as one JSON parameter per set of columns, read back as the table's row type
 * (`json_populate_recordset`): a `values` list binds every cell apart, and building thousands of
 * parameters cost more than the insert itself (an import's batches, bench/import.ts).
 */
export async function insertAsJson(db: Executor, table: string, rows: Array<Record<string, unknown>>, returning: 'id' | 'nothing'): Promise<number[]> {
  const groups = new Map<string, number[]>();
  rows.forEach((row, at) => {
    const key = Object.keys(row).sort().join(',');
    const group = groups.get(key);
    if (group) group.push(at);
    else groups.set(key, [at]);
  });
  const ids: number[] = [];
  const name = sql.identifier(table);
  for (const [key, ats] of groups) {
    const columns = sql.join(key.split(',').map((c) => sql.identifier(c)), sql`, `);
    const json = JSON.stringify(ats.map((at) => rows[at]));
    const insert = sql`insert into ${name} (${columns}) select ${columns} from json_populate_recordset(null::${name}, ${json}::json)`;
    if (returning === 'nothing') {
      await db.execute(insert);
      continue;
    }
    const result = (await db.execute(sql`${insert} returning id`)) as unknown as { rows: Array<{ id: unknown }> };
    // `returning` follows the order of the rows in PostgreSQL, but that is not promised: the ids are sorted, as the sequence gave them.
    const sorted = result.rows.map((r) => Number(r.id)).sort((a, b) => a - b);
    ats.forEach((at, i) => (ids[at] = sorted[i]!));
  }
  return ids;
}

/** A value as its JSON cell: JSON columns take the value itself, the others what drizzle would bind (a date as its ISO text). */
function cellOf(column: Column, value: unknown): unknown {
  if (value === null || value === undefined) return null;
  return column.columnType === 'PgJsonb' || column.columnType === 'PgJson' ? value : column.mapToDriverValue(value);
}

/** `insertAsJson` for a drizzle table's typed rows (property names mapped to their columns). */
export async function insertRows<T extends PgTable>(db: Executor, table: T, rows: Array<T['$inferInsert']>): Promise<void> {
  if (!rows.length) return;
  const columns = Object.entries(getTableColumns(table)) as Array<[string, Column]>;
  const cells = rows.map((row) => {
    const cell: Record<string, unknown> = {};
    for (const [key, column] of columns) if (key in row) cell[column.name] = cellOf(column, (row as Record<string, unknown>)[key]);
    return cell;
  });
  await insertAsJson(db, getTableConfig(table).name, cells, 'nothing');
}
