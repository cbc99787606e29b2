import type { Language } from '@orbit/shared/constants';

/** `Intl.Locale`'s week information (Chrome, Safari: `getWeekInfo()`; older: `weekInfo`); 1 Monday … 7 Sunday. */
type WeekInfo = { firstDay?: number };
type LocaleWithWeek = Intl.Locale & { getWeekInfo?: () => WeekInfo; weekInfo?: WeekInfo };

/** The first English locale the browser prefers (en-GB starts weeks on Monday, en-US on Sunday); en-US without one. */
export function englishLocaleOf(preferred: readonly string[]): string {
  return preferred.find((tag) => /^en(-|$)/i.test(tag)) ?? 'en-US';
}

/**
 * The day a week starts on, as the calendar numbers days (0 Sunday … 6 Saturday): Monday in
 * Chinese (GB/T 7408, as the library's zh-cn locale says); in English, the browser's English
 * locale's own first day, Sunday when the browser cannot tell.
 */
export function firstDayOf(language: Language, preferred: readonly string[]): number {
  if (language === 'zh') return 1;
  try {
    const locale = new Intl.Locale(englishLocaleOf(preferred)) as LocaleWithWeek;
    const first = (locale.getWeekInfo?.() ?? locale.weekInfo)?.firstDay;
    return first === undefined ? 0 : first % 7;
  } catch {
    return 0;
  }
}
