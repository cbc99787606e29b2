import { CURRENCY_FIELD, isRecordCurrency } from '@orbit/shared/crm/money';
import type { ModuleDef } from '../engine/metadata/moduleDef';

/**
 * The fields a list, board or export reads, with the record's currency after the last money field
 * whenever an amount is among them (issue 33): an amount is never read without its currency, so the
 * web writes €1,000.00 rather than $1,000.00, and an exported sheet imports back in the same currencies.
 */
export function withRecordCurrency(def: ModuleDef, names: string[]): string[] {
  const currency = def.byName.get(CURRENCY_FIELD);
  if (!currency || !isRecordCurrency(currency) || names.includes(CURRENCY_FIELD)) return names;
  const lastMoney = names.reduce((last, n, i) => (def.byName.get(n)?.type === 'currency' ? i : last), -1);
  return lastMoney < 0 ? names : [...names.slice(0, lastMoney + 1), CURRENCY_FIELD, ...names.slice(lastMoney + 1)];
}
