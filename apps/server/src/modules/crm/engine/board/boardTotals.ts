import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../../db/client';
import type { FieldDef } from '../metadata/fieldDef';
import type { ModuleDef } from '../metadata/moduleDef';
import type { ModuleHooks } from '../moduleHooks';
import { PRESENT, col, rowsOf, tableOf } from '../query/sql';
import type { BoardSum } from './boardField';
import { anyForeign, moduleMoney, type ModuleMoney } from '../../money/moduleMoney';

/** One value's totals: its count and sums (by key, decimal strings rounded to the field's decimals); `converted`: some amounts were in another currency. */
export type BoardTotal = { value: string | null; count: number; sums: Record<string, string>; converted?: boolean };

/** What decides a board's rows (records.listConditions): the owner and department conditions, and the others. */
export type BoardConditions = { byOwner: SQL[]; filters: SQL[] };

/**
 * A sum rounded once to the field's decimals (money: cents), as text; no row counts as 0. Money of a
 * module whose records carry a currency is summed in the viewer's display currency, each amount
 * converted at the rates of its record's date (issue 33) — in the statement, so a million rows stay one scan.
 */
function sumOf(s: BoardSum, money: ModuleMoney | undefined): SQL {
  const decimals = s.field.decimals ?? (s.field.type === 'currency' ? 2 : 0);
  const value = money && s.field.type === 'currency' ? money.convert(col(s.field.column)) : col(s.field.column);
  const sum = s.weightBy ? sql`sum(${value} * coalesce(${col(s.weightBy.column)}, 0)) / 100` : sql`sum(${value})`;
  return sql`coalesce(${sum}, 0)::numeric(36, ${sql.raw(String(decimals))})::text`;
}

/**
 * Count and sums per value of `field` over the rows the list would show. When only the data and
 * owner scope decide the rows, a module may answer from totals it keeps (`keptBoardTotals`: an
 * opportunity's pipeline per stage). Otherwise one grouped statement: without sums, an index-only
 * scan of the picklist's `(column, id, dept_id, owner_id)` index, the scope read from the index.
 */
export async function boardTotals(db: Db, def: ModuleDef, hooks: ModuleHooks, field: FieldDef, sums: BoardSum[], { byOwner, filters }: BoardConditions, userId: number): Promise<BoardTotal[]> {
  const money = sums.some((s) => s.field.type === 'currency') ? await moduleMoney(db, def, userId) : undefined;
  // Kept totals add amounts as they are: right only while every record is in the currency the viewer reads totals in.
  if (!filters.length && hooks.keptBoardTotals && !(money && (await anyForeign(db, def, money)))) {
    const kept = await hooks.keptBoardTotals(db, field, byOwner);
    if (kept) return kept;
  }
  const value = col(field.column);
  const selects = [
    ...sums.map((s, i) => sql`, ${sumOf(s, money)} as ${sql.identifier(`s${i}`)}`),
    ...(money ? [sql`, coalesce(bool_or(${money.foreign}), false) as converted`] : []),
  ];
  const rows = await rowsOf<Record<string, unknown>>(
    db,
    sql`select ${value} as value, count(*) as count${sql.join(selects, sql``)}
        from ${tableOf(def.table)} where ${sql.join([PRESENT, ...byOwner, ...filters], sql` and `)} group by ${value}`,
  );
  return rows.map((r) => ({
    value: r.value === null ? null : String(r.value),
    count: Number(r.count),
    sums: Object.fromEntries(sums.map((s, i) => [s.key, String(r[`s${i}`])])),
    ...(r.converted === true ? { converted: true } : {}),
  }));
}
