import { describe, expect, it } from 'vitest';
import { englishLocaleOf, firstDayOf } from './calendarLocale';

describe('the calendar’s first day of the week', () => {
  it('is Monday in Chinese whatever the browser says', () => {
    expect(firstDayOf('zh', ['en-US'])).toBe(1);
    expect(firstDayOf('zh', [])).toBe(1);
  });

  it('follows the browser’s English locale in English: Sunday in the US, Monday in Britain', () => {
    expect(englishLocaleOf(['de-DE', 'en-GB', 'en-US'])).toBe('en-GB');
    expect(englishLocaleOf(['fr-FR'])).toBe('en-US');
    expect(firstDayOf('en', ['en-US'])).toBe(0);
    // Node's ICU knows week data when it has Intl.Locale#getWeekInfo; otherwise the day falls back to Sunday.
    const hasWeekInfo = typeof (new Intl.Locale('en-GB') as unknown as { getWeekInfo?: unknown }).getWeekInfo === 'function' || 'weekInfo' in new Intl.Locale('en-GB');
    expect(firstDayOf('en', ['en-GB'])).toBe(hasWeekInfo ? 1 : 0);
  });
});
