import { LOGIN_LOCK_MINUTES, LOGIN_MAX_FAILURES, PASSWORD_AGE_HINT_DAYS } from '@orbit/shared/constants';
import { ATTACHMENT_DEFAULT_MAX_MB, ATTACHMENT_MAX_MB_RANGE } from '@orbit/shared/contract/attachments';
import { PASSWORD_CHAR_RULES, SETTING_KEYS, type SettingName } from '@orbit/shared/contract/config';
import type { MessageKey, MessageParams } from '@orbit/shared/messages';
import { DEFAULT_PALETTE } from '@orbit/shared/palette';
import { readPaletteSetting } from '@orbit/shared/paletteRule';
import { PERMISSIONS } from '@orbit/shared/permissions';
import type { Config } from '../../../config';

/** What is wrong with a value: a message key and its params (the field is the setting's value). */
export type SettingProblem = { key: MessageKey; params?: MessageParams };

/**
 * One of Orbit's own settings: its key (RuoYi's where RuoYi has the same setting, so its clients
 * read it), its translated name, the default used while the stored value is empty (from the
 * environment where a variable sets it), and the check a new value must pass. `readableWith`
 * limits who reads it through `configKey` (a secret); everyone signed in reads the others.
 */
export type SettingDef = {
  name: SettingName;
  key: string;
  label: MessageKey;
  defaultValue(config: Config): string;
  check(value: string): SettingProblem | undefined;
  readableWith?: string[];
};

const wholeNumber = (min: number, max: number) => (value: string) =>
  /^\d{1,6}$/.test(value) && Number(value) >= min && Number(value) <= max ? undefined : { key: 'config.numberRange' as const, params: { min, max } };

const oneOf = (values: readonly string[]) => (value: string) => (values.includes(value) ? undefined : { key: 'config.oneOf' as const, params: { values: values.join(', ') } });

export const SETTING_DEFS: SettingDef[] = [
  {
    name: 'captchaEnabled',
    key: SETTING_KEYS.captchaEnabled,
    label: 'settings.captchaEnabled',
    defaultValue: (config) => String(config.captchaEnabled),
    check: (value) => (value === 'true' || value === 'false' ? undefined : { key: 'config.notBoolean' }),
  },
  {
    name: 'initPassword',
    key: SETTING_KEYS.initPassword,
    label: 'settings.initPassword',
    defaultValue: () => '',
    // The password policy is checked where the password is given to someone (it must not contain
    // their user name); here only what can be told without a user (passwordPolicy.ts).
    check: () => undefined,
    readableWith: [PERMISSIONS.user.add, PERMISSIONS.user.import, PERMISSIONS.user.resetPwd, PERMISSIONS.config.query],
  },
  {
    name: 'passwordChars',
    key: SETTING_KEYS.passwordChars,
    label: 'settings.passwordChars',
    defaultValue: () => '0',
    check: oneOf(PASSWORD_CHAR_RULES),
  },
  {
    name: 'passwordAgeDays',
    key: SETTING_KEYS.passwordAgeDays,
    label: 'settings.passwordAgeDays',
    defaultValue: () => String(PASSWORD_AGE_HINT_DAYS),
    check: wholeNumber(0, 3650),
  },
  {
    name: 'loginMaxRetries',
    key: SETTING_KEYS.loginMaxRetries,
    label: 'settings.loginMaxRetries',
    defaultValue: () => String(LOGIN_MAX_FAILURES),
    // More than ten guesses per address and window would weaken the lock-out Orbit promises.
    check: wholeNumber(3, 10),
  },
  {
    name: 'loginLockMinutes',
    key: SETTING_KEYS.loginLockMinutes,
    label: 'settings.loginLockMinutes',
    defaultValue: () => String(LOGIN_LOCK_MINUTES),
    check: wholeNumber(1, 1440),
  },
  {
    name: 'fileRetentionDays',
    key: SETTING_KEYS.fileRetentionDays,
    label: 'settings.fileRetentionDays',
    defaultValue: (config) => String(config.fileRetentionDays),
    check: wholeNumber(1, 365),
  },
  {
    // Files attached to records (modules/crm/attachments); SPEC's upload limit by default.
    name: 'attachmentMaxMb',
    key: SETTING_KEYS.attachmentMaxMb,
    label: 'settings.attachmentMaxMb',
    defaultValue: () => String(ATTACHMENT_DEFAULT_MAX_MB),
    check: wholeNumber(ATTACHMENT_MAX_MB_RANGE.min, ATTACHMENT_MAX_MB_RANGE.max),
  },
  {
    // Everyone's pages draw in it, so everyone signed in reads it (the settings panel may put a
    // person's own colours over it); a palette below WCAG AA is refused naming the pair (palette.ts).
    name: 'themePalette',
    key: SETTING_KEYS.themePalette,
    label: 'settings.themePalette',
    defaultValue: () => JSON.stringify(DEFAULT_PALETTE),
    check: (value) => {
      const read = readPaletteSetting(value);
      return 'problem' in read ? read.problem : undefined;
    },
  },
];

export const settingDefByKey = new Map(SETTING_DEFS.map((def) => [def.key, def]));
