import { sql, type SQL } from 'drizzle-orm';
import type { Language } from '@orbit/shared/constants';
import { DATE_TYPES } from '@orbit/shared/crm/report';
import type { CurrentUser } from '../../auth/currentUser';
import { FIELD_TYPE_REGISTRY } from '../engine/fieldTypes/registry';
import { dayStart } from '../engine/fieldTypes/datetime';
import { decimalsOf } from '../engine/fieldTypes/number';
import { compileFilter, type ColumnOf } from '../engine/query/filterCompiler';
import { recordAccess } from '../engine/query/recordAccess';
import { tableOf } from '../engine/query/sql';
import { byFieldName } from '../engine/records/ownValues';
import { BASE, RELATED, type ResolvedAggregate, type ResolvedGrouping, type ResolvedRef, type ResolvedReport } from './reportCheck';
import { CURRENCY_FIELD } from '@orbit/shared/crm/money';
import { convertedAmountSql, hasRecordCurrency } from '../money/moduleMoney';
import { organisationCurrencySql } from '../money/rateSql';
import { displayCurrencySql } from '../money/displayCurrency';

/** A dashboard's narrowing of every widget: a date range on the report's date field, and owners. */
export type ReportNarrowing = { from?: string; to?: string; owners?: number[] };

/** `"b"."amount"`: a column of one of the statement's tables (names from metadata, quoted). */
const qualified = (alias: string): ColumnOf => Object.assign((name: string) => sql`${sql.identifier(alias)}.${sql.identifier(name)}`, { alias });
/** A field's value: its column, or a formula computed when read, written over the field's table alias. */
const columnOf = (ref: ResolvedRef) => (ref.field.expressionAt ? ref.field.expressionAt(ref.alias) : qualified(ref.alias)(ref.field.column));

/**
 * A group's key: the column, or for a date the first day of its bucket. The bucket names are a
 * fixed list written into the SQL (not parameters), so the key is one expression everywhere.
 */
function groupKey(group: ResolvedGrouping): SQL {
  const column = columnOf(group);
  if (!group.bucket || !DATE_TYPES.has(group.field.type)) return column;
  // A date per record (cheap); it becomes ISO text once per group, in the outer select.
  return sql`date_trunc(${sql.raw(`'${group.bucket}'`)}, ${column})::date`;
}

/**
 * The date field a dashboard's date range applies to: the report's first date group, else its
 * sort field when a date, else its first date column, else the records' creation time — and
 * whether it holds instants (a `timestamptz`) rather than calendar days.
 */
export function narrowingDate(report: ResolvedReport): { column: SQL; instants: boolean } {
  const isDate = (ref: ResolvedRef | undefined) => !!ref && DATE_TYPES.has(ref.field.type);
  const field = report.groups.find(isDate) ?? (isDate(report.sort?.ref) ? report.sort!.ref : undefined) ?? report.columns.find(isDate);
  return field ? { column: columnOf(field), instants: field.field.type === 'datetime' } : { column: qualified(BASE)('create_time'), instants: true };
}

/**
 * A dashboard's days [from, to], both included, on its date field: a date column compared as
 * dates; a timestamp from the first instant of `from` to before the first instant of the day after
 * `to`, in the server's time zone (as every date filter reads a day: fieldTypes/datetime.ts), never
 * the database session's, so the last evening of the range counts whatever zone the database keeps.
 */
function narrowingDays(report: ResolvedReport, narrowing: ReportNarrowing): SQL[] {
  const { column, instants } = narrowingDate(report);
  const days: SQL[] = [];
  if (narrowing.from) days.push(instants ? sql`${column} >= ${dayStart(narrowing.from)}` : sql`${column} >= ${narrowing.from}::date`);
  if (narrowing.to) days.push(instants ? sql`${column} < ${dayStart(narrowing.to, 1)}` : sql`${column} <= ${narrowing.to}::date`);
  return days;
}

