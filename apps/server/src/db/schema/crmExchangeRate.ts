import { bigint, date, numeric, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { RATE_DECIMALS } from '@orbit/shared/crm/money';
import { auditColumns } from './columns';

/**
 * Exchange rates (issue 33): how many units of the organisation currency one unit of `currency` is
 * worth from `valid_from` on, until the next rate of the same currency. Rates are never edited: a new
 * rate is a new row, so history stays and a total dated before a change keeps its old rate. The unique
 * index `(currency, valid_from)` is also the one the totals' "rate valid on the record's date" reads
 * (modules/crm/money/rateSql.ts): `where currency = ? and valid_from <= ? order by valid_from desc limit 1`.
 */
export const crmExchangeRate = pgTable(
  'crm_exchange_rate',
  {
    rateId: bigint('rate_id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    currency: text('currency').notNull(),
    rate: numeric('rate', { precision: 18, scale: RATE_DECIMALS }).notNull(),
    validFrom: date('valid_from', { mode: 'string' }).notNull(),
    remark: text('remark').notNull().default(''),
    ...auditColumns,
  },
  (t) => [uniqueIndex('crm_exchange_rate_currency_from').on(t.currency, t.validFrom)],
);
