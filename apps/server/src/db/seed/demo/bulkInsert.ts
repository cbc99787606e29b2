import { sql } from 'drizzle-orm';
import type { Executor } from '../../client';

/**
 * Inserts rows (keyed by column name) in one statement with one bound parameter: the rows as JSON,
 * typed by the table's own row type. Building a many-row VALUES list through the query builder
 * costs more than the database's work at demo sizes; this keeps the first start fast. Table and
 * column names are the seed's own, never request text. Answers the new ids in the rows' order.
 */
export async function bulkInsert(tx: Executor, table: string, rows: ReadonlyArray<Record<string, unknown>>, returnIds = true): Promise<number[]> {
  if (!rows.length) return [];
  const columns = sql.join(
    [...new Set(rows.flatMap((r) => Object.keys(r)))].map((c) => sql.identifier(c)),
    sql`, `,
  );
  const result = await tx.execute(sql`
    insert into ${sql.identifier(table)} (${columns})
    select ${columns} from json_populate_recordset(null::${sql.identifier(table)}, ${JSON.stringify(rows)}::json) with ordinality as r
    order by r.ordinality
    ${returnIds ? sql`returning id` : sql``}`);
  return returnIds ? (result as unknown as { rows: Array<{ id: unknown }> }).rows.map((r) => Number(r.id)) : [];
}