/**
 * `from <module> b [left join <related> r]` and the conditions every statement of a report shares:
 * present rows within the VIEWER's data scope (never the author's), the report's filters and a
 * dashboard's narrowing. A related record outside the viewer's scope joins as empty: its fields
 * show nothing and a related filter cannot match it.
 */
export function reportSource(report: ResolvedReport, user: CurrentUser, lang: Language, narrowing: ReportNarrowing = {}): { from: SQL; where: SQL } {
  const b = qualified(BASE);
  let from = sql`${tableOf(report.base.table)} ${sql.identifier(BASE)}`;
  if (report.related) {
    const r = qualified(RELATED);
    const on = [sql`${r('id')} = ${b(report.related.via.column)}`, sql`${r('deleted_at')} is null`, recordAccess(user, report.related.def.module, 'read', RELATED)].filter((c): c is SQL => !!c);
    from = sql`${from} left join ${tableOf(report.related.def.table)} ${sql.identifier(RELATED)} on ${sql.join(on, sql` and `)}`;
  }
  const { definition } = report;
  const conditions = [
    sql`${b('deleted_at')} is null`,
    recordAccess(user, report.base.module, 'read', BASE),
    definition.filter ? compileFilter(definition.filter, report.base, lang, b) : undefined,
    definition.relatedFilter && report.related ? compileFilter(definition.relatedFilter, report.related.def, lang, qualified(RELATED)) : undefined,
    ...narrowingDays(report, narrowing),
    narrowing.owners?.length ? sql`${b('owner_id')} = any(${`{${narrowing.owners.join(',')}}`}::bigint[])` : undefined,
  ].filter((c): c is SQL => !!c);
  return { from, where: sql.join(conditions, sql` and `) };
}

function aggregateSql(aggregate: ResolvedAggregate, value: SQL): SQL {
  switch (aggregate.fn) {
    case 'count':
      return sql`count(*)`;
    case 'sum':
      // Money converted at dated rates has more than cents: the total keeps its cents, rounded once.
      return aggregate.ref?.field.type === 'currency' ? sql`round(sum(${value}), 2)::text` : sql`sum(${value})::text`;
    case 'avg':
      return sql`round(avg(${value}), ${sql.raw(String(decimalsOf(aggregate.ref!.field)))})::text`;
    case 'min':
      return sql`min(${value})::text`;
    case 'max':
      return sql`max(${value})::text`;
  }
}

/**
 * The grouping sets of a report: a summary's groups with a subtotal at each level and the grand
 * total; a matrix's cells, row totals (at each row level), column totals and the grand total;
 * a tabular report's grand total only.
 */
function groupingSets(report: ResolvedReport, keys: string[]): string[][] {
  const rows = keys.filter((_, i) => report.groups[i]!.axis === 'row');
  const columns = keys.filter((_, i) => report.groups[i]!.axis === 'column');
  const prefixes = rows.map((_, i) => rows.slice(0, rows.length - i)).concat([[]]);
  if (report.definition.format !== 'matrix') return prefixes;
  return prefixes.flatMap((p) => [[...p, ...columns], p]);
}

/**
 * The figures of a report as ONE statement: an inner select of the group keys and the aggregated
 * values over the scoped, filtered rows, grouped outside with GROUPING SETS (subtotals and totals
 * in the same pass). Rolled-up groups come after the groups they total; empty group values last.
 */
