import type { ExchangeRate } from '@orbit/shared/contract/exchangeRate';
import type { DictValue } from '@orbit/shared/contract/dict';

/** An active currency as the page lists it: its rates (newest first) and the one valid on the day asked. */
export type CurrencyRates = {
  currency: string;
  label: string;
  organisation: boolean;
  rates: ExchangeRate[];
  /** The rate a record dated `on` is converted at; undefined when the currency has no rate (its amounts are left out of totals). */
  current?: ExchangeRate;
};

/** A currency as people read it: the dictionary's label ("EUR — Euro"), with the code before it when the label leaves it out. */
export const currencyName = (currency: string, label: string): string => (label.startsWith(currency) ? label : `${currency} — ${label}`);

/**
 * The active currencies (the enabled values of the currency dictionary), the organisation's first,
 * each with its rates and the one valid on `on` — the same rule as the server's SQL (rateSql.ts):
 * the latest rate from that day or before, else the currency's first rate.
 */
export function currencyRates(currencies: DictValue[], rates: ExchangeRate[], organisation: string, on: string): CurrencyRates[] {
  const rows = currencies.map((c): CurrencyRates => {
    const own = rates.filter((r) => r.currency === c.dictValue).sort((a, b) => b.validFrom.localeCompare(a.validFrom));
    return {
      currency: c.dictValue,
      label: c.dictLabel,
      organisation: c.dictValue === organisation,
      rates: own,
      current: own.find((r) => r.validFrom <= on) ?? own.at(-1),
    };
  });
  return [...rows.filter((r) => r.organisation), ...rows.filter((r) => !r.organisation)];
}
