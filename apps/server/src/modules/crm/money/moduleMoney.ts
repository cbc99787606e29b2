import { sql, type SQL } from 'drizzle-orm';
import { CURRENCY_DICT, CURRENCY_FIELD, type Currency } from '@orbit/shared/crm/money';
import type { Executor } from '../../../db/client';
import type { ModuleDef } from '../engine/metadata/moduleDef';
import { PRESENT, col, rowsOf, tableOf } from '../engine/query/sql';
import { convertedSql, organisationCurrencySql } from './rateSql';
import { displayCurrencyOf } from './displayCurrency';

/**
 * How a module's amounts are totalled in SQL for a viewer (issue 33): each converted to the viewer's
 * display currency (`currency`: their choice, else the organisation's — displayCurrency.ts) at the
 * rates valid on the record's money date (ModuleDef.moneyDate: an opportunity's close date, else the
 * day it was created), and whether a row is in another currency (`foreign`, for "converted").
 * Undefined for a module whose records carry no currency: its amounts are all the organisation's.
 */
export type ModuleMoney = { organisation: Currency; currency: Currency; convert(amount: SQL): SQL; foreign: SQL };

export async function moduleMoney(db: Executor, def: ModuleDef, userId: number): Promise<ModuleMoney | undefined> {
  if (!hasRecordCurrency(def)) return undefined;
  const { organisation, display } = await displayCurrencyOf(db, userId);
  // Qualified by the table: inside the rate's subquery a bare "currency" would be the rate's own.
  const money = moneyColumns(def, (column) => sql`${tableOf(def.table)}.${col(column)}`);
  // Written as two ranges, not `<>`, so that the currency's index answers it; a record without a currency is the organisation's.
  const other = sql`${money.currency} < ${display} or ${money.currency} > ${display}`;
  return {
    organisation,
    currency: display,
    convert: (amount) => convertedSql(amount, money.currency, money.on, organisation, display),
    foreign: display === organisation ? sql`(${other})` : sql`(${other} or ${money.currency} is null)`,
  };
}

/** Whether the module's records carry a currency of their own. */
export function hasRecordCurrency(def: ModuleDef): boolean {
  return def.byName.get(CURRENCY_FIELD)?.dictType === CURRENCY_DICT;
}

/** A record's currency and money date (as a day) as columns of `own`'s table (an alias in a report). */
function moneyColumns(def: ModuleDef, own: (column: string) => SQL): { currency: SQL; on: SQL } {
  const dateField = def.byName.get(def.moneyDate ?? 'createTime') ?? def.byName.get('createTime')!;
  return { currency: own(def.byName.get(CURRENCY_FIELD)!.column), on: sql`${own(dateField.column)}::date` };
}

/**
 * An amount of the module converted to `target` (default the organisation currency; a viewer's display
 * currency in reports), the currencies read by the statement (no await: a report's compiled SQL); the
 * amount as it is for a module without currencies.
 */
export function convertedAmountSql(def: ModuleDef, own: (column: string) => SQL, amount: SQL, target: SQL = organisationCurrencySql): SQL {
  if (!hasRecordCurrency(def)) return amount;
  const money = moneyColumns(def, own);
  return convertedSql(amount, money.currency, money.on, organisationCurrencySql, target);
}

/**
 * Whether a record's amounts are in another currency than `target` (default the organisation's; both
 * read by the statement), as SQL: what makes a total "converted"; false for a module without currencies.
 */
export function foreignCurrencySql(def: ModuleDef, own: (column: string) => SQL, target: SQL = organisationCurrencySql): SQL {
  if (!hasRecordCurrency(def)) return sql`false`;
  return sql`(coalesce(${moneyColumns(def, own).currency}, ${organisationCurrencySql}) <> ${target})`;
}

/** Whether any present record of the module is in another currency than the viewer's totals (one probe of the currency index). */
export async function anyForeign(db: Executor, def: ModuleDef, money: ModuleMoney): Promise<boolean> {
  const [row] = await rowsOf<{ found: boolean }>(db, sql`select exists (select 1 from ${tableOf(def.table)} where ${PRESENT} and ${money.foreign}) as found`);
  return row?.found === true;
}
