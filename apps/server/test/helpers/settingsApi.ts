import { SETTING_KEYS, type SettingName } from '@orbit/shared/contract/config';
import type { caller } from './adminApi';

type Call = ReturnType<typeof caller>;
/** A built-in setting's row as /system/config/list answers it (its value in force, and its default). */
export type SettingRow = { configId: number; configKey: string; configValue: string; defaultValue?: string };

/** A built-in setting through the administrator's API: its row, and a change to it ('' puts the default back). */
export function settingThrough(admin: Call, name: SettingName) {
  const row = async () => ((await admin('GET', '/system/config/list?pageSize=100')).body.rows as SettingRow[]).find((r) => r.configKey === SETTING_KEYS[name])!;
  return {
    row,
    set: async (configValue: string, headers?: Record<string, string>) => admin('PUT', '/system/config', { ...(await row()), configValue }, headers),
  };
}
