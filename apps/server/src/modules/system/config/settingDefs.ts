import { LOGIN_LOCK_MINUTES, LOGIN_MAX_FAILURES, MAX_TABS_DEFAULT, MAX_TABS_RANGE, PASSWORD_AGE_HINT_DAYS } from '@orbit/shared/constants';
import { API_KEY_RATE_DEFAULT, API_KEY_RATE_RANGE } from '@orbit/shared/contract/apiKeys';
import { ATTACHMENT_DEFAULT_MAX_MB, ATTACHMENT_MAX_MB_RANGE } from '@orbit/shared/contract/attachments';
import { EXPORT_DIRECT_DEFAULT_ROWS, EXPORT_DIRECT_ROWS_RANGE } from '@orbit/shared/contract/recordExport';
import { LIST_COUNT_THRESHOLD_DEFAULT, LIST_COUNT_THRESHOLD_RANGE } from '@orbit/shared/crm/listCount';
import { REPORTING_MAX_LAG_DEFAULT_SECONDS, REPORTING_MAX_LAG_RANGE } from '@orbit/shared/contract/health';
import { PASSWORD_CHAR_RULES, SETTING_KEYS, type SettingName } from '@orbit/shared/contract/config';
import type { MessageKey, MessageParams } from '@orbit/shared/messages';
import { MASS_EMAIL_PER_MINUTE_DEFAULT, MASS_EMAIL_PER_MINUTE_RANGE } from '@orbit/shared/crm/email';
import { CURRENCIES, DEFAULT_ORGANISATION_CURRENCY } from '@orbit/shared/crm/money';
import { DEFAULT_PALETTE } from '@orbit/shared/palette';
import { readPaletteSetting } from '@orbit/shared/paletteRule';
import { PERMISSIONS } from '@orbit/shared/permissions';
import { isEmail } from '@orbit/shared/validation';
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
    // A records list's export of at most this many rows is written during the request and downloads at once (modules/crm/export).
    name: 'exportDirectMaxRows',
    key: SETTING_KEYS.exportDirectMaxRows,
    label: 'settings.exportDirectMaxRows',
    defaultValue: () => String(EXPORT_DIRECT_DEFAULT_ROWS),
    check: wholeNumber(EXPORT_DIRECT_ROWS_RANGE.min, EXPORT_DIRECT_ROWS_RANGE.max),
  },
  {
    // A records list counts its rows exactly up to this many, and says "N+" beyond (engine/records/listRecords.ts).
    name: 'listCountThreshold',
    key: SETTING_KEYS.listCountThreshold,
    label: 'settings.listCountThreshold',
    defaultValue: () => String(LIST_COUNT_THRESHOLD_DEFAULT),
    check: wholeNumber(LIST_COUNT_THRESHOLD_RANGE.min, LIST_COUNT_THRESHOLD_RANGE.max),
  },
  {
    // Reports, dashboards and exports read from REPORTING_DATABASE_URL while its lag is at most this (db/reporting.ts).
    name: 'reportingMaxLagSeconds',
    key: SETTING_KEYS.reportingMaxLagSeconds,
    label: 'settings.reportingMaxLagSeconds',
    defaultValue: () => String(REPORTING_MAX_LAG_DEFAULT_SECONDS),
    check: wholeNumber(REPORTING_MAX_LAG_RANGE.min, REPORTING_MAX_LAG_RANGE.max),
  },
  {
    // The currency of every amount (issue 33): everyone signed in reads it with /getInfo, and every
    // language writes amounts in it (packages/shared/src/crm/money.ts).
    name: 'organisationCurrency',
    key: SETTING_KEYS.organisationCurrency,
    label: 'settings.organisationCurrency',
    defaultValue: () => DEFAULT_ORGANISATION_CURRENCY,
    check: oneOf(CURRENCIES),
  },
  {
    // Requests per minute and API key, counted across every server process (modules/apiKeys/apiKeyAuth.ts).
    name: 'apiKeyRequestsPerMinute',
    key: SETTING_KEYS.apiKeyRequestsPerMinute,
    label: 'settings.apiKeyRequestsPerMinute',
    defaultValue: () => String(API_KEY_RATE_DEFAULT),
    check: wholeNumber(API_KEY_RATE_RANGE.min, API_KEY_RATE_RANGE.max),
  },
  {
    // A mass e-mail's mails go out at most this many a minute (crm/email/massEmail.ts), so a mail server's rate limit is kept.
    name: 'massEmailPerMinute',
    key: SETTING_KEYS.massEmailPerMinute,
    label: 'settings.massEmailPerMinute',
    defaultValue: () => String(MASS_EMAIL_PER_MINUTE_DEFAULT),
    check: wholeNumber(MASS_EMAIL_PER_MINUTE_RANGE.min, MASS_EMAIL_PER_MINUTE_RANGE.max),
  },
  {
    // The address that reaches the dropbox (INBOUND_SMTP_PORT) through the organisation's mail
    // server: mail sent from Orbit names it beside the sender in Reply-To, so a customer's reply
    // comes back and threads onto the records (crm/email/inbound). Empty: replies go to the sender alone.
    name: 'emailDropboxAddress',
    key: SETTING_KEYS.emailDropboxAddress,
    label: 'settings.emailDropboxAddress',
    defaultValue: () => '',
    check: (value) => (value === '' || isEmail(value) ? undefined : { key: 'config.notEmailAddress' }),
  },
  {
    // The web's tab strip keeps at most this many tabs (layout/TagsView); everyone signed in reads it.
    name: 'maxTabs',
    key: SETTING_KEYS.maxTabs,
    label: 'settings.maxTabs',
    defaultValue: () => String(MAX_TABS_DEFAULT),
    check: wholeNumber(MAX_TABS_RANGE.min, MAX_TABS_RANGE.max),
  },
  {
    // Webhooks may reach the server's own network only when an administrator allows it (SSRF).
    name: 'webhookAllowPrivate',
    key: SETTING_KEYS.webhookAllowPrivate,
    label: 'settings.webhookAllowPrivate',
    defaultValue: (config) => String(config.webhookAllowPrivate),
    check: (value) => (value === 'true' || value === 'false' ? undefined : { key: 'config.notBoolean' }),
    readableWith: [PERMISSIONS.webhook.list],
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
