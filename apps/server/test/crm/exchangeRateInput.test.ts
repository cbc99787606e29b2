import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { caller } from '../helpers/adminApi';
import { createTestApp, loginAs, type TestApp } from '../helpers/testApp';

type Call = ReturnType<typeof caller>;

/**
 * Hostile input to the exchange-rate API (issue 33): whatever is sent, a bad rate, currency or date
 * is refused with a message in the reader's language, and the rate table is left as it was.
 */
describe('exchange-rate API under hostile input', () => {
  let app: TestApp;
  let admin: Call;

  const rateRows = async () => {
    const result = await app.db.execute(sql`select currency, rate::text as rate, valid_from::text as valid_from from crm_exchange_rate order by rate_id`);
    return (result as unknown as { rows: unknown[] }).rows;
  };
  const refused = async (body: Record<string, unknown>, language: 'en' | 'zh' = 'en') => {
    const res = await admin('POST', '/crm/exchangeRate', body, { 'accept-language': language });
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.code).toBe(400);
    return res.body as { msg: string; errors?: Record<string, string> };
  };

  beforeAll(async () => {
    app = await createTestApp({ JOB_CONCURRENCY: '0' });
    admin = caller(app, await loginAs(app, 'admin'));
    expect((await admin('POST', '/crm/exchangeRate', { currency: 'EUR', rate: '1.08', validFrom: '2026-01-01' })).body.code).toBe(200);
  });
  afterAll(() => app.teardown());

  it('refuses zero, negative, huge, over-precise and non-numeric rates, in English and Chinese', async () => {
    const before = await rateRows();
    const bad = ['0', '0.000000', '-1', '-0.5', 0, -3, '1e3', 1e21, '9999999999999', '1000000000000.5', '1.1234567', 'abc', '', '   ', '1,5', '0x10', 'NaN', 'Infinity', '1; drop table crm_exchange_rate'];
    for (const rate of bad) {
      const en = await refused({ currency: 'GBP', rate, validFrom: '2026-02-01' });
      expect(en.msg, `rate ${String(rate)}`).toMatch(/^(The rate must be a positive number with at most 6 decimals|Rate (has an invalid value|is required))$/);
    }
    expect((await refused({ currency: 'GBP', rate: '-1', validFrom: '2026-02-01' }, 'zh')).msg).toBe('汇率须为正数，最多 6 位小数');
    expect((await refused({ currency: 'GBP', rate: '-1', validFrom: '2026-02-01' })).errors).toEqual({ rate: 'The rate must be a positive number with at most 6 decimals' });
    expect(await rateRows()).toEqual(before);
  });

  it('accepts the largest and the smallest rate the column holds, exactly', async () => {
    expect((await admin('POST', '/crm/exchangeRate', { currency: 'KRW', rate: '0.000001', validFrom: '2026-01-01' })).body.code).toBe(200);
    expect((await admin('POST', '/crm/exchangeRate', { currency: 'KRW', rate: '999999999999.999999', validFrom: '2026-01-02' })).body.code).toBe(200);
    const list = (await admin('GET', '/crm/exchangeRate/list')).body.data as Array<{ currency: string; rate: string }>;
    expect(list.filter((r) => r.currency === 'KRW').map((r) => r.rate)).toEqual(['999999999999.999999', '0.000001']);
  });

  it('refuses unknown, lower-case, disabled, missing and SQL-looking currencies, translated', async () => {
    const before = await rateRows();
    for (const currency of ['XYZ', 'eur', 'EU', 'EURO', '', "EUR' or '1'='1", "'; delete from crm_exchange_rate; --", 42, null]) {
      const en = await refused({ currency, rate: '1.1', validFrom: '2026-02-01' });
      expect(en.msg, `currency ${String(currency)}`).toMatch(/^(The currency must be an active currency other than the organisation currency|Currency (has an invalid value|is required|is too long.*))$/);
    }
    expect((await refused({ currency: 'XYZ', rate: '1.1', validFrom: '2026-02-01' }, 'zh')).msg).toBe('货币须为组织货币以外的启用货币');
    expect((await refused({ currency: "'; delete from crm_exchange_rate; --", rate: '1.1', validFrom: '2026-02-01' }, 'zh')).msg).toMatch(/^货币/);
    await app.db.execute(sql`update sys_dict_data set status = '1' where dict_type = 'crm_currency' and dict_value = 'SEK'`);
    try {
      expect((await refused({ currency: 'SEK', rate: '0.09', validFrom: '2026-02-01' })).msg).toBe('The currency must be an active currency other than the organisation currency');
    } finally {
      await app.db.execute(sql`update sys_dict_data set status = '0' where dict_type = 'crm_currency' and dict_value = 'SEK'`);
    }
    expect(await rateRows()).toEqual(before);
  });

  it('refuses dates in other formats and days that do not exist, translated', async () => {
    const before = await rateRows();
    for (const validFrom of ['2026-02-30', '2026-13-01', '2026-1-1', '01/02/2026', '2026/02/01', '20260201', '2026-02-01T00:00:00Z', 'tomorrow', '', '0000-00-00', "2026-02-01' or 1=1 --", 20260201]) {
      const en = await refused({ currency: 'GBP', rate: '1.25', validFrom });
      expect(en.msg, `date ${String(validFrom)}`).toMatch(/^Effective date (has the wrong format|is not a valid date|is required|has an invalid value)$/);
    }
    expect((await refused({ currency: 'GBP', rate: '1.25', validFrom: '2026-02-30' }, 'zh')).msg).toBe('生效日期不是有效的日期');
    expect((await refused({ currency: 'GBP', rate: '1.25', validFrom: '1066-10-14' })).msg).toBe('Effective date must be between 1900-01-01 and 2999-12-31');
    expect(await rateRows()).toEqual(before);
  });

  it('keeps SQL-looking remarks as text, and refuses a remark too long', async () => {
    const remark = "x'); drop table crm_exchange_rate; --";
    const res = await admin('POST', '/crm/exchangeRate', { currency: 'GBP', rate: '1.25', validFrom: '2026-03-01', remark });
    expect(res.body.code).toBe(200);
    const list = (await admin('GET', '/crm/exchangeRate/list')).body.data as Array<{ currency: string; remark: string }>;
    expect(list.find((r) => r.currency === 'GBP')?.remark).toBe(remark);
    const before = await rateRows();
    await refused({ currency: 'GBP', rate: '1.3', validFrom: '2026-04-01', remark: 'x'.repeat(256) });
    expect(await rateRows()).toEqual(before);
  });

  it('removing a rate that does not exist, or by a path that is no id, changes nothing', async () => {
    const before = await rateRows();
    expect((await admin('DELETE', '/crm/exchangeRate/999999')).body.code).toBe(200);
    expect((await admin('DELETE', '/crm/exchangeRate/1%20or%201=1')).status).toBe(400);
    expect(await rateRows()).toEqual(before);
  });
});