export function summaryQuery(report: ResolvedReport, user: CurrentUser, lang: Language, narrowing: ReportNarrowing, limit: number, sample?: number): SQL {
  const { from, where } = reportSource(report, user, lang, narrowing);
  // A preview's figures are those of the records it shows (the first `sample` in the detail's order), not of every record.
  const sampled = sample === undefined ? sql`` : sql` order by ${detailOrder(report)} limit ${sample}`;
  const keys = report.groups.map((_, i) => `k${i}`);
  // Money of records in several currencies is aggregated in the viewer's display currency, each amount at its record's date's rates (issue 33).
  const target = displayCurrencySql(user.userId);
  const valueOf = (ref: ResolvedRef): SQL =>
    ref.field.type === 'currency' ? convertedAmountSql(ref.alias === BASE ? report.base : report.related!.def, qualified(ref.alias), columnOf(ref), target) : columnOf(ref);
  const values = report.aggregates.map((a, i) => (a.ref ? sql`${valueOf(a.ref)} as ${sql.identifier(`v${i}`)}` : undefined)).filter((v): v is SQL => !!v);
  const foreign = foreignMoneySql(report, target);
  const inner = [...report.groups.map((g, i) => sql`${groupKey(g)} as ${sql.identifier(keys[i]!)}`), ...values, ...(foreign ? [sql`${foreign} as fx`] : [])];
  const innerSelect = inner.length ? sql.join(inner, sql`, `) : sql`1 as one`;
  const id = (name: string) => sql.identifier(name);
  // How many records in all, on every row: the grand total's count, taken by a window over the few
  // grouped rows (not the records), so the detail rows need no count of their own and survive a LIMIT.
  // (A CASE, not FILTER: PostgreSQL allows no grouping() in a FILTER clause.)
  const allRolledUp = keys.length ? sql.join(keys.map((k) => sql`grouping(${id(k)}) = 1`), sql` and `) : sql`true`;
  const outer = [
    // Date buckets as ISO text ('YYYY-MM-DD'): the same on both drivers.
    ...keys.map((k, i) => (report.groups[i]!.bucket ? sql`to_char(${id(k)}, 'YYYY-MM-DD') as ${id(k)}` : sql`${id(k)}`)),
    ...keys.map((k, i) => sql`grouping(${id(k)}) as ${id(`g${i}`)}`),
    ...report.aggregates.map((a, i) => sql`${aggregateSql(a, sql`${id(`v${i}`)}`)} as ${id(a.key)}`),
    sql`max(case when ${allRolledUp} then count(*) end) over () as ${id('records')}`,
    // Whether any amount the figures total was in another currency than the organisation's: they then say "converted".
    ...(foreign ? [sql`bool_or(bool_or(fx)) over () as ${id('converted')}`] : []),
  ];
  const sets = groupingSets(report, keys);
  const groupBy = keys.length
    ? sql` group by grouping sets (${sql.join(
        sets.map((set) => sql`(${sql.join(set.map((k) => id(k)), sql`, `)})`),
        sql`, `,
      )})`
    : sql``;
  // Picklist groups in their dictionary's order (stages as the pipeline runs), the others by value.
  const orderKey = (k: string, i: number): SQL => {
    const field = report.groups[i]!.field;
    const dictOrder =
      field.type === 'picklist' && field.dictType
        ? sql`(select min(d.dict_sort) from sys_dict_data d where d.dict_type = ${field.dictType} and d.dict_value = ${id(k)}) asc nulls last, `
        : sql``;
    return sql`grouping(${id(k)}), ${dictOrder}${id(k)} asc nulls last`;
  };
  const orderBy = keys.length ? sql` order by ${sql.join(keys.map(orderKey), sql`, `)}` : sql``;
  return sql`select ${sql.join(outer, sql`, `)} from (select ${innerSelect} from ${from} where ${where}${sampled}) s${groupBy}${orderBy} limit ${limit}`;
}

/** The money the figures aggregate: the currency fields of sum, avg, min and max, by the table they are in. */
function moneyAliases(report: ResolvedReport): Array<typeof BASE | typeof RELATED> {
  const aliases = report.aggregates.flatMap((a) => (a.ref?.field.type === 'currency' ? [a.ref.alias] : []));
  return [...new Set(aliases)].filter((alias) => hasRecordCurrency(alias === BASE ? report.base : report.related!.def));
}

