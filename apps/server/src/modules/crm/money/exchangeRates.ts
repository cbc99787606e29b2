import { and, asc, desc, eq } from 'drizzle-orm';
import { CURRENCY_DICT } from '@orbit/shared/crm/money';
import type { CreateExchangeRateBody, ExchangeRate } from '@orbit/shared/contract/exchangeRate';
import type { Db } from '../../../db/client';
import { sysDictData } from '../../../db/schema/dict';
import { crmExchangeRate } from '../../../db/schema/crmExchangeRate';
import { STATUS_NORMAL } from '../../../db/schema/columns';
import { badRequest } from '../../../lib/errors';
import { organisationCurrencyOf } from './organisationCurrency';

/**
 * The administrator's exchange rates: a list (every rate, newest first within a currency), one more
 * dated rate, or one removed. A rate is never edited, so a total dated before a change keeps its rate.
 */
export function createExchangeRates(db: Db) {
  return {
    async list(): Promise<ExchangeRate[]> {
      const rows = await db.select().from(crmExchangeRate).orderBy(asc(crmExchangeRate.currency), desc(crmExchangeRate.validFrom));
      return rows.map((r) => ({ rateId: r.rateId, currency: r.currency, rate: r.rate, validFrom: r.validFrom, remark: r.remark, createBy: r.createBy, createTime: r.createTime.toISOString() }));
    },

    /** Refused, nothing written, unless the currency is active (an enabled value of CURRENCY_DICT) and not the organisation's own. */
    async add(userName: string, body: CreateExchangeRateBody): Promise<number> {
      return db.transaction(async (tx) => {
        const organisation = await organisationCurrencyOf(tx);
        const [active] = await tx
          .select({ value: sysDictData.dictValue })
          .from(sysDictData)
          .where(and(eq(sysDictData.dictType, CURRENCY_DICT), eq(sysDictData.dictValue, body.currency), eq(sysDictData.status, STATUS_NORMAL)));
        if (!active || body.currency === organisation) throw badRequest('money.rateCurrencyInvalid');
        const [same] = await tx
          .select({ id: crmExchangeRate.rateId })
          .from(crmExchangeRate)
          .where(and(eq(crmExchangeRate.currency, body.currency), eq(crmExchangeRate.validFrom, body.validFrom)));
        if (same) throw badRequest('money.rateExists', { currency: body.currency, date: body.validFrom });
        const [row] = await tx
          .insert(crmExchangeRate)
          .values({ currency: body.currency, rate: body.rate, validFrom: body.validFrom, remark: body.remark ?? '', createBy: userName })
          .returning({ id: crmExchangeRate.rateId });
        return row!.id;
      });
    },

    async remove(rateId: number): Promise<void> {
      await db.delete(crmExchangeRate).where(eq(crmExchangeRate.rateId, rateId));
    },
  };
}
