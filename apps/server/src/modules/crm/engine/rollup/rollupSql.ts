import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { RollupDef } from '@orbit/shared/crm/rollup';
import type { Executor } from '../../../../db/client';
import { quoteIdent } from '../ddl/customColumns';
import type { FieldDef } from '../metadata/fieldDef';
import type { ModuleDef } from '../metadata/moduleDef';
import { compileFilter } from '../query/filterCompiler';
import { tableOf } from '../query/sql';
import { CURRENCY_FIELD } from '@orbit/shared/crm/money';
import { convertedAmountSql, hasRecordCurrency } from '../../money/moduleMoney';
import { organisationCurrencySql, rateSql } from '../../money/rateSql';

/**
 * Roll-up summary fields kept by the database (docs/records-engine.md, "Roll-up summary fields";
 * the approach of the board's kept totals): a real column on the parent, and on the child's table
 * an `after insert or update or delete` row trigger that recomputes the summary of the old and the
 * new parent from the children (an aggregate over the child's lookup index), so every write path —
 * form, inline edit, mass update, import, merge, re-parent, recycle bin and restore, purge, raw
 * SQL — keeps it right, in the writer's transaction. Recomputing (never adding deltas) cannot
 * drift.
 *
 * The trigger's body is DDL: it takes no bound parameters, so the filter's values (compiled by the
 * list filter compiler, checked against the child's metadata) are written as literals here from the
 * compiled parameters: numbers and booleans as such, anything else as a quoted text literal with its
 * quotes doubled (standard_conforming_strings is on). Identifiers come from metadata, quoted.
 */

const dialect = new PgDialect();

/** A bound parameter as an SQL literal (see above). */
function literal(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (Array.isArray(value)) return `array[${value.map(literal).join(', ')}]`;
  return `'${String(value).replace(/'/g, "''")}'`;
}

/** An SQL statement with its parameters written in as literals (only for DDL: see above). */
export function inlineParams(query: SQL): string {
  const { sql: text, params } = dialect.sqlToQuery(query);
  return text.replace(/\$(\d+)/g, (_, n: string) => literal(params[Number(n) - 1]));
}

const AGGREGATE = { count: 'count', sum: 'sum', min: 'min', max: 'max' } as const;

/** Whether the roll-up sums money: each child's amount then counts in one currency (issue 33). */
const isMoney = (rollup: RollupDef, child: ModuleDef) => rollup.fn !== 'count' && child.byName.get(rollup.field!)!.type === 'currency';

/**
 * The summary of the children of parent `parentId` (an SQL expression over the child's table). Money
 * is added in the organisation currency, each child's amount at the rate of its money date, as every
 * total that mixes currencies is (money/moduleMoney.ts).
 */
function summary(rollup: RollupDef, child: ModuleDef, parentId: string, filter: string | null): string {
  const via = child.byName.get(rollup.via)!;
  const column = rollup.fn === 'count' ? '*' : quoteIdent(child.byName.get(rollup.field!)!.column);
  const own = (name: string) => sql`${tableOf(child.table)}.${sql.raw(quoteIdent(name))}`;
  const value = isMoney(rollup, child) ? inlineParams(convertedAmountSql(child, own, sql.raw(column))) : column;
  const agg = `${AGGREGATE[rollup.fn]}(${value})`;
  // A count or a sum of no children is 0; a min or max of none is empty.
  const result = rollup.fn === 'count' || rollup.fn === 'sum' ? `coalesce(${agg}, 0)` : agg;
  return `(select ${result} from ${quoteIdent(child.table)} where ${quoteIdent(via.column)} = ${parentId} and deleted_at is null${filter ? ` and (${filter})` : ''})`;
}

/**
 * The value the parent keeps: a money summary in the parent's own currency (`currency`: how the
 * statement reads it), since its amounts are shown in it — the organisation-currency total at the
 * parent currency's latest rate, to the cent; anything else as summarised.
 */
function parentValue(rollup: RollupDef, parent: ModuleDef, child: ModuleDef, total: string, currency: string): string {
  if (!isMoney(rollup, child)) return total;
  if (!hasRecordCurrency(parent)) return `round(${total}, 2)`;
  const org = inlineParams(organisationCurrencySql);
  const rate = inlineParams(rateSql(sql.raw(currency), sql.raw('current_date')));
  return `(case when ${currency} is null or ${currency} = ${org} then round(${total}, 2) else round(${total} / nullif(${rate}, 0), 2) end)`;
}

/**
 * The function body between dollar quotes whose tag it does not hold: a filter's text value is a
 * literal inside the body, and a value holding the tag would otherwise end the body and run the
 * rest as statements of its own.
 */
export function dollarQuoted(body: string): string {
  let n = 0;
  while (body.includes(`$rollup${n}$`)) n += 1;
  return `$rollup${n}$${body}$rollup${n}$`;
}

