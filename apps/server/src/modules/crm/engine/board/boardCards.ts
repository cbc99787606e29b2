import { sql, type SQL } from 'drizzle-orm';
import type { CrmRecord } from '@orbit/shared/contract/crm';
import type { Db } from '../../../../db/client';
import { FIELD_TYPE_REGISTRY } from '../fieldTypes/registry';
import type { FieldDef } from '../metadata/fieldDef';
import type { ModuleDef } from '../metadata/moduleDef';
import { selectList, toRecord } from '../query/recordColumns';
import { PRESENT, col, rowsOf, tableOf } from '../query/sql';
import { canEditColumn, readOnlyIds } from '../records/editableRows';
import { orderBy } from '../records/listShape';

/**
 * The order of a column's cards: the seed's (an opportunity's soonest close date first), else newest
 * first — `id desc`, which the picklist's `(column nulls first, id, …)` index reads backwards within one value.
 */
export function cardOrder(def: ModuleDef): SQL[] {
  const order = def.board.cardOrder;
  const field = order && def.byName.get(order.field);
  const sortKey = field && FIELD_TYPE_REGISTRY[field.type].sortKey;
  return field && sortKey ? orderBy(sortKey(col, field.column), order.direction === 'desc') : [sql`id desc`];
}

/** `write`: the records the caller may change (undefined: all); the others are answered as `readOnly`. */
type Cards = { def: ModuleDef; field: FieldDef; fields: FieldDef[]; matching: SQL[]; write?: SQL };

/** Cards and the ids among them the caller may only read (a read-only share): the web does not let those move. */
export type CardPage = { cards: CrmRecord[]; readOnly: number[] };

const cardColumns = (fields: FieldDef[], write: SQL | undefined) => sql`${selectList(fields)}${canEditColumn(write)}`;

const cardPage = (rows: Array<Record<string, unknown>>, fields: FieldDef[], write: SQL | undefined): CardPage => ({
  cards: rows.map((r) => toRecord(r, fields)),
  readOnly: readOnlyIds(rows, write),
});

/**
 * The first `limit` cards of every column in one statement: a lateral join over the values, each
 * reading its own few rows through the index; the column of records without a value is a second
 * statement (an `is null` has no value to join on).
 */
export async function firstCards(db: Db, { def, field, fields, matching, write }: Cards, values: Array<string | null>, limit: number): Promise<CardPage> {
  if (limit === 0) return { cards: [], readOnly: [] };
  const value = col(field.column);
  const where = sql.join([PRESENT, ...matching], sql` and `);
  const order = sql.join(cardOrder(def), sql`, `);
  const named = values.filter((v): v is string => v !== null);
  const [withValue, without] = await Promise.all([
    named.length
      ? rowsOf(
          db,
          sql`select c.* from unnest(array[${sql.join(named.map((v) => sql`${v}`), sql`, `)}]::text[]) as board(board_value)
              cross join lateral (
                select ${cardColumns(fields, write)} from ${tableOf(def.table)} where ${where} and ${value} = board.board_value order by ${order} limit ${limit}
              ) c`,
        )
      : [],
    values.includes(null) ? rowsOf(db, sql`select ${cardColumns(fields, write)} from ${tableOf(def.table)} where ${where} and ${value} is null order by ${order} limit ${limit}`) : [],
  ]);
  return cardPage([...withValue, ...without], fields, write);
}

/** A further page of one column ('' : the records without a value), in the same order as its first cards. */
export async function columnPage(db: Db, { def, field, fields, matching, write }: Cards, value: string, page: { pageNum: number; pageSize: number }): Promise<CardPage> {
  const column = col(field.column);
  const where = sql.join([PRESENT, ...matching, value === '' ? sql`${column} is null` : sql`${column} = ${value}`], sql` and `);
  const rows = await rowsOf(
    db,
    sql`select ${cardColumns(fields, write)} from ${tableOf(def.table)} where ${where}
        order by ${sql.join(cardOrder(def), sql`, `)} limit ${page.pageSize} offset ${(page.pageNum - 1) * page.pageSize}`,
  );
  return cardPage(rows, fields, write);
}
