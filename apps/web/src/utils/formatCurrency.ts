import type { Language } from '@orbit/shared/constants';

/** Amounts in the language's currency (SPEC §9): US dollars in English, Japanese yen in Chinese. */
export function formatCurrency(amount: number | string | null | undefined, language: Language): string {
  if (amount === null || amount === undefined || amount === '' || Number.isNaN(Number(amount))) return '';
  const format = language === 'zh' ? new Intl.NumberFormat('zh-CN', { style: 'currency', currency: 'JPY' }) : new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
  return format.format(Number(amount));
}
