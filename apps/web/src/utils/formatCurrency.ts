import type { Language } from '@orbit/shared/constants';
import { DEFAULT_ORGANISATION_CURRENCY, isCurrency, type Currency } from '@orbit/shared/crm/money';
import { getSession } from '../store/session';

/** The currency every amount is in: the organisation's, as the session says (issue 33). */
export const organisationCurrency = (): Currency => getSession()?.organisationCurrency ?? DEFAULT_ORGANISATION_CURRENCY;

const LOCALES: Record<Language, string> = { en: 'en-US', zh: 'zh-CN' };
const formats = new Map<string, Intl.NumberFormat>();

/**
 * Amounts in their currency, written the reader's way: the language decides grouping, decimals and
 * where the sign goes, never the currency — $36,500.50 in English is US$36,500.50 in Chinese, not
 * JP¥36,501 (docs/decisions.md, "Money means one thing in every language").
 */
function currencyFormat(language: Language, currency: Currency): Intl.NumberFormat {
  const key = `${language}:${currency}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(LOCALES[language] ?? LOCALES.en, { style: 'currency', currency });
    formats.set(key, format);
  }
  return format;
}

export function formatCurrency(amount: number | string | null | undefined, language: Language, currency: Currency = organisationCurrency()): string {
  if (amount === null || amount === undefined || amount === '' || Number.isNaN(Number(amount))) return '';
  // Decimal text is formatted as written (Intl reads it exactly), so no cent is lost to a float.
  return currencyFormat(language, currency).format(typeof amount === 'string' ? (amount.trim() as unknown as number) : amount);
}

/** The sign of the currency as amounts show it in the language ("$", "US$", "¥"), beside money inputs. */
export function currencySign(language: Language, currency: Currency = organisationCurrency()): string {
  return currencyFormat(language, currency).formatToParts(0).find((part) => part.type === 'currency')?.value ?? '';
}

/** A record's currency as formatting takes it: its own when it is one we know, else the organisation's (a record from before issue 33's currencies). */
export const asCurrency = (value: unknown): Currency => (isCurrency(value) ? value : organisationCurrency());

/** The currency of a record's amounts: its `currency` field (issue 33). */
export const currencyOfRecord = (record: Record<string, unknown> | null | undefined): string | undefined =>
  typeof record?.currency === 'string' ? record.currency : undefined;
