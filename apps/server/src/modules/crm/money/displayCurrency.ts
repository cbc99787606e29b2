import { sql, type SQL } from 'drizzle-orm';
import { CURRENCY_DICT, DEFAULT_ORGANISATION_CURRENCY, isCurrency, type Currency } from '@orbit/shared/crm/money';
import type { Executor } from '../../../db/client';
import { STATUS_NORMAL } from '../../../db/schema/columns';
import { rowsOf } from '../engine/query/sql';
import { organisationCurrencySql } from './rateSql';

/**
 * A viewer's display currency (issue 33): the one every total that mixes currencies is converted to
 * for them — their choice (`sys_user.display_currency`, set in their profile) while it is the
 * organisation currency or an active currency with at least one rate (with one, every date has a rate:
 * rateSql), else the organisation currency. So a currency disabled, or its rates removed, after a user
 * chose it falls back rather than leaving every converted amount out of their totals.
 * As SQL read by the statement itself (uncorrelated: evaluated once), for SQL built where no await fits.
 */
export function displayCurrencySql(userId: number): SQL {
  return sql`coalesce((select u.display_currency from sys_user u where u.user_id = ${userId}
    and (u.display_currency = ${organisationCurrencySql} or (${activeWithRate(sql`u.display_currency`)}))), ${organisationCurrencySql})`;
}

/** Whether `currency` is an enabled currency of the dictionary and has a rate, as SQL (its aliases d and r: name the outer query's others). */
function activeWithRate(currency: SQL): SQL {
  return sql`exists (select 1 from sys_dict_data d where d.dict_type = ${CURRENCY_DICT} and d.dict_value = ${currency} and d.status = ${STATUS_NORMAL})
    and exists (select 1 from crm_exchange_rate r where r.currency = ${currency})`;
}

/** The viewer's display currency and the organisation's, read in one statement. */
export async function displayCurrencyOf(db: Executor, userId: number): Promise<{ display: Currency; organisation: Currency }> {
  const [row] = await rowsOf<{ display: string; organisation: string }>(db, sql`select ${displayCurrencySql(userId)} as display, ${organisationCurrencySql} as organisation`);
  const organisation = isCurrency(row?.organisation) ? row.organisation : DEFAULT_ORGANISATION_CURRENCY;
  return { display: isCurrency(row?.display) ? row.display : organisation, organisation };
}

/**
 * The currencies a user may read totals in, in the dictionary's order: the organisation's first, then
 * every active currency with a rate (a profile's choices; a choice outside them is refused).
 */
export async function displayCurrencyChoices(db: Executor): Promise<Currency[]> {
  const rows = await rowsOf<{ currency: string }>(
    db,
    sql`select v.dict_value as currency from sys_dict_data v
        where v.dict_type = ${CURRENCY_DICT} and (${activeWithRate(sql`v.dict_value`)})
        order by v.dict_sort, v.dict_value`,
  );
  const [org] = await rowsOf<{ organisation: string }>(db, sql`select ${organisationCurrencySql} as organisation`);
  const organisation = isCurrency(org?.organisation) ? org.organisation : DEFAULT_ORGANISATION_CURRENCY;
  return [organisation, ...rows.map((r) => r.currency).filter((c): c is Currency => isCurrency(c) && c !== organisation)];
}
