import { describe, expect, it } from 'vitest';
import { changeLanguage } from '../i18n/i18n';
import { formatTime, parseTime, toDate } from './formatTime';

const now = new Date(2026, 10, 22, 12, 0, 0).getTime();
const ago = (seconds: number) => now - seconds * 1000;

describe('formatTime (relative time, SPEC §9)', () => {
  it('follows the thresholds in English', async () => {
    await changeLanguage('en');
    expect(formatTime(ago(0), { now })).toBe('just now');
    expect(formatTime(ago(29), { now })).toBe('just now');
    expect(formatTime(ago(30), { now })).toBe('1 minute ago');
    expect(formatTime(ago(150), { now })).toBe('3 minutes ago');
    expect(formatTime(ago(3599), { now })).toBe('60 minutes ago');
    expect(formatTime(ago(3600), { now })).toBe('1 hour ago');
    expect(formatTime(ago(5 * 3600 + 1), { now })).toBe('6 hours ago');
    expect(formatTime(ago(24 * 3600), { now })).toBe('1 day ago');
    expect(formatTime(ago(48 * 3600 - 1), { now })).toBe('1 day ago');
    expect(formatTime(ago(48 * 3600), { now })).toBe('2026-11-20 12:00:00');
    expect(formatTime(ago(3 * 24 * 3600), { now, format: 'YYYY/MM/DD' })).toBe('2026/11/19');
  });

  it('speaks Chinese too', async () => {
    await changeLanguage('zh');
    expect(formatTime(ago(5), { now })).toBe('刚刚');
    expect(formatTime(ago(120), { now })).toBe('2分钟前');
    expect(formatTime(ago(7200), { now })).toBe('2小时前');
    expect(formatTime(ago(30 * 3600), { now })).toBe('1天前');
    await changeLanguage('en');
  });

  it('reads a 10-digit timestamp as seconds, longer ones as milliseconds', () => {
    const seconds = Math.floor(ago(90) / 1000);
    expect(String(seconds)).toHaveLength(10);
    expect(formatTime(seconds, { now })).toBe('2 minutes ago');
    expect(formatTime(String(seconds), { now })).toBe('2 minutes ago');
    expect(toDate(1_700_000_000).getTime()).toBe(1_700_000_000_000);
    expect(toDate(1_700_000_000_000).getTime()).toBe(1_700_000_000_000);
  });
});

describe('parseTime', () => {
  it('formats YYYY-MM-DD HH:mm:ss by default and leaves nothing empty', () => {
    expect(parseTime(new Date(2026, 0, 2, 3, 4, 5))).toBe('2026-01-02 03:04:05');
    expect(parseTime(new Date(2026, 0, 2).getTime() / 1000, 'YYYY-MM-DD')).toBe('2026-01-02');
    expect(parseTime(null)).toBe('');
    expect(parseTime('not a date')).toBe('');
  });
});
