import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { translate } from '@orbit/shared/messages';
import type { FilterNode } from '@orbit/shared/crm/filter';
import { createTestApp, loginAs, type TestApp } from '../helpers/testApp';
import { caller } from '../helpers/adminApi';
import { ok, rowsOf } from '../helpers/setupFieldTests';
import { createLead, getRecord, listIds, withFilter } from '../helpers/crmApi';

type Call = ReturnType<typeof caller>;

/** Formula fields (docs/records-engine.md, "Formula fields"): checked when saved, compiled to SQL, listed, filtered and sorted. */
describe('formula fields', () => {
  let app: TestApp;
  let admin: Call;

  beforeAll(async () => {
    app = await createTestApp();
    admin = caller(app, await loginAs(app, 'admin'));
  });
  afterAll(() => app.teardown());

  const rows = <T = Record<string, unknown>>(q: ReturnType<typeof sql>) => rowsOf<T>(app, q);
  const generated = async (table: string, column: string) =>
    (await rows<{ is_generated: string }>(sql`select is_generated from information_schema.columns where table_name = ${table} and column_name = ${column}`))[0]?.is_generated;
  const field = (name: string, formula: string, extra: Record<string, unknown> = {}) => ({ name, type: 'number', labelEn: name, labelZh: name, filterable: true, formula, ...extra });

  const refusals: Array<[string, string, Record<string, string | number>]> = [
    ['annualRevenue +', 'formula.syntax', { at: 16 }],
    ['annualRevenu * 2', 'formula.unknownField', { name: 'annualRevenu' }],
    ['SQRT(employees)', 'formula.unknownFunction', { name: 'SQRT' }],
    ['IF(employees > 1, 2)', 'formula.argCount', { fn: 'IF', count: '3' }],
    ['UPPER(employees)', 'formula.argType', { fn: 'UPPER', expected: 'text' }],
    ["employees + 'x'", 'formula.operandType', { op: '+' }],
    ["IF(employees > 1, 2, 'many')", 'formula.branchTypes', { fn: 'IF' }],
    ['annualRevenue / 0', 'formula.divideByZero', {}],
    ['probe + 1', 'formula.selfReference', {}],
    ['NULL', 'formula.resultType', {}],
    ['   ', 'formula.empty', {}],
  ];

  it('refuses a formula that does not check, with its translated message on the formula field, and creates nothing', async () => {
    for (const [formula, key, params] of refusals) {
      for (const lang of ['en', 'zh'] as const) {
        const res = await admin('POST', '/setup/leads/fields', field('probe', formula), { 'accept-language': lang });
        expect(res.body.code, formula).toBe(400);
        expect(res.body.msg, formula).toBe(translate(lang, key as never, params));
        expect(res.body.errors?.formula, formula).toBe(res.body.msg);
      }
    }
    expect(await rows(sql`select 1 from crm_field where module = 'leads' and name = 'probe'`)).toEqual([]);
  });

  it('stores a formula of the record\'s own fields as a generated column, indexed, shown, filtered and sorted', async () => {
    const created = await admin('POST', '/setup/leads/fields', field('revenuePerHead', 'ROUND(annualRevenue / employees, 2)'));
    expect(created.body.code).toBe(200);
    expect(await generated('crm_lead', 'cf_revenueperhead')).toBe('ALWAYS');
    expect((await rows<{ indexname: string }>(sql`select indexname from pg_indexes where tablename = 'crm_lead' and indexdef like '%cf_revenueperhead%'`)).length).toBe(1);

    const meta = (await admin('GET', '/crm/meta/leads')).body.data.fields.find((f: { name: string }) => f.name === 'revenuePerHead');
    expect(meta).toMatchObject({ type: 'number', readOnly: true, decimals: 2, formula: 'ROUND(annualRevenue / employees, 2)', sortable: true });

    const a = await createLead(admin, { lastName: 'FormulaA', annualRevenue: '1000.00', employees: 3 });
    const b = await createLead(admin, { lastName: 'FormulaB', annualRevenue: '500.00', employees: 1 });
    const c = await createLead(admin, { lastName: 'FormulaC', annualRevenue: '90.00', employees: 0 });
    expect((await getRecord(admin, 'leads', a)).revenuePerHead).toBe(333.33);
    expect((await getRecord(admin, 'leads', b)).revenuePerHead).toBe(500);
    // Division by a zero field is empty, never an error that fails the write.
    expect((await getRecord(admin, 'leads', c)).revenuePerHead).toBeNull();

    // A write recomputes it; a value sent for it is not written.
    const lead = await getRecord(admin, 'leads', b);
    await ok(admin('PUT', '/crm/leads', { id: b, version: lead.version, employees: 4 }));
    expect((await getRecord(admin, 'leads', b)).revenuePerHead).toBe(125);

    const names: { and: FilterNode[] } = { and: [{ field: 'lastName', op: 'startsWith', value: 'Formula' }] };
    const over200 = await listIds(admin, withFilter('/crm/leads/list?pageSize=50', { and: [...names.and, { field: 'revenuePerHead', op: 'gt', value: 200 }] }));
    expect(over200.ids).toEqual([a]);
    const sorted = await listIds(admin, withFilter('/crm/leads/list?pageSize=50&orderByColumn=revenuePerHead&isAsc=asc', names));
    expect(sorted.ids).toEqual([c, b, a]);
  });

  it('stores text, date and boolean results with the matching field type', async () => {
    expect((await admin('POST', '/setup/leads/fields', field('tag', "UPPER(lastName) & '-' & LOWER(city)"))).body.code).toBe(200);
    expect((await admin('POST', '/setup/leads/fields', field('bigLead', 'AND(employees >= 100, NOT(ISBLANK(company)))'))).body.code).toBe(200);
    expect((await admin('POST', '/setup/leads/fields', field('size', "CASE(rating, 'hot', 3, 'warm', 2, 1) * LEN(lastName)"))).body.code).toBe(200);
    const types = (await admin('GET', '/crm/meta/leads')).body.data.fields.filter((f: { formula?: string }) => f.formula).map((f: { name: string; type: string }) => [f.name, f.type]);
    expect(types).toEqual(expect.arrayContaining([['tag', 'text'], ['bigLead', 'checkbox'], ['size', 'number']]));
    const id = await createLead(admin, { lastName: 'Zed', city: 'Paris', employees: 150, company: 'Acme', rating: 'hot' });
    expect(await getRecord(admin, 'leads', id)).toMatchObject({ tag: 'ZED-paris', bigLead: true, size: 9 });
    const none = await createLead(admin, { lastName: 'Yo', employees: 150 });
    expect(await getRecord(admin, 'leads', none)).toMatchObject({ tag: 'YO-', bigLead: false, size: 2 });
  });

  it("computes a formula of a parent's field or TODAY() in the list's SELECT (no column), shown, filtered and sorted", async () => {
    const res = await admin('POST', '/setup/opportunity/fields', field('doubleRevenue', 'account.annualRevenue * 2'));
    expect(res.body.code).toBe(400); // the lookup's name is accountId
    expect(res.body.msg).toBe(translate('en', 'formula.unknownField', { name: 'account.annualRevenue' }));
    await ok(admin('POST', '/setup/opportunity/fields', field('doubleRevenue', 'accountId.annualRevenue * 2')));
    expect((await admin('POST', '/setup/opportunity/fields', field('daysLeft', 'DAYS_BETWEEN(TODAY(), closeDate)'))).body.code).toBe(200);
    expect((await admin('POST', '/setup/opportunity/fields', field('closesOn', 'ADD_DAYS(closeDate, 7)'))).body.code).toBe(200);
    expect(await generated('crm_opportunity', 'cf_doublerevenue')).toBeUndefined();
    expect(await generated('crm_opportunity', 'cf_daysleft')).toBeUndefined();
    expect(await generated('crm_opportunity', 'cf_closeson')).toBe('ALWAYS');

    const account = async (name: string, annualRevenue: string) => (await admin('POST', '/crm/account', { name, annualRevenue })).body.data as number;
    const [small, big] = [await account('Formula Small', '100.00'), await account('Formula Big', '900.50')];
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const opp = async (name: string, accountId: number, offset: number) => {
      const r = await admin('POST', '/crm/opportunity', { name, accountId, closeDate: day(offset), stage: 'prospecting' });
      if (r.body.code !== 200) throw new Error(r.body.msg);
      return r.body.data as number;
    };
    const o1 = await opp('FormulaOpp1', small, 10);
    const o2 = await opp('FormulaOpp2', big, 3);
    expect(await getRecord(admin, 'opportunity', o1)).toMatchObject({ doubleRevenue: 200, daysLeft: 10, closesOn: day(17) });
    expect(await getRecord(admin, 'opportunity', o2)).toMatchObject({ doubleRevenue: 1801, daysLeft: 3 });

    // The parent changes: the formula follows at once (it is computed when read).
    const acc = await getRecord(admin, 'account', small);
    await ok(admin('PUT', '/crm/account', { id: small, version: acc.version, annualRevenue: '2000.00' }));
    expect((await getRecord(admin, 'opportunity', o1)).doubleRevenue).toBe(4000);

    const names: FilterNode = { field: 'name', op: 'startsWith', value: 'FormulaOpp' };
    expect((await listIds(admin, withFilter('/crm/opportunity/list?pageSize=50', { and: [names, { field: 'doubleRevenue', op: 'lt', value: 3000 }] }))).ids).toEqual([o2]);
    expect((await listIds(admin, withFilter('/crm/opportunity/list?pageSize=50', { and: [names, { field: 'daysLeft', op: 'lte', value: 5 }] }))).ids).toEqual([o2]);
    expect((await listIds(admin, withFilter('/crm/opportunity/list?pageSize=50&orderByColumn=doubleRevenue&isAsc=desc', { and: [names] }))).ids).toEqual([o1, o2]);
    expect((await listIds(admin, withFilter('/crm/opportunity/list?pageSize=50&orderByColumn=daysLeft&isAsc=asc', { and: [names] }))).ids).toEqual([o2, o1]);

    // A report reads a stored formula like any column, and one computed when read over its table's
    // alias: as a column, a filter, the sort and a sum.
    const report = async (definition: Record<string, unknown>) => {
      const res = await admin('POST', '/crm/report/preview', { definition: { module: 'opportunity', format: 'tabular', filter: names, ...definition } });
      expect(res.body.code, res.body.msg).toBe(200);
      return res.body.data as { rows: Array<Record<string, unknown>>; summary: Array<{ values: unknown[] }> };
    };
    expect((await report({ columns: ['name', 'closesOn'], sort: { field: 'name', order: 'asc' } })).rows.map((r) => r.closesOn)).toEqual([day(17), day(10)]);
    const computed = await report({ columns: ['name', 'doubleRevenue', 'daysLeft'], sort: { field: 'doubleRevenue', order: 'desc' }, aggregates: [{ fn: 'sum', field: 'doubleRevenue' }] });
    expect(computed.rows.map((r) => [r.name, r.doubleRevenue, r.daysLeft])).toEqual([['FormulaOpp1', 4000, 10], ['FormulaOpp2', 1801, 3]]);
    expect(Number(computed.summary.at(-1)!.values[0])).toBe(5801);
    const filtered = await report({ columns: ['name'], filter: { and: [names, { field: 'daysLeft', op: 'lte', value: 5 }] } });
    expect(filtered.rows.map((r) => r.name)).toEqual(['FormulaOpp2']);
    // From the other side of a join: accounts with their opportunities' computed formula.
    const fromAccounts = await admin('POST', '/crm/report/preview', {
      definition: { module: 'opportunity', related: 'accountId', columns: ['name', 'accountId.name', 'doubleRevenue'], format: 'tabular', filter: names, sort: { field: 'doubleRevenue', order: 'asc' } },
    });
    expect(fromAccounts.body.code, fromAccounts.body.msg).toBe(200);
    expect((fromAccounts.body.data.rows as Array<Record<string, unknown>>).map((r) => [r['accountId.name'], r.doubleRevenue])).toEqual([['Formula Big', 1801], ['Formula Small', 4000]]);
  });

  it('refuses deleting or retyping a field a formula reads, and changes a formula with its column', async () => {
    await ok(admin('POST', '/setup/leads/fields', { name: 'seats', type: 'number', labelEn: 'Seats', labelZh: '席位', filterable: true }));
    await ok(admin('POST', '/setup/leads/fields', field('seatRevenue', 'seats * 10')));
    const refused = await admin('DELETE', '/setup/leads/fields/seats', undefined, { 'accept-language': 'zh' });
    expect(refused.body.msg).toBe(translate('zh', 'formula.fieldInUse', { field: 'seats', by: 'seatRevenue' }));
    expect((await admin('PUT', '/setup/leads/fields/seats', { labelEn: 'Seats', labelZh: '席位', type: 'text' })).body.code).toBe(400);

    const id = await createLead(admin, { lastName: 'Seated', seats: 4 });
    expect((await getRecord(admin, 'leads', id)).seatRevenue).toBe(40);
    await ok(admin('PUT', '/setup/leads/fields/seatRevenue', { labelEn: 'Seat revenue', labelZh: '席位收入', formula: "IF(seats > 3, 'many', 'few')" }));
    expect(await getRecord(admin, 'leads', id)).toMatchObject({ seatRevenue: 'many' });
    await ok(admin('DELETE', '/setup/leads/fields/seatRevenue'));
    await ok(admin('DELETE', '/setup/leads/fields/seats'));
  });
});
