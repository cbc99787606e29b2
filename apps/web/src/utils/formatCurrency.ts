import type { Language } from '@orbit/shared/constants';

/** Amounts in the language's currency (SPEC §9): US dollars in English, Japanese yen in Chinese. */
const currencyFormat = (language: Language) =>
  language === 'zh' ? new Intl.NumberFormat('zh-CN', { style: 'currency', currency: 'JPY' }) : new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

export function formatCurrency(amount: number | string | null | undefined, language: Language): string {
  if (amount === null || amount === undefined || amount === '' || Number.isNaN(Number(amount))) return '';
  return currencyFormat(language).format(Number(amount));
}

/** The sign of the language's currency as amounts show it ("$", "JP¥"), beside money inputs. */
export function currencySign(language: Language): string {
  return currencyFormat(language).formatToParts(0).find((part) => part.type === 'currency')?.value ?? '';
}
