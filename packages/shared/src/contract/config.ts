import { z } from 'zod';
import { PALETTE_SETTING_KEY } from '../palette';
import { MAX_TABS_SETTING_KEY } from '../constants';
import { requiredText } from '../validation';
import { dateRangeQuery, id, nullableText, pageQuery, sortQuery, textFilter } from './common';

/**
 * Parameter settings (`/system/config`, RuoYi's paths and fields). Built-in settings (`configType`
 * 'Y') are Orbit's own, read by the server at run time; their key, name and type are fixed, an
 * empty value means the default (`defaultValue`: the environment variable's or the constant's).
 * Only they are built in: a parameter of one's own is 'N'.
 */
export const SETTING_KEYS = {
  captchaEnabled: 'sys.account.captchaEnabled',
  initPassword: 'sys.user.initPassword',
  passwordChars: 'sys.account.chrtype',
  passwordAgeDays: 'sys.account.passwordValidateDays',
  loginMaxRetries: 'sys.login.maxRetryCount',
  loginLockMinutes: 'sys.login.lockTime',
  fileRetentionDays: 'sys.file.retentionDays',
  attachmentMaxMb: 'crm.attachment.maxMb',
  exportDirectMaxRows: 'crm.export.directMaxRows',
  listCountThreshold: 'crm.list.countThreshold',
  reportingMaxLagSeconds: 'crm.reporting.maxLagSeconds',
  organisationCurrency: 'crm.currency.organisation',
  apiKeyRequestsPerMinute: 'sys.apikey.requestsPerMinute',
  maxTabs: MAX_TABS_SETTING_KEY,
  webhookAllowPrivate: 'sys.webhook.allowPrivateTargets',
  massEmailPerMinute: 'crm.email.massPerMinute',
  emailDropboxAddress: 'crm.email.dropboxAddress',
  themePalette: PALETTE_SETTING_KEY,
} as const;
export type SettingName = keyof typeof SETTING_KEYS;

/**
 * Password character rules (`sys.account.chrtype`, RuoYi's numbering): 0 any, 3 letters and digits,
 * 4 letters, digits and a special character. RuoYi's 1 (digits only) and 2 (letters only) would
 * narrow passwords below Orbit's policy and are refused.
 */
export const PASSWORD_CHAR_RULES = ['0', '3', '4'] as const;
export type PasswordCharRule = (typeof PASSWORD_CHAR_RULES)[number];

export const CONFIG_SORT_COLUMNS = ['configId', 'configName', 'configKey', 'configType', 'createTime'] as const;
const CONFIG_KEY = /^[A-Za-z][A-Za-z0-9._-]*$/;

export const configListQuery = z.object({
  ...pageQuery,
  ...sortQuery(CONFIG_SORT_COLUMNS),
  ...dateRangeQuery,
  configName: textFilter(100),
  configKey: textFilter(100),
  configType: z.union([z.literal(''), z.enum(['Y', 'N'])]).optional(),
});
export type ConfigListQuery = z.infer<typeof configListQuery>;

export const configKeyText = requiredText(100).regex(CONFIG_KEY, { error: 'validation.wrongFormat' });

const configFields = {
  configName: requiredText(100),
  configKey: configKeyText,
  configValue: nullableText(500),
  configType: z.enum(['Y', 'N']).default('N'),
  remark: nullableText(500),
};
export const createConfigBody = z.object(configFields);
export type CreateConfigBody = z.infer<typeof createConfigBody>;
/** An edit: `configType` left out keeps it (a built-in setting stays built in, an own key stays 'N'). */
export const updateConfigBody = z.object({ ...configFields, configType: z.enum(['Y', 'N']).optional(), configId: id });
export type UpdateConfigBody = z.infer<typeof updateConfigBody>;

/**
 * A row of the list (and of `GET /system/config/{id}`). `configValue` is the value in force, as
 * RuoYi's pages show and send it back; built-in rows also name their default and whether they
 * follow it (no value of their own).
 */
export type ConfigRow = {
  configId: number;
  configName: string;
  configKey: string;
  configValue: string;
  configType: 'Y' | 'N';
  remark: string;
  createBy: string;
  createTime: string;
  updateBy: string;
  updateTime: string | null;
  /** Built-in settings only: the value in force while the setting has no value of its own. */
  defaultValue?: string;
  /** Built-in settings only: true while the setting has no value of its own and follows `defaultValue`. */
  usesDefault?: boolean;
};
