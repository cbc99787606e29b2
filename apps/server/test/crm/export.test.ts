import { existsSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { FILE_STATUS } from '@orbit/shared/constants';
import { SETTING_KEYS } from '@orbit/shared/contract/config';
import { sysUserFile } from '../../src/db/schema/files';
import { filesRoot } from '../../src/modules/files/fileStorage';
import { FORBIDDEN_EN, caller, createRole, createUser, deptIds, NEW_USER_PASSWORD, userIds, withdrawPermissions } from '../helpers/adminApi';
import { PERMISSIONS } from '@orbit/shared/permissions';
import { createLead, listIds, withFilter } from '../helpers/crmApi';
import { writtenCell, xlsxParts } from '../helpers/xlsxXml';
import { columnLetters } from '../../src/lib/xlsxWriter';
import { api, bearer, createTestApp, loginAs, type TestApp } from '../helpers/testApp';

type Call = ReturnType<typeof caller>;
type Sheet = { headers: string[]; rows: ExcelJS.CellValue[][]; frozen: boolean; bytes: Buffer };

/**
 * Exports of the records engine (issue 13): queued as a job, written as xlsx, read back here with
 * a spreadsheet library exactly as a user's Excel would read it. Every export here is a background
 * job (`crm.export.directMaxRows` = 0); the short ones written at once are exportDirect.test.ts's.
 */
describe('record export', () => {
  let app: TestApp;
  let olivia: Call;
  let oliviaToken: string;
  let ids: Record<string, number>;

  beforeAll(async () => {
    app = await createTestApp({ JOB_CONCURRENCY: '0' });
    await app.db.execute(sql`update sys_config set config_value = '0' where config_key = ${SETTING_KEYS.exportDirectMaxRows}`);
    oliviaToken = await loginAs(app, 'olivia.park');
    olivia = caller(app, oliviaToken);
    ids = await userIds(caller(app, await loginAs(app, 'admin')));
  });
  afterAll(() => app.teardown());

  /** Queues an export, runs the queue, and reads the file back through the download route. */
  async function exported(call: Call, token: string, module: string, body: Record<string, unknown>, lang = 'en'): Promise<Sheet> {
    const res = await call('POST', `/crm/${module}/export`, body, { 'accept-language': lang });
    expect(res.body.code, res.body.msg).toBe(200);
    const fileId = res.body.data.fileId as number;
    const [pending] = await app.db.select().from(sysUserFile).where(eq(sysUserFile.id, fileId));
    expect(pending!.status).toBe(FILE_STATUS.generating);
    await app.jobs.drain();
    const [file] = await app.db.select().from(sysUserFile).where(eq(sysUserFile.id, fileId));
    expect(file!.status, file!.errorMsg).toBe(FILE_STATUS.available);
    const download = await app.inject({ method: 'GET', url: api(`/userFile/download/${fileId}`), headers: bearer(token) });
    expect(download.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(download.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const values = (r: number) => (sheet.getRow(r).values as ExcelJS.CellValue[]).slice(1);
    const rows: ExcelJS.CellValue[][] = [];
    for (let r = 2; r <= sheet.rowCount; r++) rows.push(values(r));
    return { headers: values(1) as string[], rows, frozen: sheet.views[0]?.state === 'frozen' && sheet.views[0]?.ySplit === 1, bytes: download.rawPayload };
  }

  it('exports every lead the user may see, no more, with translated headers and a frozen header row', async () => {
    // The first records request this process serves: it must load the metadata itself.
    const sheet = await exported(olivia, oliviaToken, 'leads', { fields: 'lastName,company,status,ownerId' });
    const { total } = await listIds(olivia, '/crm/leads/list?pageSize=1');
    expect(sheet.frozen).toBe(true);
    expect(sheet.headers).toEqual(expect.arrayContaining(['Last Name', 'Company', 'Lead Status', 'Owner']));
    expect(sheet.rows).toHaveLength(total);
    const owner = sheet.headers.indexOf('Owner');
    expect(new Set(sheet.rows.map((r) => r[owner]))).toEqual(new Set(['Olivia Park']));
  });

  it('writes labels in the user\'s language and numbers, dates and booleans as spreadsheet types', async () => {
    const id = await createLead(olivia, { lastName: 'Typed', company: 'Types Ltd', status: 'contacted', annualRevenue: 12345.5, employees: 42 });
    const fields = 'lastName,status,annualRevenue,employees,createTime';
    const en = await exported(olivia, oliviaToken, 'leads', { ids: [id], fields });
    const row = en.rows[0]!;
    expect(row[en.headers.indexOf('Lead Status')]).toBe('Contacted');
    expect(row[en.headers.indexOf('Annual Revenue')]).toBe(12345.5);
    expect(row[en.headers.indexOf('Employees')]).toBe(42);
    expect(row[en.headers.indexOf('Created')]).toBeInstanceOf(Date);

    const zh = await exported(olivia, oliviaToken, 'leads', { ids: [id], fields }, 'zh');
    expect(zh.headers).toEqual(expect.arrayContaining(['姓', '线索状态', '年收入']));
    expect(zh.rows[0]![zh.headers.indexOf('线索状态')]).toBe('已联系');
  });

  it('exports custom fields like standard ones: their labels and picklist labels in both languages', async () => {
    const admin = caller(app, await loginAs(app, 'admin'));
    const tier = await admin('POST', '/setup/leads/fields', {
      name: 'exportTier',
      type: 'picklist',
      labelEn: 'Export Tier',
      labelZh: '导出等级',
      newDictionary: { dictType: 'crm_export_tier', name: 'Export Tier', values: [{ value: 'gold', labelEn: 'Gold', labelZh: '金牌' }] },
    });
    expect(tier.body.code, tier.body.msg).toBe(200);
    const size = await admin('POST', '/setup/leads/fields', { name: 'dealSize', type: 'currency', labelEn: 'Deal Size', labelZh: '交易规模' });
    expect(size.body.code, size.body.msg).toBe(200);
    const id = await createLead(olivia, { lastName: 'Custom', exportTier: 'gold', dealSize: 2500 });
    const fields = 'lastName,exportTier,dealSize';
    const en = await exported(olivia, oliviaToken, 'leads', { ids: [id], fields });
    expect(en.rows[0]![en.headers.indexOf('Export Tier')]).toBe('Gold');
    expect(en.rows[0]![en.headers.indexOf('Deal Size')]).toBe(2500);
    const zh = await exported(olivia, oliviaToken, 'leads', { ids: [id], fields }, 'zh');
    expect(zh.rows[0]![zh.headers.indexOf('导出等级')]).toBe('金牌');
  });

  it('keeps every text a spreadsheet would run as text, headers included: Excel\'s quote prefix, no apostrophe shown', async () => {
    // Issue 27: a field label `=HYPERLINK(…)` was written as it is in the header, and a phone
    // number exported as `'+1 (555) 622-2304`, the apostrophe shown.
    const admin = caller(app, await loginAs(app, 'admin'));
    const label = '=HYPERLINK("http://evil.test","x")';
    const field = await admin('POST', '/setup/leads/fields', { name: 'evilLabel', type: 'text', labelEn: label, labelZh: label });
    expect(field.body.code, field.body.msg).toBe(200);
    const id = await createLead(olivia, { lastName: '=HYPERLINK("http://evil.test","x")', company: '+1+cmd|calc', city: '@SUM(A1)', title: '-2+3', phone: '+1 (555) 622-2304', evilLabel: 'Plain' });
    const sheet = await exported(olivia, oliviaToken, 'leads', { ids: [id], fields: 'lastName,company,city,title,phone,evilLabel' });
    const parts = await xlsxParts(sheet.bytes);
    /** The cell of the column headed `header`, in row 1 (the header) or 2 (the lead). */
    const cell = (header: string, row: number) => writtenCell(parts, `${columnLetters(sheet.headers.indexOf(header))}${row}`);
    expect(cell(label, 1)).toEqual({ text: label, style: expect.stringContaining('quotePrefix="1"') });
    expect(cell('Last Name', 1)).toEqual({ text: 'Last Name', style: expect.not.stringContaining('quotePrefix') });
    const expected = { 'Last Name': '=HYPERLINK("http://evil.test","x")', Company: '+1+cmd|calc', City: '@SUM(A1)', Title: '-2+3', Phone: '+1 (555) 622-2304' };
    for (const [header, text] of Object.entries(expected)) expect(cell(header, 2)).toEqual({ text, style: expect.stringContaining('quotePrefix="1"') });
    expect(cell(label, 2)).toEqual({ text: 'Plain', style: expect.not.stringContaining('quotePrefix') });
    // A spreadsheet library reads the text itself, with no apostrophe.
    expect(sheet.rows[0]![sheet.headers.indexOf('Phone')]).toBe('+1 (555) 622-2304');
  });

  it('fails with the reason and writes no file when the export permission was taken away before it ran', async () => {
    const admin = caller(app, await loginAs(app, 'admin'));
    const L = PERMISSIONS.leads;
    const roleId = await createRole(admin, 'export_tester', [L.list, L.query, L.export], '1');
    await createUser(admin, 'export.tester', (await deptIds(admin))['Sales East']!, [roleId]);
    const tester = caller(app, await loginAs(app, 'export.tester', NEW_USER_PASSWORD));
    // Asked in each language, the permission taken away, then run: the reason in the language it was asked in.
    const asked = [];
    for (const lang of ['en', 'zh']) {
      const res = await tester('POST', '/crm/leads/export', { fields: 'lastName' }, { 'accept-language': lang });
      expect(res.body.code, res.body.msg).toBe(200);
      asked.push(res.body.data.fileId as number);
    }
    await withdrawPermissions(admin, roleId, [L.export]);
    await app.jobs.drain();
    const files = await app.db.select().from(sysUserFile).where(inArray(sysUserFile.id, asked)).orderBy(sysUserFile.id);
    expect(files).toMatchObject([
      { status: FILE_STATUS.failed, errorMsg: FORBIDDEN_EN, storagePath: null },
      { status: FILE_STATUS.failed, errorMsg: '抱歉，您没有访问此地址的权限，请联系 IT 服务部门，谢谢！', storagePath: null },
    ]);
    expect(existsSync(path.join(filesRoot(app.config.dataDir), 'exports', String(files[0]!.userId)))).toBe(false);
  });

  it('exports the selected rows within scope only; none selected is refused', async () => {
    const mine = await createLead(olivia, { lastName: 'Selected' });
    const admin = caller(app, await loginAs(app, 'admin'));
    const others = await createLead(admin, { lastName: 'NotHers', ownerId: ids['noah.king'] });
    const sheet = await exported(olivia, oliviaToken, 'leads', { ids: [mine, others], fields: 'lastName' });
    expect(sheet.rows.map((r) => r[sheet.headers.indexOf('Last Name')])).toEqual(['Selected']);

    const none = await olivia('POST', '/crm/leads/export', { ids: [] });
    expect(none.status).toBe(400);
    expect(JSON.stringify(none.body)).toContain('Please select at least one record and try again');
  });

  it('follows the list\'s filter and sort exactly', async () => {
    for (const name of ['Zed', 'Amy', 'Mo']) await createLead(olivia, { lastName: name, company: 'Sortex' });
    const filter = { field: 'company', op: 'eq', value: 'Sortex' } as const;
    const listed = await olivia('GET', `${withFilter('/crm/leads/list?orderByColumn=lastName&isAsc=asc&fields=lastName', filter)}`);
    const sheet = await exported(olivia, oliviaToken, 'leads', { filter: JSON.stringify(filter), orderByColumn: 'lastName', isAsc: 'asc', fields: 'lastName' });
    expect(sheet.rows.map((r) => r[sheet.headers.indexOf('Last Name')])).toEqual((listed.body.rows as Array<{ lastName: string }>).map((r) => r.lastName));
    expect(sheet.rows.map((r) => r[sheet.headers.indexOf('Last Name')])).toEqual(['Amy', 'Mo', 'Zed']);
  });

  it('is refused without the export permission, and bad input changes nothing', async () => {
    const readonly = caller(app, await loginAs(app, 'sophia.reed'));
    const refused = await readonly('POST', '/crm/leads/export', {});
    expect(refused.status).toBe(403);
    expect(refused.body.msg).toBe(FORBIDDEN_EN);
    const before = await app.db.select().from(sysUserFile);
    expect((await olivia('POST', '/crm/leads/export', { orderByColumn: 'nope' })).status).toBe(400);
    expect((await olivia('POST', '/crm/leads/export', { filter: '{"field":"lastName","op":"eq","value":["x"' })).status).toBe(400);
    expect((await olivia('POST', '/crm/leads/export', { ids: ['1; drop table crm_lead'] })).status).toBe(400);
    expect(await app.db.select().from(sysUserFile)).toHaveLength(before.length);
  });

  it('a user disabled before their export runs gets a failed file with the reason, never one left generating', async () => {
    const admin = caller(app, await loginAs(app, 'admin'));
    const res = await olivia('POST', '/crm/leads/export', {});
    expect(res.body.code).toBe(200);
    expect((await admin('PUT', '/system/user/changeStatus', { userId: ids['olivia.park'], status: '1' })).body.code).toBe(200);
    try {
      await app.jobs.drain();
      const [file] = await app.db.select().from(sysUserFile).where(eq(sysUserFile.id, res.body.data.fileId));
      expect(file!.status).toBe(FILE_STATUS.failed);
      expect(file!.errorMsg).toBe('The user who asked for this file can no longer sign in');
      expect(file!.storagePath).toBeNull();
    } finally {
      await admin('PUT', '/system/user/changeStatus', { userId: ids['olivia.park'], status: '0' });
    }
  });

  it('a full disk or an unwritable files directory fails the file with the reason, and the server goes on serving', async () => {
    // (Disabling Olivia above ended her sessions.)
    olivia = caller(app, await loginAs(app, 'olivia.park'));
    const queue = async () => {
      const res = await olivia('POST', '/crm/leads/export', { fields: 'lastName' });
      expect(res.body.code).toBe(200);
      const [file] = await app.db.select().from(sysUserFile).where(eq(sysUserFile.id, res.body.data.fileId));
      return file!;
    };
    const target = (file: { userId: number; id: number }) => path.join(filesRoot(app.config.dataDir), 'exports', String(file.userId), `${file.id}.xlsx`);

    // The file the job will write is /dev/full: every write fails with ENOSPC.
    const full = await queue();
    mkdirSync(path.dirname(target(full)), { recursive: true });
    symlinkSync('/dev/full', target(full));
    await app.jobs.drain();
    const [failed] = await app.db.select().from(sysUserFile).where(eq(sysUserFile.id, full.id));
    expect(failed).toMatchObject({ status: FILE_STATUS.failed, errorMsg: 'The server has no room left to write this file; please tell your administrator', storagePath: null });

    // Its directory is a file: it cannot be created.
    const blocked = await queue();
    const otherUserDir = path.join(filesRoot(app.config.dataDir), 'exports', String(blocked.userId));
    const stash = `${otherUserDir}.moved`;
    await import('node:fs/promises').then((fs) => fs.rename(otherUserDir, stash));
    writeFileSync(otherUserDir, 'not a directory');
    try {
      await app.jobs.drain();
      const [refused] = await app.db.select().from(sysUserFile).where(eq(sysUserFile.id, blocked.id));
      expect(refused).toMatchObject({ status: FILE_STATUS.failed, errorMsg: 'The server cannot write files at the moment; please tell your administrator' });
    } finally {
      await import('node:fs/promises').then(async (fs) => {
        await fs.rm(otherUserDir);
        await fs.rename(stash, otherUserDir);
      });
    }
    expect((await olivia('GET', '/crm/leads/list?pageSize=1')).body.code).toBe(200);
  });
});
