import { eq } from 'drizzle-orm';
import { SETTING_KEYS } from '@orbit/shared/contract/config';
import { DEFAULT_ORGANISATION_CURRENCY, isCurrency, type Currency } from '@orbit/shared/crm/money';
import type { Executor } from '../../../db/client';
import { sysConfig } from '../../../db/schema/settings';

/**
 * The organisation currency (setting `crm.currency.organisation`) read in the caller's transaction:
 * a new record's currency and the one totals are converted to. Its default is a constant, not the
 * environment's, so no Config is needed (system/config/settingDefs.ts).
 */
export async function organisationCurrencyOf(db: Executor): Promise<Currency> {
  const [row] = await db.select({ value: sysConfig.configValue }).from(sysConfig).where(eq(sysConfig.configKey, SETTING_KEYS.organisationCurrency));
  return isCurrency(row?.value) ? row.value : DEFAULT_ORGANISATION_CURRENCY;
}
