import dayjs from 'dayjs';

/** Server times (ISO strings) in the spec's default format, year-month-day hour:minute:second. */
export function formatTime(value: string | null | undefined): string {
  if (!value) return '';
  const time = dayjs(value);
  return time.isValid() ? time.format('YYYY-MM-DD HH:mm:ss') : value;
}
