import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { ImportCheck } from '@orbit/shared/contract/recordImport';
import type { FilterNode } from '@orbit/shared/crm/filter';
import { caller } from '../helpers/adminApi';
import { createLead, getRecord, withFilter } from '../helpers/crmApi';
import { uploaded } from '../helpers/importApi';
import { createTestApp, loginAs, type TestApp } from '../helpers/testApp';

type Call = ReturnType<typeof caller>;

/**
 * Numbers beyond their column (issue 27, item 5): a value is read as decimal text and checked
 * against the field's `numeric(18, decimals)` column, and a number or percent (a JSON number on
 * the wire) against the 15 digits a JSON number carries exactly — through the form's API, an
 * update, a list's filter and an import, refused with the field's translated message, never a 500
 * and never a rounded value stored.
 */
describe('numbers beyond their column', () => {
  let app: TestApp;
  let admin: Call;
  let olivia: Call;
  let oliviaToken: string;

  beforeAll(async () => {
    app = await createTestApp({ JOB_CONCURRENCY: '0' });
    admin = caller(app, await loginAs(app, 'admin'));
    oliviaToken = await loginAs(app, 'olivia.park');
    olivia = caller(app, oliviaToken);
    // A custom number with two decimals: a numeric(18, 2) column like money, but a JSON number on the wire.
    const res = await admin('POST', '/setup/leads/fields', { name: 'score', type: 'number', decimals: 2, labelEn: 'Score', labelZh: '评分' });
    expect(res.body.code, res.body.msg).toBe(200);
  });
  afterAll(() => app.teardown());

  const leadCount = async () => Number(((await app.db.execute(sql`select count(*) as n from crm_lead`)) as unknown as { rows: Array<{ n: unknown }> }).rows[0]!.n);
  const DIGITS_15 = 'Please enter a number of at most 15 digits';

  it('refuses them on create and update with the field’s message, in the request’s language, writing nothing', async () => {
    const before = await leadCount();
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ employees: '99999999999999999' }, 'employees', DIGITS_15],
      [{ employees: Number('99999999999999999') }, 'employees', DIGITS_15],
      [{ employees: 1e21 }, 'employees', DIGITS_15],
      [{ score: '9999999999999999.99' }, 'score', DIGITS_15],
      [{ score: '1234567890123456' }, 'score', DIGITS_15],
      [{ annualRevenue: '10000000000000000' }, 'annualRevenue', 'Please enter a number with at most 16 digits before the decimal point'],
      [{ annualRevenue: '99999999999999999.99' }, 'annualRevenue', 'Please enter a number with at most 16 digits before the decimal point'],
    ];
    for (const [values, field, message] of cases) {
      const res = await olivia('POST', '/crm/leads', { lastName: 'Big', ...values });
      expect({ values, status: res.status, body: res.body }).toEqual({ values, status: 400, body: { code: 400, msg: message, errors: { [field]: message } } });
    }
    const zh = await olivia('POST', '/crm/leads', { lastName: 'Big', score: '9999999999999999.99' }, { 'accept-language': 'zh' });
    expect(zh.body).toMatchObject({ code: 400, errors: { score: '请输入不超过 15 位数字的数字' } });
    expect(await leadCount()).toBe(before);

    const id = await createLead(olivia, { lastName: 'Small', employees: 10 });
    const { version } = await getRecord(olivia, 'leads', id);
    const update = await olivia('PUT', '/crm/leads', { id, version, employees: '99999999999999999' });
    expect(update.body).toMatchObject({ code: 400, errors: { employees: DIGITS_15 } });
    expect(await getRecord(olivia, 'leads', id)).toMatchObject({ version, employees: 10 });
  });

  it('keeps the largest values each field holds exactly as they were sent', async () => {
    const id = await createLead(olivia, { lastName: 'Edge', employees: '999999999999999', score: '9999999999999.99', annualRevenue: '9999999999999999.99' });
    expect(await getRecord(olivia, 'leads', id)).toMatchObject({ employees: 999999999999999, score: 9999999999999.99, annualRevenue: '9999999999999999.99' });
    const [row] = ((await app.db.execute(sql`select employees::text as e, cf_score::text as s from crm_lead where id = ${id}`)) as unknown as { rows: Array<{ e: string; s: string }> }).rows;
    expect(row).toEqual({ e: '999999999999999', s: '9999999999999.99' });
  });

  it('refuses them in a list’s filter rather than comparing with a rounded number', async () => {
    const conditions: FilterNode[] = [
      { field: 'employees', op: 'gt', value: '99999999999999999' },
      { field: 'score', op: 'between', value: [0, '9999999999999999.99'] },
      { field: 'annualRevenue', op: 'eq', value: '10000000000000000' },
    ];
    for (const condition of conditions) {
      const res = await olivia('GET', withFilter('/crm/leads/list', condition));
      expect({ condition, body: res.body }).toMatchObject({ condition, body: { code: 400, msg: expect.stringMatching(/^The filter value of .+ is not valid$/) } });
    }
    expect((await olivia('GET', withFilter('/crm/leads/list', { field: 'employees', op: 'lt', value: '999999999999999' }))).body.code).toBe(200);
  });

  it('refuses them in an import, for number cells and typed text alike', async () => {
    const up = await uploaded(app, oliviaToken, 'leads', [
      ['Last Name', 'Employees', 'Annual Revenue', 'Score'],
      ['Cells', Number('99999999999999999'), 1e17, 1],
      ['Typed', '99999999999999999', '99,999,999,999,999,999.00', '9999999999999999.99'],
      ['Fine', 999999999999999, '9,999,999,999,999,999.99', '9999999999999.99'],
    ]);
    const res = await olivia('POST', `/crm/leads/import/${up.fileId}/check`, { mapping: ['lastName', 'employees', 'annualRevenue', 'score'] });
    expect(res.body.code, res.body.msg).toBe(200);
    const result = res.body.data as ImportCheck;
    expect(result).toMatchObject({ rows: 3, create: 1, invalid: 2 });
    const before16 = 'Please enter a number with at most 16 digits before the decimal point';
    expect(result.errors).toEqual([
      { row: 2, messages: [`Annual Revenue: ${before16}`, `Employees: ${DIGITS_15}`] },
      { row: 3, messages: [`Annual Revenue: ${before16}`, `Employees: ${DIGITS_15}`, `Score: ${DIGITS_15}`] },
    ]);
  });
});
