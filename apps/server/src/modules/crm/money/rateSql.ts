import { sql, type SQL } from 'drizzle-orm';
import { SETTING_KEYS } from '@orbit/shared/contract/config';
import { DEFAULT_ORGANISATION_CURRENCY, type Currency } from '@orbit/shared/crm/money';
import type { Executor } from '../../../db/client';
import { rowsOf } from '../engine/query/sql';

/**
 * The rate of `currency` valid on the date `on`, as SQL: the latest rate from that date or before;
 * for a date before the currency's first rate, that first rate (an old record is still converted, at
 * the earliest rate known, rather than left out). Both reads are one probe of the unique index
 * `(currency, valid_from)`. Null only when the currency has no rate at all.
 */
export function rateSql(currency: SQL, on: SQL): SQL {
  return sql`coalesce(
    (select r.rate from crm_exchange_rate r where r.currency = ${currency} and r.valid_from <= ${on} order by r.valid_from desc limit 1),
    (select r.rate from crm_exchange_rate r where r.currency = ${currency} order by r.valid_from asc limit 1))`;
}

/**
 * The organisation currency read by the statement itself (an InitPlan, evaluated once), for SQL
 * built where no await fits (a report's compiled statement); the setting's check keeps it a currency.
 */
export const organisationCurrencySql = sql`coalesce((select nullif(c.config_value, '') from sys_config c where c.config_key = ${SETTING_KEYS.organisationCurrency}), ${DEFAULT_ORGANISATION_CURRENCY})`;

/**
 * An amount in the currency `target` (the organisation's, or a viewer's display currency): as it is
 * when the record is in it (no rate read: CASE evaluates the rates' subqueries only for rows in
 * another currency, so a book kept in one currency sums as fast as before); else in the organisation
 * currency (times the rate valid on the record's date, none for the organisation's own), then in the
 * target (divided by the target's rate on that same date, none when the target is the organisation's).
 * A record without a currency is the organisation's. A currency without any rate gives null, which a
 * sum leaves out rather than adding a foreign amount as if it were ours.
 */
export function convertedSql(amount: SQL, currency: SQL, on: SQL, organisation: Currency | SQL, target: Currency | SQL = organisation): SQL {
  // The organisation's own totals (most readers) keep the statement they always had.
  if (target === organisation) return sql`(case when ${currency} is null or ${currency} = ${organisation} then ${amount} else ${amount} * ${rateSql(currency, on)} end)`;
  const own = sql`coalesce(${currency}, ${organisation})`;
  const toOrganisation = sql`(case when ${own} = ${organisation} then 1 else ${rateSql(currency, on)} end)`;
  const fromOrganisation = sql`(case when ${target} = ${organisation} then 1 else ${rateSql(sql`${target}`, on)} end)`;
  return sql`(case when ${own} = ${target} then ${amount} else ${amount} * ${toOrganisation} / ${fromOrganisation} end)`;
}

/** The rate of `currency` valid on `date` (YYYY-MM-DD), as decimal text; 1 for the organisation currency, null without a rate. */
export async function rateOn(db: Executor, currency: string, date: string, organisation: Currency): Promise<string | null> {
  if (currency === organisation) return '1';
  const [row] = await rowsOf<{ rate: string | null }>(db, sql`select ${rateSql(sql`${currency}`, sql`${date}::date`)}::text as rate`);
  return row?.rate ?? null;
}
