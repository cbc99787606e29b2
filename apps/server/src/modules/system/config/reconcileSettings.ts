import { inArray, sql } from 'drizzle-orm';
import { translate } from '@orbit/shared/messages';
import type { Executor } from '../../../db/client';
import { sysConfig } from '../../../db/schema/settings';
import { SETTING_DEFS } from './settingDefs';

/**
 * Gives every install a row for each of Orbit's built-in settings, empty (= the default), so that
 * administrators and RuoYi clients find them in the list. A key someone had added by hand becomes
 * built-in, its value kept. Run at every start (db/prepare.ts); idempotent.
 */
export async function reconcileSettings(db: Executor): Promise<void> {
  const keys = SETTING_DEFS.map((def) => def.key);
  await db
    .insert(sysConfig)
    .values(SETTING_DEFS.map((def) => ({ configName: translate('en', def.label), configKey: def.key, configValue: '', configType: 'Y', createBy: 'seed' })))
    .onConflictDoNothing({ target: sysConfig.configKey });
  await db.update(sysConfig).set({ configType: 'Y' }).where(sql`${inArray(sysConfig.configKey, keys)} and ${sysConfig.configType} <> 'Y'`);
}
