import { inArray } from 'drizzle-orm';
import type { PasswordCharRule, SettingName } from '@orbit/shared/contract/config';
import type { Currency } from '@orbit/shared/crm/money';
import { DEFAULT_PALETTE, type Palette } from '@orbit/shared/palette';
import { readPaletteSetting } from '@orbit/shared/paletteRule';
import type { Config } from '../../../config';
import type { Executor } from '../../../db/client';
import { sysConfig } from '../../../db/schema/settings';
import { SETTING_DEFS, type SettingDef } from './settingDefs';

const defOf = new Map<SettingName, SettingDef>(SETTING_DEFS.map((def) => [def.name, def]));

/** Typed values of the settings, as the server uses them. */
export type SettingValues = {
  captchaEnabled: boolean;
  initPassword: string;
  passwordChars: PasswordCharRule;
  passwordAgeDays: number;
  loginMaxRetries: number;
  loginLockMinutes: number;
  fileRetentionDays: number;
  attachmentMaxMb: number;
  exportDirectMaxRows: number;
  listCountThreshold: number;
  reportingMaxLagSeconds: number;
  organisationCurrency: Currency;
  apiKeyRequestsPerMinute: number;
  massEmailPerMinute: number;
  emailDropboxAddress: string;
  maxTabs: number;
  themePalette: Palette;
  webhookAllowPrivate: boolean;
};

const typed: { [N in SettingName]: (text: string) => SettingValues[N] } = {
  captchaEnabled: (text) => text === 'true',
  initPassword: (text) => text,
  passwordChars: (text) => text as PasswordCharRule,
  passwordAgeDays: Number,
  loginMaxRetries: Number,
  loginLockMinutes: Number,
  fileRetentionDays: Number,
  attachmentMaxMb: Number,
  exportDirectMaxRows: Number,
  listCountThreshold: Number,
  reportingMaxLagSeconds: Number,
  organisationCurrency: (text) => text as Currency,
  apiKeyRequestsPerMinute: Number,
  massEmailPerMinute: Number,
  emailDropboxAddress: (text) => text,
  maxTabs: Number,
  webhookAllowPrivate: (text) => text === 'true',
  // `effectiveText` has already checked it: only a valid palette (or the default's text) gets here.
  themePalette: (text) => {
    const read = readPaletteSetting(text);
    return { ...DEFAULT_PALETTE, ...('colours' in read ? read.colours : {}) };
  },
};

/** The value in force: the stored one when it is set and valid, else the default (environment or constant). */
export function effectiveText(def: SettingDef, stored: string | undefined, config: Config): string {
  return stored !== undefined && stored !== '' && !def.check(stored) ? stored : def.defaultValue(config);
}

/**
 * Orbit's settings as the server reads them at run time: from the database at every use (one
 * indexed read), so a change made through any process counts at once in every process, and
 * nothing needs refreshing. The environment variables only give the defaults.
 */
export function createSettings(db: Executor, config: Config) {
  async function read<const N extends SettingName>(names: N[]): Promise<Pick<SettingValues, N>> {
    const defs = names.map((name) => defOf.get(name)!);
    const rows = await db
      .select({ key: sysConfig.configKey, value: sysConfig.configValue })
      .from(sysConfig)
      .where(inArray(sysConfig.configKey, defs.map((d) => d.key)));
    const stored = new Map(rows.map((r) => [r.key, r.value]));
    const out = {} as Record<SettingName, unknown>;
    for (const def of defs) out[def.name] = typed[def.name](effectiveText(def, stored.get(def.key), config));
    return out as Pick<SettingValues, N>;
  }
  return {
    read,
    get: async <N extends SettingName>(name: N): Promise<SettingValues[N]> => (await read([name]))[name],
  };
}

export type Settings = ReturnType<typeof createSettings>;