const functionName = (field: { id: number }) => `orbit_rollup_${field.id}`;
const triggerName = (field: { id: number }) => `orbit_rollup_${field.id}_trg`;
// On the parent: a money roll-up converted again when the parent's currency changes.
const currencyFunctionName = (field: { id: number }) => `orbit_rollup_${field.id}_cur`;
const currencyTriggerName = (field: { id: number }) => `orbit_rollup_${field.id}_cur_trg`;

/** The child's filter as SQL text (checked like a list filter: unknown fields and bad values are refused). */
export function rollupFilterSql(rollup: RollupDef, child: ModuleDef): string | null {
  if (!rollup.filter) return null;
  const compiled = compileFilter(rollup.filter, child, 'en');
  return compiled ? inlineParams(compiled) : null;
}

/**
 * Creates (or replaces) the trigger of a roll-up field on its child's table and recomputes every
 * parent once: the definition is new or changed.
 */
export async function installRollup(tx: Executor, parent: ModuleDef, field: Pick<FieldDef, 'id' | 'column'>, rollup: RollupDef, child: ModuleDef): Promise<void> {
  const filter = rollupFilterSql(rollup, child);
  const via = quoteIdent(child.byName.get(rollup.via)!.column);
  const [p, c] = [quoteIdent(parent.table), quoteIdent(field.column)];
  const currency = hasRecordCurrency(parent) ? quoteIdent(parent.byName.get(CURRENCY_FIELD)!.column) : null;
  const of = (id: string) => parentValue(rollup, parent, child, summary(rollup, child, id, filter), currency ? `${p}.${currency}` : 'null');
  const fn = quoteIdent(functionName(field));
  const body = `
begin
  if tg_op <> 'INSERT' and old.${via} is not null then
    update ${p} set ${c} = ${of(`old.${via}`)} where id = old.${via};
  end if;
  if tg_op <> 'DELETE' and new.${via} is not null and (tg_op = 'INSERT' or new.${via} is distinct from old.${via}) then
    update ${p} set ${c} = ${of(`new.${via}`)} where id = new.${via};
  end if;
  return null;
end
`;
  await tx.execute(sql.raw(`create or replace function ${fn}() returns trigger language plpgsql as ${dollarQuoted(body)}`));
  await tx.execute(sql.raw(`drop trigger if exists ${quoteIdent(triggerName(field))} on ${quoteIdent(child.table)}`));
  await tx.execute(sql.raw(`create trigger ${quoteIdent(triggerName(field))} after insert or update or delete on ${quoteIdent(child.table)} for each row execute function ${fn}()`));
  if (currency && isMoney(rollup, child)) {
    const own = quoteIdent(currencyFunctionName(field));
    const convert = `
begin
  if new.${currency} is distinct from old.${currency} then
    new.${c} := ${parentValue(rollup, parent, child, summary(rollup, child, 'new.id', filter), `new.${currency}`)};
  end if;
  return new;
end
`;
    await tx.execute(sql.raw(`create or replace function ${own}() returns trigger language plpgsql as ${dollarQuoted(convert)}`));
    await tx.execute(sql.raw(`drop trigger if exists ${quoteIdent(currencyTriggerName(field))} on ${p}`));
    await tx.execute(sql.raw(`create trigger ${quoteIdent(currencyTriggerName(field))} before update of ${currency} on ${p} for each row execute function ${own}()`));
  }
  await recalculateRollup(tx, parent, field, rollup, child);
}

/** Every parent's value from scratch (a definition new or changed; the consistency test compares with it). */
export async function recalculateRollup(tx: Executor, parent: ModuleDef, field: Pick<FieldDef, 'column'>, rollup: RollupDef, child: ModuleDef): Promise<void> {
  const p = quoteIdent(parent.table);
  await tx.execute(sql.raw(`update ${p} set ${quoteIdent(field.column)} = ${rollupFromScratch(parent, rollup, child)}`));
}

/** The value of each parent computed from scratch, as SQL text over the parent's table (tests and checks). */
export function rollupFromScratch(parent: ModuleDef, rollup: RollupDef, child: ModuleDef): string {
  const p = quoteIdent(parent.table);
  const currency = hasRecordCurrency(parent) ? `${p}.${quoteIdent(parent.byName.get(CURRENCY_FIELD)!.column)}` : 'null';
  return parentValue(rollup, parent, child, summary(rollup, child, `${p}.id`, rollupFilterSql(rollup, child)), currency);
}

/** Drops the trigger and its function (before the roll-up's column goes). */
export async function dropRollup(tx: Executor, field: { id: number }, child: ModuleDef, parent: ModuleDef): Promise<void> {
  await tx.execute(sql.raw(`drop trigger if exists ${quoteIdent(triggerName(field))} on ${quoteIdent(child.table)}`));
  await tx.execute(sql.raw(`drop function if exists ${quoteIdent(functionName(field))}()`));
  await tx.execute(sql.raw(`drop trigger if exists ${quoteIdent(currencyTriggerName(field))} on ${quoteIdent(parent.table)}`));
  await tx.execute(sql.raw(`drop function if exists ${quoteIdent(currencyFunctionName(field))}()`));
}
