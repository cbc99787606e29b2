import { EARLIEST_DAY, LATEST_DAY } from '@orbit/shared/constants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, bearer, type TestApp } from '../helpers/testApp';
import { signedInApp } from '../helpers/signedInApp';

const LISTS = ['/system/user/list', '/system/role/list', '/system/dict/type/list', '/monitor/operlog/list', '/monitor/logininfor/list'];
const LABELS = { 'params[beginTime]': 'Start date', 'params[endTime]': 'End date', beginTime: 'Start date', endTime: 'End date' } as const;

describe('date filters of the lists', () => {
  let app: TestApp;
  let token: string;
  beforeAll(async () => void ({ app, tokens: { admin: token } } = await signedInApp(['admin'])));
  afterAll(() => app.teardown());

  const list = (url: string, field: string, value: string, lang = 'en') =>
    app.inject({ method: 'GET', url: `${api(url)}?${new URLSearchParams({ [field]: value })}`, headers: { ...bearer(token), 'accept-language': lang } });

  it.each(LISTS)('%s refuses days beyond the calendar or outside the supported years with a 400 naming the field', async (url) => {
    const outOfRange = (label: string) => `${label} must be between ${EARLIEST_DAY} and ${LATEST_DAY}`;
    for (const [field, label] of Object.entries(LABELS)) {
      for (const [value, msg] of [
        ['9999-12-31', outOfRange(label)],
        ['0000-01-01', outOfRange(label)],
        ['1899-12-31', outOfRange(label)],
        ['3000-01-01 00:00', outOfRange(label)],
        ['2026-02-31', `${label} is not a valid date`],
        ['2026-13-01', `${label} is not a valid date`],
        ['2025-02-29', `${label} is not a valid date`],
        ['2026-01-01 24:00', `${label} is not a valid date`],
        ['2026-1-1', 'wrong format'],
      ] as const) {
        const res = await list(url, field, value);
        expect({ field, value, status: res.statusCode, body: res.json() }).toEqual({ field, value, status: 400, body: { code: 400, msg, errors: { [field]: msg } } });
      }
    }
  });

  it.each(LISTS)('%s accepts the first and last supported days, a leap day and an empty filter', async (url) => {
    for (const [field, value] of [
      ['params[beginTime]', EARLIEST_DAY],
      ['params[endTime]', LATEST_DAY],
      ['beginTime', '2024-02-29'],
      ['endTime', `${LATEST_DAY} 23:59:59`],
      ['params[endTime]', ''],
    ]) {
      const res = await list(url, field!, value!);
      expect({ field, value, status: res.statusCode, code: res.json().code }).toEqual({ field, value, status: 200, code: 200 });
    }
  });

  it('says so in Chinese', async () => {
    const res = await list('/system/user/list', 'params[endTime]', '9999-12-31', 'zh');
    expect(res.json().msg).toBe(`结束日期必须在 ${EARLIEST_DAY} 至 ${LATEST_DAY} 之间`);
  });
});