/** Whether a row's aggregated money is in another currency than `target` (the viewer's), as SQL; undefined when nothing can be. */
function foreignMoneySql(report: ResolvedReport, target: SQL): SQL | undefined {
  const tests = moneyAliases(report).map((alias) => {
    const def = alias === BASE ? report.base : report.related!.def;
    return sql`(coalesce(${qualified(alias)(def.byName.get(CURRENCY_FIELD)!.column)}, ${organisationCurrencySql}) <> ${target})`;
  });
  return tests.length ? sql`(${sql.join(tests, sql` or `)})` : undefined;
}

/**
 * The tables whose money the detail rows show, with the reference their record's currency is
 * answered under (`currency`, `accountId.currency`): each amount is shown in its own currency.
 */
function detailCurrencies(report: ResolvedReport): Array<{ alias: typeof BASE | typeof RELATED; column: string; ref: string }> {
  const shown = new Map<string, { alias: typeof BASE | typeof RELATED; column: string; ref: string }>();
  for (const c of report.columns) {
    if (c.field.type !== 'currency' || shown.has(c.alias)) continue;
    const def = c.alias === BASE ? report.base : report.related!.def;
    if (!hasRecordCurrency(def)) continue;
    const via = c.ref.includes('.') ? `${c.ref.split('.')[0]}.` : '';
    shown.set(c.alias, { alias: c.alias, column: def.byName.get(CURRENCY_FIELD)!.column, ref: `${via}${CURRENCY_FIELD}` });
  }
  return [...shown.values()];
}

/**
 * Detail rows: the display fields of a page of records (alias `c{i}_{column}` per stored column,
 * read back by the field type). How many there are comes with the figures (`records`), so this
 * statement stops after its page (an index in the sort's order serves it).
 */
export function detailQuery(report: ResolvedReport, user: CurrentUser, lang: Language, narrowing: ReportNarrowing, page: { limit: number; offset: number }): SQL {
  const { from, where } = reportSource(report, user, lang, narrowing);
  const b = qualified(BASE);
  const select = [sql`${b('id')} as id`];
  report.columns.forEach((c, i) => {
    for (const stored of FIELD_TYPE_REGISTRY[c.field.type].storedColumns(c.field.column)) {
      const value = stored === c.field.column ? columnOf(c) : qualified(c.alias)(stored);
      select.push(sql`${value} as ${sql.identifier(`c${i}_${stored}`)}`);
    }
  });
  for (const money of detailCurrencies(report)) select.push(sql`${qualified(money.alias)(money.column)} as ${sql.identifier(`m_${money.alias}`)}`);
  return sql`select ${sql.join(select, sql`, `)} from ${from} where ${where} order by ${detailOrder(report)} limit ${page.limit} offset ${page.offset}`;
}

/** The detail rows' order: the report's sort, else newest first (as the creation time's index reads backwards, like the lists). */
function detailOrder(report: ResolvedReport): SQL {
  const b = qualified(BASE);
  return report.sort
    ? sql`${columnOf(report.sort.ref)} ${sql.raw(report.sort.order === 'asc' ? 'asc nulls first' : 'desc nulls last')}, ${b('id')} ${sql.raw(report.sort.order)}`
    : sql`${b('create_time')} desc nulls last, ${b('id')} desc`;
}

/** A detail row as the wire carries it: `id` and one value per field reference. */
export function readDetailRow(report: ResolvedReport, row: Record<string, unknown>): Record<string, unknown> {
  const out = byFieldName<unknown>({ id: Number(row.id) });
  report.columns.forEach((c, i) => {
    out[c.ref] = FIELD_TYPE_REGISTRY[c.field.type].read(row, `c${i}_${c.field.column}`);
  });
  for (const money of detailCurrencies(report)) out[money.ref] = (row[`m_${money.alias}`] as string | null | undefined) ?? null;
  return out;
}
