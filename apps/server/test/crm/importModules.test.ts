import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import type { FieldMeta, ModuleMeta } from '@orbit/shared/contract/crm';
import { CRM_MODULES, type CrmModule } from '@orbit/shared/crm/modules';
import { caller } from '../helpers/adminApi';
import { getRecord } from '../helpers/crmApi';
import { createLead } from '../helpers/crmApi';
import { run, upload, uploaded } from '../helpers/importApi';
import { api, bearer, createTestApp, loginAs, type TestApp } from '../helpers/testApp';

/** Names of seeded records a required lookup can name. */
const NAMED: Partial<Record<string, string>> = { account: 'Contoso Ltd', campaign: '2026 Events', user: 'Alex Admin' };

/**
 * The import is the engine's, not a module's: every module's own template, filled in with a value
 * of each field's type (picklists from the template's own drop-downs), imports as one record —
 * custom fields included.
 */
describe('import of every module', () => {
  let app: TestApp;
  let token: string;
  let admin: ReturnType<typeof caller>;

  beforeAll(async () => {
    app = await createTestApp({ JOB_CONCURRENCY: '0' });
    token = await loginAs(app, 'admin');
    admin = caller(app, token);
  });
  afterAll(() => app.teardown());

  /** The module's template, and one row of it filled in by field type. */
  async function filledTemplate(module: CrmModule, meta: ModuleMeta): Promise<unknown[][]> {
    const res = await app.inject({ method: 'GET', url: api(`/crm/${module}/import/template`), headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    const headers = (sheet.getRow(1).values as string[]).slice(1);
    const lists = book.worksheets[1]!;
    const firstOption = (column: number) => {
      const formula = sheet.getCell(3, column).dataValidation?.formulae?.[0] as string | undefined;
      const cell = formula && /!\$(\w+)\$1:/.exec(formula)?.[1];
      return cell ? lists.getCell(`${cell}1`).value : formula?.replace(/"/g, '').split(',')[0];
    };
    const valueOf = (field: FieldMeta, column: number): unknown => {
      switch (field.type) {
        case 'email':
          return 'imported@example.com';
        case 'phone':
          return '+1 555 0100';
        case 'url':
          return 'example.com';
        case 'number':
          return 3;
        case 'currency':
          return 1234.5;
        case 'percent':
          return 50;
        case 'date':
          return new Date(Date.UTC(2026, 7, 1));
        case 'datetime':
          return '2026-08-01 10:30';
        case 'checkbox':
        case 'picklist':
        case 'multipicklist':
          return firstOption(column);
        case 'lookup':
          return field.required || field.lookupModule === 'user' ? NAMED[field.lookupModule ?? ''] : null;
        default:
          return `Imported ${module} ${field.name}`.slice(0, field.maxLength ?? 255);
      }
    };
    const row = headers.map((header, i) => valueOf(meta.fields.find((f) => f.labelEn === header)!, i + 1));
    return [headers, row];
  }

  /**
   * An activity must name a record, and an import maps no related-record field (the template leaves
   * them out): its rows are refused one by one with the activity's own message (docs/records-engine.md).
   */
  it('activity: a row of its template is refused for naming no record, in the dry run', async () => {
    const meta = (await admin('GET', '/crm/meta/activity')).body.data as ModuleMeta;
    const up = await uploaded(app, token, 'activity', await filledTemplate('activity', meta));
    const checked = await admin('POST', `/crm/activity/import/${up.fileId}/check`, { mapping: up.mapping });
    expect(checked.body.data.errors).toEqual([{ row: 2, messages: ['Name: An activity must name a contact or lead, or the record it is related to'] }]);
  });

  it.each(CRM_MODULES.filter((m) => m !== 'activity'))('%s: its template filled in imports as a record', async (module) => {
    const meta = (await admin('GET', `/crm/meta/${module}`)).body.data as ModuleMeta;
    const rows = await filledTemplate(module, meta);
    const up = await uploaded(app, token, module, rows);
    expect(up.mapping.every((name) => name !== null)).toBe(true);
    const checked = await admin('POST', `/crm/${module}/import/${up.fileId}/check`, { mapping: up.mapping });
    expect(checked.body.data.errors).toEqual([]);
    const state = await run(app, admin, module, up);
    expect(state.result).toEqual({ created: 1, updated: 0, skipped: 0, failed: 0 });
    const name = meta.nameFields.at(-1)!;
    const list = await admin('GET', `/crm/${module}/list?filter=${encodeURIComponent(JSON.stringify({ field: name, op: 'eq', value: `Imported ${module} ${name}` }))}`);
    expect(list.body.total).toBe(1);
  });

  it('imports custom fields, by their labels, on the layout or not', async () => {
    const meta = (await admin('GET', '/crm/meta/account')).body.data as ModuleMeta;
    const layoutIds = meta.layouts.filter((l) => !l.isTemplate).map((l) => l.id);
    expect((await admin('POST', '/setup/account/fields', { name: 'tier', type: 'text', labelEn: 'Tier', labelZh: '等级', maxLength: 20, layoutIds })).body.code).toBe(200);
    expect((await admin('POST', '/setup/account/fields', { name: 'score', type: 'number', labelEn: 'Score', labelZh: '评分' })).body.code).toBe(200);
    const fresh = (await admin('GET', '/crm/meta/account')).body.data as ModuleMeta;
    const [headers, row] = await filledTemplate('account', fresh);
    expect(headers).toContain('Tier');
    expect(headers).not.toContain('Score'); // not on the layout: not in the template, still importable
    const up = await uploaded(app, token, 'account', [
      [...headers!, '评分'],
      [...row!.map((v, i) => (headers![i] === 'Account Name' ? 'Custom Fields Ltd' : v)), 7],
    ]);
    expect(up.mapping.slice(-1)).toEqual(['score']);
    const state = await run(app, admin, 'account', up);
    expect(state.result).toMatchObject({ created: 1, failed: 0 });
    const list = await admin('GET', `/crm/account/list?filter=${encodeURIComponent(JSON.stringify({ field: 'name', op: 'eq', value: 'Custom Fields Ltd' }))}`);
    expect(await getRecord(admin, 'account', list.body.rows[0].id)).toMatchObject({ tier: 'Imported account tie', score: 7 }); // cut to its 20 characters by the filler
  });

  it('reads back what the export writes: labels, picklist labels, names, money, dates and times', async () => {
    const campaign = (await admin('GET', '/crm/campaign/lookup?q=Global%20Tech')).body.rows[0] as { id: number };
    for (const [lastName, status] of [['Roundtrip', 'qualified'], ['Roundtrip', 'contacted']] as const) {
      await createLead(admin, { lastName, firstName: status, company: 'Round Trip Ltd', email: `${status}@round.example`, status, leadSource: 'trade_show', annualRevenue: '1234.56', campaignId: campaign.id });
    }
    const filter = JSON.stringify({ field: 'company', op: 'eq', value: 'Round Trip Ltd' });
    const fields = 'lastName,firstName,company,email,status,leadSource,annualRevenue,campaignId,ownerId,createTime';
    const exported = await admin('POST', '/crm/leads/export', { filter, fields, timezoneOffset: -480 }, { 'accept-language': 'zh' });
    await app.jobs.drain();
    const file = await app.inject({ method: 'GET', url: api(`/userFile/download/${exported.body.data.fileId}`), headers: bearer(token) });

    const up = await upload(app, token, 'leads', 'export.xlsx', file.rawPayload, '', 'zh');
    // Money comes with its record's currency (issue 33), read back like any picklist.
    expect(up.body.data.headers).toEqual(['名', '姓', '公司', '邮箱', '线索状态', '线索来源', '年收入', '货币', '市场活动', '负责人', '创建时间']);
    // Owner and creation time are the system's: not mapped.
    expect(up.body.data.mapping).toEqual(['firstName', 'lastName', 'company', 'email', 'status', 'leadSource', 'annualRevenue', 'currency', 'campaignId', null, null]);
    const mapping = up.body.data.mapping as Array<string | null>;
    const checked = await admin('POST', `/crm/leads/import/${up.body.data.fileId}/check`, { mapping, duplicateField: 'email', duplicatePolicy: 'update' });
    // Every row finds its own record, and nothing in it would change.
    expect(checked.body.data).toMatchObject({ rows: 2, create: 0, update: 0, skip: 2, invalid: 0 });
  });
});
