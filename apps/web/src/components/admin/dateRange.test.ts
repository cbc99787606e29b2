import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { dateRangeParams, rangeAsParams } from './dateRange';

describe('date range filters', () => {
  it('send a range as RuoYi’s params[beginTime] / params[endTime], whole days', () => {
    expect(dateRangeParams([dayjs('2026-11-01T10:00:00'), dayjs('2026-11-30T23:00:00')])).toEqual({ params: { beginTime: '2026-11-01', endTime: '2026-11-30' } });
    expect(dateRangeParams(null)).toEqual({ params: undefined });
  });

  it('take the range out of a search form’s values under its own name, whatever the name', () => {
    const values = { userName: 'mia', loginTime: [dayjs('2026-11-02'), null] };
    expect(rangeAsParams(values, 'loginTime')).toEqual({ userName: 'mia', params: { beginTime: '2026-11-02', endTime: undefined } });
    expect(rangeAsParams({ userName: 'mia' }, 'createTime')).toEqual({ userName: 'mia', params: undefined });
  });
});
