/**
 * Money (issue 33). An amount is in a currency, and reads the same in every language: the reader's
 * language decides only how it is written (grouping, decimals, where the sign goes), never which
 * currency it is — SPEC §9's "USD for English, JPY for Chinese" described how the original formatted
 * numbers, and applied literally it relabelled $168,000 as JP¥168,000 (docs/decisions.md).
 * A record with money carries its own currency (its `currency` field, a picklist of the dictionary
 * CURRENCY_DICT: the active currencies are its enabled values); totals that mix currencies are converted
 * to the organisation's at the rate valid on the record's date (crm_exchange_rate, docs/decisions.md).
 */

/** The currencies an organisation may keep its books in (ISO 4217 codes). */
export const CURRENCIES = ['USD', 'EUR', 'GBP', 'CNY', 'JPY', 'HKD', 'TWD', 'SGD', 'KRW', 'INR', 'AUD', 'CAD', 'CHF', 'SEK', 'NZD', 'BRL', 'MXN', 'ZAR', 'AED'] as const;
export type Currency = (typeof CURRENCIES)[number];

/** The organisation's currency until an administrator sets another (setting `crm.currency.organisation`). */
export const DEFAULT_ORGANISATION_CURRENCY: Currency = 'USD';

/** The dictionary of active currencies: its values are CURRENCIES, an administrator disables the ones not used. */
export const CURRENCY_DICT = 'crm_currency';

/** The field, on every module with money, that says which currency its amounts are in. */
export const CURRENCY_FIELD = 'currency';

/**
 * A record's currency field: required, yet never asked of the user where it is left out — the server
 * gives a new record the organisation currency — so a layout that shows no amount need not place it
 * and an import need not have a column for it (set-up, the layout editor and the import all ask this).
 */
export const isRecordCurrency = (field: { name: string; dictType?: string | null }): boolean => field.name === CURRENCY_FIELD && field.dictType === CURRENCY_DICT;

/** Exchange rates: up to 6 decimals of organisation currency per unit (1 EUR = 1.083250 USD). */
export const RATE_DECIMALS = 6;

export const isCurrency = (value: unknown): value is Currency => typeof value === 'string' && (CURRENCIES as readonly string[]).includes(value);

/** Messages of money, en and zh; spread into crmMessages.ts. */
export const moneyEn = {
  'settings.organisationCurrency': 'Organisation currency (the currency totals are converted to)',
  'money.rateInvalid': 'The rate must be a positive number with at most 6 decimals',
  'money.rateCurrencyInvalid': 'The currency must be an active currency other than the organisation currency',
  'money.rateExists': 'A rate of {{currency}} from {{date}} exists already',
  'field.currency': 'Currency',
  'field.rate': 'Rate',
  'field.validFrom': 'Effective date',
  'money.displayCurrencyInvalid': 'The display currency must be the organisation currency or an active currency with an exchange rate',
} as const;

export const moneyZh: Record<keyof typeof moneyEn, string> = {
  'settings.organisationCurrency': '组织货币（合计折算成的货币）',
  'money.rateInvalid': '汇率须为正数，最多 6 位小数',
  'money.rateCurrencyInvalid': '货币须为组织货币以外的启用货币',
  'money.rateExists': '{{currency}} 自 {{date}} 起的汇率已存在',
  'field.currency': '货币',
  'field.rate': '汇率',
  'field.validFrom': '生效日期',
  'money.displayCurrencyInvalid': '显示货币须为组织货币，或已有汇率的启用货币',
};

/** How amounts of a currency are written in a language: its sign ("$", "US$", "¥") and its decimals (2; 0 for yen). */
export function currencyWriting(language: 'en' | 'zh', currency: Currency): { sign: string; decimals: number } {
  const format = new Intl.NumberFormat(language === 'zh' ? 'zh-CN' : 'en-US', { style: 'currency', currency });
  return { sign: format.formatToParts(0).find((part) => part.type === 'currency')?.value ?? currency, decimals: format.resolvedOptions().maximumFractionDigits ?? 2 };
}
