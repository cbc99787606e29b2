import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { CUSTOM_FIELD_NAME_PATTERN } from '@orbit/shared/contract/setup';
import { caller } from '../helpers/adminApi';
import { createLead, getRecord, withFilter } from '../helpers/crmApi';
import { run, uploaded } from '../helpers/importApi';
import { type TestApp } from '../helpers/testApp';
import { signedInApp } from '../helpers/signedInApp';
import { exportedWorkbook } from '../helpers/fileJobs';

type Call = ReturnType<typeof caller>;

/**
 * Field names that are members of Object.prototype (issue 27, item 6): `isPrototypeOf` was accepted,
 * stored, never returned (`name in record` found the inherited member) and exported as the text of
 * a native function. Such names are refused; and a field that holds one (made before the rule) is
 * read by its own value only, on every path: write, read, list, export, import and report.
 */
describe('field names of Object.prototype members', () => {
  let app: TestApp;
  let admin: Call;
  let adminToken: string;

  beforeAll(async () => {
    ({ app, tokens: { admin: adminToken }, as: { admin } } = await signedInApp(['admin'], { JOB_CONCURRENCY: '0' }));
  });
  afterAll(() => app.teardown());

  const rows = async <T>(q: ReturnType<typeof sql>) => ((await app.db.execute(q)) as unknown as { rows: T[] }).rows;
  const customColumns = async () => (await rows<{ n: string }>(sql`select count(*)::text as n from information_schema.columns where table_name = 'crm_lead' and column_name like 'cf\\_%'`))[0]!.n;

  it('refuses every member of Object.prototype as a custom field name, in any case, with the translated message, changing nothing', async () => {
    const names = Object.getOwnPropertyNames(Object.prototype).filter((n) => CUSTOM_FIELD_NAME_PATTERN.test(n));
    expect(names).toEqual(expect.arrayContaining(['isPrototypeOf', 'toLocaleString', 'propertyIsEnumerable', 'hasOwnProperty', 'valueOf', 'toString', 'constructor']));
    const columns = await customColumns();
    for (const name of [...names, 'ISPROTOTYPEOF', 'ToLocaleString']) {
      const res = await admin('POST', '/setup/leads/fields', { name, type: 'text', labelEn: 'X', labelZh: 'X' });
      const message = `'${name}' is a reserved word and cannot be a field name`;
      expect({ name, body: res.body }).toEqual({ name, body: { code: 400, msg: message, errors: { name: message } } });
    }
    const zh = await admin('POST', '/setup/leads/fields', { name: 'isPrototypeOf', type: 'text', labelEn: 'X', labelZh: 'X' }, { 'accept-language': 'zh' });
    expect(zh.body.errors).toEqual({ name: '“isPrototypeOf”是保留字，不能用作字段名' });
    expect(await rows(sql`select 1 from crm_field where lower(name) in ('isprototypeof', 'tolocalestring')`)).toEqual([]);
    expect(await customColumns()).toBe(columns);
  });

  describe('a field made before the rule', () => {
    let withValue: number;
    let without: number;

    beforeAll(async () => {
      // Made under an ordinary name, then renamed in its metadata as the setup of old allowed.
      const res = await admin('POST', '/setup/leads/fields', { name: 'legacyTier', type: 'text', labelEn: 'Legacy Tier', labelZh: '旧等级' });
      expect(res.body.code, res.body.msg).toBe(200);
      await app.db.execute(sql`update crm_field set name = 'isPrototypeOf' where module = 'leads' and name = 'legacyTier'`);
      await app.db.execute(sql`update crm_meta_version set version = version + 1`);
      withValue = await createLead(admin, { lastName: 'Protoname', company: 'Proto Ltd', isPrototypeOf: 'gold' });
      without = await createLead(admin, { lastName: 'Protoname', company: 'Proto Ltd' });
    });

    it('is written and read by its own value: a record without one has null, never the inherited function', async () => {
      expect(await getRecord(admin, 'leads', withValue)).toMatchObject({ isPrototypeOf: 'gold' });
      const empty = await getRecord(admin, 'leads', without);
      expect(Object.hasOwn(empty, 'isPrototypeOf')).toBe(true);
      expect(empty.isPrototypeOf).toBeNull();
      const { version } = await getRecord(admin, 'leads', without);
      const updated = await admin('PUT', '/crm/leads', { id: without, version, isPrototypeOf: 'silver' });
      expect(updated.body).toMatchObject({ code: 200, data: { isPrototypeOf: 'silver' } });
      const history = await admin('GET', `/crm/leads/${without}/history`);
      expect(history.body.rows).toEqual(expect.arrayContaining([expect.objectContaining({ field: 'isPrototypeOf', oldValue: null, newValue: 'silver' })]));
      await admin('PUT', '/crm/leads', { id: without, version: version + 1, isPrototypeOf: null });
      const list = await admin('GET', `${withFilter('/crm/leads/list', { field: 'lastName', op: 'eq', value: 'Protoname' })}&fields=lastName,isPrototypeOf&orderByColumn=isPrototypeOf&isAsc=asc`);
      expect(list.body.rows.map((r: Record<string, unknown>) => [r.id, r.isPrototypeOf])).toEqual([
        [without, null],
        [withValue, 'gold'],
      ]);
    });

    it('a body naming another member of Object.prototype is refused as an unknown field, not silently dropped', async () => {
      for (const name of ['toString', 'valueOf', 'hasOwnProperty', 'constructor']) {
        const res = await admin('POST', '/crm/leads', { lastName: 'Sneaky', [name]: 'x' });
        expect({ name, code: res.body.code, errors: res.body.errors }).toEqual({ name, code: 400, errors: { [name]: `Unknown field "${name}"` } });
      }
      expect(await rows(sql`select 1 from crm_lead where last_name = 'Sneaky'`)).toEqual([]);
    });

    it('is exported as its value (an empty cell when it has none), never as the text of a function', async () => {
      const queued = await admin('POST', '/crm/leads/export', { ids: [withValue, without], fields: 'lastName,isPrototypeOf', orderByColumn: 'isPrototypeOf', isAsc: 'desc' });
      const book = await exportedWorkbook(app, adminToken, queued);
      const sheet = book.worksheets[0]!;
      const header = (sheet.getRow(1).values as ExcelJS.CellValue[]).slice(1);
      const tier = header.indexOf('Legacy Tier') + 1;
      expect(tier).toBeGreaterThan(0);
      expect([2, 3].map((r) => sheet.getRow(r).getCell(tier).value)).toEqual(['gold', null]);
    });

    it('is imported into its own value', async () => {
      const up = await uploaded(app, adminToken, 'leads', [
        ['Last Name', 'Legacy Tier'],
        ['Imported Proto', 'bronze'],
      ]);
      expect(up.mapping).toEqual(['lastName', 'isPrototypeOf']);
      const state = await run(app, admin, 'leads', up);
      expect(state.result).toMatchObject({ created: 1, failed: 0 });
      expect(await rows(sql`select cf_legacytier as v from crm_lead where last_name = 'Imported Proto'`)).toEqual([{ v: 'bronze' }]);
    });

    it('is reported by its own value, in detail rows and as a group', async () => {
      const definition = {
        module: 'leads',
        format: 'summary',
        columns: ['lastName', 'isPrototypeOf'],
        filter: { field: 'company', op: 'eq', value: 'Proto Ltd' },
        groupRows: [{ field: 'isPrototypeOf' }],
        aggregates: [{ fn: 'count' }],
      };
      const res = await admin('POST', '/crm/report/preview', { definition });
      expect(res.body.code, res.body.msg).toBe(200);
      const { rows: detail, summary } = res.body.data as { rows: Array<Record<string, unknown>>; summary: Array<{ keys: unknown[]; rollup: boolean[] }> };
      expect(detail.map((r) => r.isPrototypeOf).sort()).toEqual(['gold', null]);
      expect(summary.filter((s) => !s.rollup[0]).map((s) => s.keys[0])).toEqual(expect.arrayContaining(['gold', null]));
    });
  });
});
