import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { CURRENCIES } from '@orbit/shared/crm/money';
import { caller } from '../helpers/adminApi';
import { settingThrough } from '../helpers/settingsApi';
import { api, bearer, createTestApp, loginAs, type TestApp } from '../helpers/testApp';

type Call = ReturnType<typeof caller>;

/**
 * Money means one thing in every language (issue 33): every amount is in the organisation's
 * currency (System › Settings, USD by default), which the client learns with /getInfo and every
 * language writes in — an export's money columns too, with their cents.
 */
describe('the organisation currency', () => {
  let app: TestApp;
  let admin: Call;
  let olivia: Call;
  let oliviaToken: string;

  const currency = () => settingThrough(admin, 'organisationCurrency');

  /** The number format of the Amount column in a short export of opportunities, in a language. */
  async function amountFormat(lang: 'en' | 'zh'): Promise<string> {
    const res = await olivia('POST', '/crm/opportunity/export', { fields: 'name,amount' }, { 'accept-language': lang });
    expect(res.body.data.ready).toBe(true);
    const download = await app.inject({ method: 'GET', url: api(`/userFile/download/${res.body.data.fileId}`), headers: bearer(oliviaToken) });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(download.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const column = (sheet.getRow(1).values as string[]).slice(1).indexOf(lang === 'zh' ? '金额' : 'Amount') + 1;
    return sheet.getRow(2).getCell(column).numFmt;
  }

  beforeAll(async () => {
    app = await createTestApp({ JOB_CONCURRENCY: '0' });
    admin = caller(app, await loginAs(app, 'admin'));
    oliviaToken = await loginAs(app, 'olivia.park');
    olivia = caller(app, oliviaToken);
  });
  afterAll(() => app.teardown());

  it('is a built-in setting, USD by default, that everyone signed in learns with /getInfo', async () => {
    expect(await currency().row()).toMatchObject({ configValue: 'USD', defaultValue: 'USD' });
    expect((await olivia('GET', '/getInfo')).body.organisationCurrency).toBe('USD');
  });

  it('refuses a currency it does not know, naming those it does, in the language, and changes nothing', async () => {
    const refused = await currency().set('XYZ');
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual({ configValue: `Setting value must be one of ${CURRENCIES.join(', ')}` });
    const refusedZh = await currency().set('usd', { 'accept-language': 'zh' });
    expect(refusedZh.body.errors.configValue).toMatch(/^参数键值只能是 USD, EUR/);
    expect((await olivia('GET', '/getInfo')).body.organisationCurrency).toBe('USD');
  });

  it('writes an export’s money in the currency in both languages, with its cents: never dollars relabelled as yen', async () => {
    expect(await amountFormat('en')).toBe('"$"#,##0.00');
    expect(await amountFormat('zh')).toBe('"US$"#,##0.00');
    try {
      expect((await currency().set('CNY')).body.code).toBe(200);
      expect((await olivia('GET', '/getInfo')).body.organisationCurrency).toBe('CNY');
      // The records' amounts stay in their own currency (dollars), never relabelled by the new setting.
      expect(await amountFormat('zh')).toBe('"US$"#,##0.00');
      expect(await amountFormat('en')).toBe('"$"#,##0.00');
      expect((await currency().set('JPY')).body.code).toBe(200);
      expect(await amountFormat('zh')).toBe('"US$"#,##0.00');
    } finally {
      await currency().set('');
    }
  });
});
