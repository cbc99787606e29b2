import dayjs from 'dayjs';
import i18n from '../i18n/i18n';

export const DEFAULT_DATE_FORMAT = 'YYYY-MM-DD HH:mm:ss';

type Translate = (key: string, options?: Record<string, unknown>) => string;
export type TimeInput = number | string | Date;

/** A timestamp of exactly 10 digits counts seconds; anything else is milliseconds or a date text. */
export function toDate(time: TimeInput): Date {
  if (time instanceof Date) return time;
  if (/^\d{10}$/.test(String(time))) return new Date(Number(time) * 1000);
  if (/^\d+$/.test(String(time))) return new Date(Number(time));
  return new Date(time);
}

/** `YYYY-MM-DD HH:mm:ss` by default; empty for nothing or an invalid date. */
export function parseTime(time: TimeInput | null | undefined, format = DEFAULT_DATE_FORMAT): string {
  if (time === null || time === undefined || time === '') return '';
  const date = dayjs(toDate(time));
  return date.isValid() ? date.format(format) : '';
}

/**
 * Relative time (SPEC §9): 'just now' under 30 seconds, minutes under an hour, hours under a day,
 * '1 day ago' under two days, then the date.
 */
export function formatTime(time: TimeInput, options: { format?: string; now?: number; t?: Translate } = {}): string {
  const t: Translate = options.t ?? ((key, params) => i18n.t(key, params));
  const date = toDate(time);
  const diff = ((options.now ?? Date.now()) - date.getTime()) / 1000;
  if (diff < 30) return t('time.justNow');
  if (diff < 3600) return t('time.minutesAgo', { count: Math.ceil(diff / 60) });
  if (diff < 3600 * 24) return t('time.hoursAgo', { count: Math.ceil(diff / 3600) });
  if (diff < 3600 * 24 * 2) return t('time.oneDayAgo');
  return parseTime(date, options.format);
}
