import { existsSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { FILE_STATUS, FILE_TYPE, UPLOAD_LIMIT_BYTES } from '@orbit/shared/constants';
import type { ImportCheck, ImportState } from '@orbit/shared/contract/recordImport';
import { crmImportRow } from '../../src/db/schema/crmImport';
import { sysUserFile } from '../../src/db/schema/files';
import { PERMISSIONS } from '@orbit/shared/permissions';
import { FORBIDDEN_EN, caller, createRole, createUser, deptIds, grantPermissions, NEW_USER_PASSWORD, userIds, withdrawPermissions } from '../helpers/adminApi';
import { createLead, getRecord } from '../helpers/crmApi';
import { zip, zipBomb } from '../helpers/hostileZip';
import { downloadedRows, run, upload, uploaded, workbook } from '../helpers/importApi';
import { api, bearer, createTestApp, loginAs, type TestApp } from '../helpers/testApp';
import { writtenCell, xlsxParts } from '../helpers/xlsxXml';

type Call = ReturnType<typeof caller>;

/**
 * Excel import of the records engine (issue 13): template, upload and its refusals, mapping, the
 * dry run with the form's rules, the run as a job with its result and error file, duplicates under
 * each policy, the owner, permissions and data scope.
 */
describe('record import', () => {
  let app: TestApp;
  let admin: Call;
  let adminToken: string;
  let olivia: Call;
  let oliviaToken: string;
  let ids: Record<string, number>;

  beforeAll(async () => {
    app = await createTestApp({ JOB_CONCURRENCY: '0' });
    adminToken = await loginAs(app, 'admin');
    admin = caller(app, adminToken);
    oliviaToken = await loginAs(app, 'olivia.park');
    olivia = caller(app, oliviaToken);
    ids = await userIds(admin);
  });
  afterAll(() => app.teardown());

  const leadCount = async () => Number(((await app.db.execute(sql`select count(*) as n from crm_lead where deleted_at is null`)) as unknown as { rows: Array<{ n: unknown }> }).rows[0]!.n);
  const fileRecords = async () => (await app.db.select().from(sysUserFile)).length;
  const storedUploads = () => {
    try {
      return readdirSync(path.join(app.config.dataDir, 'files', 'imports'), { recursive: true }).filter((f) => path.basename(String(f)).includes('.')).length;
    } catch {
      return 0;
    }
  };
  const check = async (call: Call, module: string, fileId: number, settings: Record<string, unknown>, lang = 'en') =>
    call('POST', `/crm/${module}/import/${fileId}/check`, settings, { 'accept-language': lang });
  const leadsNamed = async (call: Call, lastName: string) => {
    const res = await call('GET', `/crm/leads/list?pageSize=100&fields=lastName,email,company,status,ownerId&filter=${encodeURIComponent(JSON.stringify({ field: 'lastName', op: 'eq', value: lastName }))}`);
    return res.body.rows as Array<Record<string, unknown> & { id: number }>;
  };

  describe('template', () => {
    async function template(token: string, query = '', lang = 'en') {
      const res = await app.inject({ method: 'GET', url: api(`/crm/leads/import/template${query}`), headers: { ...bearer(token), 'accept-language': lang } });
      return res;
    }
    async function sheetsOf(payload: Buffer) {
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(payload as unknown as ArrayBuffer);
      return book;
    }

    it('has the record type layout\'s importable fields, translated headers, a notes row and picklist drop-downs', async () => {
      const res = await template(oliviaToken);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-disposition']).toContain('Leads%20import%20template');
      const book = await sheetsOf(res.rawPayload);
      const sheet = book.worksheets[0]!;
      const headers = (sheet.getRow(1).values as string[]).slice(1);
      expect(headers.slice(0, 6)).toEqual(['Salutation', 'First Name', 'Last Name', 'Title', 'Company', 'Email']);
      // System and read-only fields are not in it: the owner and the type are chosen for the whole file.
      for (const absent of ['Owner', 'Record Type', 'Created', 'Converted Account']) expect(headers).not.toContain(absent);
      const notes = (sheet.getRow(2).values as string[]).slice(1);
      expect(notes[headers.indexOf('Last Name')]).toBe('ⓘ Required · text, at most 80 characters');
      expect(notes[headers.indexOf('Lead Status')]).toBe('ⓘ Required · one value of the list · empty: New');
      const status = sheet.getCell(3, headers.indexOf('Lead Status') + 1).dataValidation;
      expect(status).toMatchObject({ type: 'list', formulae: [expect.stringMatching(/^'Lists'!\$\w+\$1:\$\w+\$5$/)] });
      const lists = book.getWorksheet('Lists')!;
      expect(lists.state).toBe('hidden');
      const letter = /\$(\w+)\$1/.exec(status!.formulae![0] as string)![1]!;
      expect([1, 2, 3, 4, 5].map((r) => lists.getCell(`${letter}${r}`).value)).toEqual(['New', 'Contacted', 'Qualified', 'Unqualified', 'Converted']);
    });

    it('follows the chosen record type\'s layout and the user\'s language', async () => {
      const meta = (await olivia('GET', '/crm/meta/leads')).body.data as { recordTypes: Array<{ id: number; name: string }> };
      const partner = meta.recordTypes.find((t) => t.name === 'partner')!.id;
      const res = await template(oliviaToken, `?recordTypeId=${partner}`, 'zh');
      const sheet = (await sheetsOf(res.rawPayload)).worksheets[0]!;
      expect(sheet.name).toBe('线索');
      const headers = (sheet.getRow(1).values as string[]).slice(1);
      expect(headers).toContain('邮箱');
      expect(headers).not.toContain('年收入'); // not on the partner layout
      const notes = (sheet.getRow(2).values as string[]).slice(1);
      expect(notes[headers.indexOf('邮箱')]).toBe('ⓘ 必填 · 邮箱地址'); // the partner layout makes it required
      expect((await template(oliviaToken, '?recordTypeId=999999')).statusCode).toBe(400);
    });

    it('is refused without the module\'s add permission', async () => {
      const res = await template(await loginAs(app, 'sophia.reed'));
      expect(res.statusCode).toBe(403);
      expect(res.json().msg).toBe(FORBIDDEN_EN);
    });
  });

  describe('upload', () => {
    it('reads the header and the rows, matches columns by label in either language or by name (marks and case aside), and lists the upload in the file centre', async () => {
      const up = await uploaded(app, oliviaToken, 'leads', [
        ['姓', 'E-mail *', 'company', 'Lead Status', 'Favourite colour'],
        ['王', 'wang@example.com', 'Acme', '已联系', 'blue'],
        [null, null, null, null, null],
        ['Li', 'li@example.com', 'Acme', 'New', 'red'],
      ]);
      expect(up).toMatchObject({ headers: ['姓', 'E-mail *', 'company', 'Lead Status', 'Favourite colour'], rowCount: 2 });
      expect(up.mapping).toEqual(['lastName', 'email', 'company', 'status', null]);
      const files = await olivia('POST', '/userFile/userFilePageList', { type: FILE_TYPE.upload });
      expect(files.body.rows[0]).toMatchObject({ id: up.fileId, fileName: 'import.xlsx', status: FILE_STATUS.available, importInfo: { module: 'leads', phase: 'uploaded', revertible: false } });
      expect(up.sample).toEqual(['王', 'wang@example.com', 'Acme', '已联系', 'blue']);
      // What the wizard offers, for the default record type: the layout's fields, those a column must give marked.
      expect(up.fields.slice(0, 3)).toEqual([
        { name: 'salutation', label: 'Salutation', required: false, duplicateKey: false },
        { name: 'firstName', label: 'First Name', required: false, duplicateKey: true },
        { name: 'lastName', label: 'Last Name', required: true, duplicateKey: true },
      ]);
      expect(up.fields.find((f) => f.name === 'status')).toMatchObject({ required: false }); // it has a default
      expect(up.fields.map((f) => f.name)).not.toContain('ownerId');
    });

    it('refuses other types by their bytes, not their names, with clear messages, keeping nothing', async () => {
      const before = { files: await fileRecords(), stored: storedUploads() };
      const refused = async (fileName: string, content: Buffer, lang = 'en') => {
        const res = await upload(app, oliviaToken, 'leads', fileName, content, '', lang);
        expect(res.status, res.body.msg).toBe(400);
        return res.body.msg as string;
      };
      expect(await refused('leads.csv', Buffer.from('Last Name\nSmith\n'))).toBe('Only Excel files (.xlsx) can be uploaded');
      // A legacy workbook, by its name or by its bytes (the compound file of Excel 97–2003), gets SPEC's message and what to do.
      const legacy =
        'Only Excel files can be uploaded: an Excel 97–2003 workbook (.xls) or a password-protected one cannot be read; please save it as an Excel Workbook (.xlsx) without a password and upload it again';
      expect(await refused('leads.xls', await workbook([['Last Name'], ['Smith']]))).toBe(legacy);
      const compoundFile = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(4096)]);
      expect(await refused('leads.xlsx', compoundFile)).toBe(legacy);
      expect(await refused('leads.xlsx', compoundFile, 'zh')).toBe('只能上传 Excel 文件：无法读取 Excel 97–2003 工作簿（.xls）或设有密码的工作簿，请将其另存为 Excel 工作簿（.xlsx，不设密码）后重新上传');
      const notExcel = 'The file is not an Excel workbook (.xlsx) or cannot be read: please save it as .xlsx and upload it again';
      expect(await refused('leads.xlsx', Buffer.from('Last Name,Company\nSmith,Acme\n'))).toBe(notExcel);
      expect(await refused('leads.xlsx', Buffer.concat([Buffer.from('PK\u0003\u0004'), Buffer.alloc(200, 7)]))).toBe(notExcel);
      expect(await refused('notes.xlsx', zip({ 'word/document.xml': '<w:document/>' }))).toBe(notExcel); // a zip, not a workbook
      expect(await refused('broken.xlsx', zip({ '[Content_Types].xml': '<Types/>', 'xl/workbook.xml': 'not xml <<<', 'xl/worksheets/sheet1.xml': '<worksheet><sheetData><row r="1"><c' }))).toMatch(
        /not an Excel workbook|empty/,
      );
      expect(await refused('empty.xlsx', Buffer.alloc(0))).toBe('The file is empty: its first sheet needs a header row and at least one row of data');
      expect(await refused('blank.xlsx', await workbook([]))).toBe('The file is empty: its first sheet needs a header row and at least one row of data');
      expect(await refused('header.xlsx', await workbook([['Last Name', 'Company']]))).toBe('The file has a header row but no rows of data');
      expect(await refused('header.xlsx', await workbook([['Last Name', 'Company']]), 'zh')).toBe('文件只有表头，没有数据行');
      expect(await refused('wide.xlsx', await workbook([Array.from({ length: 201 }, (_, i) => `Column ${i}`), ['x']]))).toBe('The file has more than 200 columns');
      expect(await fileRecords()).toBe(before.files);
      expect(storedUploads()).toBe(before.stored);
    });

    it('refuses a zip bomb by the bytes it really unpacks to, whatever sizes it declares, keeping nothing', async () => {
      // Issue 27: 600 MB of `<row r="3"/>` deflate to ~1.2 MB; both headers declare 1,000 bytes.
      // Before, the upload was parsed whole (69 s of one core) and answered 200.
      const before = { files: await fileRecords(), stored: storedUploads() };
      const bomb = zipBomb(600);
      expect(bomb.length).toBeLessThan(2 * 1024 * 1024);
      const res = await upload(app, oliviaToken, 'leads', 'bomb.xlsx', bomb);
      expect(res.status).toBe(400);
      expect(res.body.msg).toBe('The workbook is too large once unpacked: please split it into smaller files');
      expect(res.body.errors).toEqual({ file: 'The workbook is too large once unpacked: please split it into smaller files' });
      expect((await upload(app, oliviaToken, 'leads', 'bomb.xlsx', bomb, '', 'zh')).body.msg).toBe('该工作簿解压后过大，请拆分为多个较小的文件');
      expect(await fileRecords()).toBe(before.files);
      expect(storedUploads()).toBe(before.stored);
    });

    it('reads an upload once: the dry runs and the run use the rows kept when it was uploaded, never the workbook again', async () => {
      const up = await uploaded(app, oliviaToken, 'leads', [['Last Name', 'Email'], ['Once', 'once@example.com'], ['Twice', 'twice-read@example.com']]);
      const [file] = await app.db.select().from(sysUserFile).where(eq(sysUserFile.id, up.fileId));
      const stored = path.join(app.config.dataDir, 'files', file!.storagePath!);
      // Were the workbook read again, each dry run would inflate it again (issue 27: a bomb, 68 s a dry run).
      writeFileSync(stored, zipBomb(600));
      for (let i = 0; i < 2; i++) {
        const dry = await check(olivia, 'leads', up.fileId, { mapping: up.mapping });
        expect(dry.body.code, dry.body.msg).toBe(200);
        expect(dry.body.data).toMatchObject({ rows: 2, create: 2, invalid: 0 });
      }
      const state = await run(app, olivia, 'leads', up);
      expect(state.result).toEqual({ created: 2, updated: 0, skipped: 0, failed: 0 });
      expect((await leadsNamed(olivia, 'Once')).map((r) => r.email)).toEqual(['once@example.com']);

      // An upload kept before its rows were (an older version's, not yet run) is read from its workbook at its first use, once.
      const older = await uploaded(app, oliviaToken, 'leads', [['Last Name'], ['Older']]);
      const [olderFile] = await app.db.select().from(sysUserFile).where(eq(sysUserFile.id, older.fileId));
      const olderPath = path.join(app.config.dataDir, 'files', olderFile!.storagePath!);
      rmSync(`${olderPath}.rows`);
      expect((await check(olivia, 'leads', older.fileId, { mapping: older.mapping })).body.data).toMatchObject({ rows: 1, create: 1 });
      expect(existsSync(`${olderPath}.rows`)).toBe(true);
    });

    it('refuses a file over 20M with the specified message, and a request without a file', async () => {
      const big = Buffer.concat([await workbook([['Last Name'], ['Big']]), Buffer.alloc(UPLOAD_LIMIT_BYTES)]);
      const res = await upload(app, oliviaToken, 'leads', 'big.xlsx', big);
      expect(res.status).toBe(400);
      expect(res.body.msg).toBe('file size over to 20M,please re-upload');
      const zh = await upload(app, oliviaToken, 'leads', 'big.xlsx', big, '', 'zh');
      expect(zh.body.msg).toBe('文件大小超过 20M，请重新上传');
      const none = await olivia('POST', '/crm/leads/import', { file: 'leads.xlsx' });
      expect(none.status).toBe(400);
      expect(none.body.msg).toBe('Please choose an Excel file to upload');
    });

    it('is refused without add, and an upload is only its own user\'s', async () => {
      const readonly = await loginAs(app, 'sophia.reed');
      expect((await upload(app, readonly, 'leads', 'a.xlsx', await workbook([['Last Name'], ['X']]))).status).toBe(403);
      const up = await uploaded(app, oliviaToken, 'leads', [['Last Name'], ['Mine']]);
      const emma = caller(app, await loginAs(app, 'emma.stone'));
      expect((await emma('GET', `/crm/leads/import/${up.fileId}`)).status).toBe(404);
      expect((await check(emma, 'leads', up.fileId, { mapping: up.mapping })).status).toBe(404);
      expect((await emma('POST', `/crm/leads/import/${up.fileId}/run`, { mapping: up.mapping })).status).toBe(404);
      // Nor is it an import of another module.
      expect((await olivia('GET', `/crm/account/import/${up.fileId}`)).status).toBe(404);
    });
  });

  describe('mapping and the dry run', () => {
    it('refuses a mapping without a required column, twice the same field, read-only or unknown fields', async () => {
      const up = await uploaded(app, oliviaToken, 'leads', [['Surname', 'Company', 'Converted'], ['Smith', 'Acme', '2026-01-01']]);
      expect(up.mapping).toEqual([null, 'company', null]);
      const msg = async (mapping: Array<string | null>, lang = 'en') => (await check(olivia, 'leads', up.fileId, { mapping }, lang)).body.msg as string;
      expect(await msg(up.mapping)).toBe('The file has no column for the required field Last Name');
      expect(await msg(up.mapping, 'zh')).toBe('文件中没有必填字段姓对应的列');
      expect(await msg(['lastName', 'lastName', null])).toBe('Last Name is mapped to more than one column');
      expect(await msg(['lastName', 'company', 'convertedAt'])).toBe('Converted cannot be imported');
      expect(await msg(['lastName', 'company', 'ownerId'])).toBe('Owner cannot be imported');
      expect(await msg(['lastName', 'nope', null])).toBe('Unknown field "nope"');
      expect(await msg(['lastName'])).toBe('The mapping does not match the columns of the file: please upload it again');
      expect(await msg([null, null, null])).toBe('Please map at least one column to a field');
      const dup = await check(olivia, 'leads', up.fileId, { mapping: ['lastName', 'company', null], duplicateField: 'status', duplicatePolicy: 'skip' });
      expect(dup.body.msg).toBe('Lead Status cannot tell duplicates apart: choose a text, e-mail, phone or website field');
      const unmapped = await check(olivia, 'leads', up.fileId, { mapping: ['lastName', 'company', null], duplicateField: 'email', duplicatePolicy: 'skip' });
      expect(unmapped.body.msg).toBe('Duplicates are found by Email, but no column is mapped to it');
    });

    it('checks every row with the form\'s rules, per type, and writes nothing', async () => {
      const header = ['Last Name', 'Email', 'Phone', 'Website', 'Employees', 'Annual Revenue', 'Lead Status', 'Lead Source', 'Campaign', 'Title'];
      const up = await uploaded(app, adminToken, 'leads', [
        header,
        ['Good', 'good@example.com', '+1 555 0100', 'acme.com', 12, 1234.5, 'Contacted', 'Web', 'Global Tech Expo 2026', 'CEO'],
        ['', 'not-an-email', '', 'not a url', 1.5, 'lots', 'New', 'Web', '', ''],
        ['Numbers', 'n@example.com', 'abc', 'https://ok.example', 'ten', '12.345', 'New', 'Web', '', 'x'.repeat(129)],
        ['Values', 'not-an-email-either', '', '', 'many', '', 'Sleeping', 'Carrier pigeon', '', ''],
        ['Names', 'v@example.com', '', '', '', '', 'New', 'Web', 'No Such Campaign', ''],
      ]);
      const before = await leadCount();
      const res = await check(admin, 'leads', up.fileId, { mapping: up.mapping });
      expect(res.body.code, res.body.msg).toBe(200);
      const result = res.body.data as ImportCheck;
      expect(result).toMatchObject({ rows: 5, create: 1, invalid: 4 });
      expect(result.errors).toEqual([
        {
          row: 3,
          messages: [
            'Last Name: Please fill in last name',
            'Email has an invalid value',
            'Website has an invalid value',
            'Annual Revenue: Please enter a number with at most 2 decimals',
            'Employees: Please enter a whole number',
          ],
        },
        {
          row: 4,
          messages: ['Title must be at most 128 characters', 'Phone has an invalid value', 'Annual Revenue: Please enter a number with at most 2 decimals', 'Employees: Please enter a whole number'],
        },
        // Every error of a row, those of the values' form and those the database finds (picklist values) alike, in one wording.
        { row: 5, messages: ['Email has an invalid value', 'Employees: Please enter a whole number', 'Lead Source has an invalid value', 'Lead Status has an invalid value'] },
        { row: 6, messages: ['The selected Campaign does not exist or you have no access to it'] },
      ]);
      expect(await leadCount()).toBe(before);
    });

    it('reads dates, times, checkboxes, multi-picklists and names of records the caller may see', async () => {
      const emma = caller(app, await loginAs(app, 'emma.stone'));
      const emmaToken = await loginAs(app, 'emma.stone');
      await emma('POST', '/crm/account', { name: 'Ambiguous Ltd' });
      await emma('POST', '/crm/account', { name: 'ambiguous ltd' });
      await emma('POST', '/crm/account', { name: 'Single Parent Ltd' });
      const up = await uploaded(app, emmaToken, 'opportunity', [
        ['Opportunity Name', 'Account', 'Close Date', 'Stage', 'Amount'],
        ['Dated', 'Single Parent Ltd', new Date(Date.UTC(2026, 5, 30)), 'Qualification', 5000],
        ['Typed date', 'single parent ltd', '2026/7/1', 'prospecting', '$1,250.50'],
        ['Bad date', 'Single Parent Ltd', '2026-02-30', 'Prospecting', 1],
        ['Ambiguous', 'Ambiguous Ltd', '2026-07-01', 'Prospecting', 1],
      ]);
      const res = (await check(emma, 'opportunity', up.fileId, { mapping: up.mapping })).body.data as ImportCheck;
      expect(res).toMatchObject({ rows: 4, create: 2, invalid: 2 });
      expect(res.errors).toEqual([
        { row: 4, messages: ['Close Date has an invalid value'] },
        { row: 5, messages: ['2 records are named "Ambiguous Ltd": Account cannot tell which one is meant'] },
      ]);
      // Olivia cannot see Emma's accounts: the name matches nothing she may use.
      const hidden = await uploaded(app, oliviaToken, 'opportunity', [['Opportunity Name', 'Account', 'Close Date'], ['Hidden', 'Single Parent Ltd', '2026-07-01']]);
      const refused = (await check(olivia, 'opportunity', hidden.fileId, { mapping: hidden.mapping })).body.data as ImportCheck;
      expect(refused.errors[0]!.messages).toEqual(['The selected Account does not exist or you have no access to it']);
    });
  });

  describe('the run', () => {
    it('creates the good rows as the chosen owner, fails the bad ones, and writes them to an error file with the reason', async () => {
      const emmaToken = await loginAs(app, 'emma.stone');
      const emma = caller(app, emmaToken);
      const up = await uploaded(app, emmaToken, 'leads', [
        ['Last Name', 'First Name', 'Company', 'Email', 'Lead Status', 'Annual Revenue', 'Employees'],
        ['Runner', 'Ann', 'Run Ltd', 'ann@run.example', 'Qualified', 99.99, 5],
        ['', 'Nobody', 'Run Ltd', 'nobody@run.example', 'New', 1, 1],
        ['Runner', 'Ben', 'Run Ltd', 'ben@run.example', '', '', ''],
        ['Runner', 'Bad', '=cmd|calc', 'bad@', 'New', 1, 1],
      ]);
      const state = await run(app, emma, 'leads', up, { ownerId: ids['olivia.park'] });
      expect(state).toMatchObject({ status: FILE_STATUS.available, phase: 'imported', result: { created: 2, updated: 0, skipped: 0, failed: 2 }, revertible: true, progressDone: 4, progressTotal: 4 });
      const runners = await leadsNamed(emma, 'Runner');
      expect(runners.map((r) => [r.email, r.status, r.ownerId]).sort()).toEqual([
        ['ann@run.example', 'qualified', ids['olivia.park']],
        ['ben@run.example', 'new', ids['olivia.park']], // empty status: the field's default
      ]);
      const ann = await getRecord(emma, 'leads', runners.find((r) => r.email === 'ann@run.example')!.id);
      expect(ann).toMatchObject({ annualRevenue: '99.99', employees: 5, firstName: 'Ann' });
      const history = await emma('GET', `/crm/leads/${ann.id}/history`);
      expect(history.body.rows[0]).toMatchObject({ action: 'create' });

      const errors = await downloadedRows(app, emmaToken, state.errorFileId!);
      expect(errors[0]).toEqual(['Last Name', 'First Name', 'Company', 'Email', 'Lead Status', 'Annual Revenue', 'Employees', 'Error']);
      expect(errors).toHaveLength(3);
      expect(errors[1]![1]).toBe('Nobody');
      expect(errors[1]![7]).toBe('Last Name: Please fill in last name');
      // Kept as text, as every export does: Excel's quote prefix, no apostrophe shown.
      expect(errors[2]![2]).toBe('=cmd|calc');
      const file = await app.inject({ method: 'GET', url: api(`/userFile/download/${state.errorFileId}`), headers: bearer(emmaToken) });
      expect(writtenCell(await xlsxParts(file.rawPayload), 'C3')).toEqual({ text: '=cmd|calc', style: expect.stringContaining('quotePrefix="1"') });
      expect(writtenCell(await xlsxParts(file.rawPayload), 'H3').style).toContain('applyFont="1"'); // the reason, in red
      expect(errors[2]![7]).toBe('Email has an invalid value');
      // The error file is a download record of its own.
      const downloads = await emma('POST', '/userFile/userFilePageList', { type: FILE_TYPE.download });
      expect(downloads.body.rows[0]).toMatchObject({ id: state.errorFileId, fileName: expect.stringMatching(/^Leads import errors .*\.xlsx$/) });
      // Once run, it runs only once.
      const again = await emma('POST', `/crm/leads/import/${up.fileId}/run`, { mapping: up.mapping });
      expect(again.body.msg).toBe('This file has already been imported: upload it again to import it once more');
    });

    it('reads a Chinese file: Chinese headers and picklist labels, messages in Chinese', async () => {
      const up = await uploaded(app, oliviaToken, 'leads', [
        ['姓', '名', '公司', '线索状态', '线索来源'],
        ['张', '三', '中文公司', '已确认', '展会'],
        ['李', '四', '中文公司', '睡着了', '展会'],
      ]);
      const zh = await check(olivia, 'leads', up.fileId, { mapping: up.mapping }, 'zh');
      expect(zh.body.data.errors).toEqual([{ row: 3, messages: ['线索状态的值无效'] }]);
      const res = await olivia('POST', `/crm/leads/import/${up.fileId}/run`, { mapping: up.mapping }, { 'accept-language': 'zh' });
      expect(res.body.msg).toBe('导入已开始，可在文件中心查看进度');
      await app.jobs.drain();
      const [zhang] = await leadsNamed(olivia, '张');
      expect(zhang).toMatchObject({ company: '中文公司', status: 'qualified', ownerId: ids['olivia.park'] });
      const state = (await olivia('GET', `/crm/leads/import/${up.fileId}`)).body.data as ImportState;
      const errors = await downloadedRows(app, oliviaToken, state.errorFileId!);
      expect(errors[0]!.at(-1)).toBe('错误');
      expect(errors[1]!.at(-1)).toBe('线索状态的值无效');
    });

    it('refuses an owner who is not an active user', async () => {
      const up = await uploaded(app, oliviaToken, 'leads', [['Last Name'], ['Owned']]);
      const res = await olivia('POST', `/crm/leads/import/${up.fileId}/run`, { mapping: up.mapping, ownerId: 999_999 });
      expect(res.status).toBe(400);
      expect(res.body.msg).toBe('The owner must be an active user');
      expect((await olivia('GET', `/crm/leads/import/${up.fileId}`)).body.data.settings).toBeNull();
    });

    it('fails the file with the reason when its user lost the permission before it ran, writing nothing', async () => {
      const up = await uploaded(app, oliviaToken, 'leads', [['Last Name'], ['Lost']]);
      expect((await olivia('POST', `/crm/leads/import/${up.fileId}/run`, { mapping: up.mapping })).body.code).toBe(200);
      expect((await admin('PUT', '/system/user/changeStatus', { userId: ids['olivia.park'], status: '1' })).body.code).toBe(200);
      try {
        await app.jobs.drain();
        const [file] = await app.db.select().from(sysUserFile).where(eq(sysUserFile.id, up.fileId));
        expect(file).toMatchObject({ status: FILE_STATUS.failed, errorMsg: 'The user who asked for this file can no longer sign in' });
      } finally {
        await admin('PUT', '/system/user/changeStatus', { userId: ids['olivia.park'], status: '0' });
      }
      oliviaToken = await loginAs(app, 'olivia.park');
      olivia = caller(app, oliviaToken);
      expect(await leadsNamed(olivia, 'Lost')).toEqual([]);
    });
  });

  describe('permissions taken away between the request and the run', () => {
    it('fails the run with the reason, writing nothing, when add or (to update duplicates) edit is gone', async () => {
      // The job reads its user's permissions when it runs: a role changed after the request counts.
      const L = PERMISSIONS.leads;
      const roleId = await createRole(admin, 'import_tester', [L.list, L.query, L.add, L.edit], '5');
      await createUser(admin, 'import.tester', (await deptIds(admin))['Sales East']!, [roleId]);
      const token = await loginAs(app, 'import.tester', NEW_USER_PASSWORD);
      const tester = caller(app, token);
      const existing = await createLead(tester, { lastName: 'Revoked', email: 'revoked@example.com', company: 'Before Ltd' });
      for (const [perm, settings] of [
        [L.add, {}],
        [L.edit, { duplicateField: 'email', duplicatePolicy: 'update' }],
      ] as const) {
        const up = await uploaded(app, token, 'leads', [['Last Name', 'Email', 'Company'], ['Revoked', 'revoked@example.com', 'After Ltd'], ['RevokedNew', `new-${perm}@example.com`, 'X']]);
        expect((await tester('POST', `/crm/leads/import/${up.fileId}/run`, { mapping: up.mapping, ...settings })).body.code).toBe(200);
        await withdrawPermissions(admin, roleId, [perm]);
        try {
          await app.jobs.drain();
          const [file] = await app.db.select().from(sysUserFile).where(eq(sysUserFile.id, up.fileId));
          expect(file, perm).toMatchObject({ status: FILE_STATUS.failed, errorMsg: FORBIDDEN_EN });
          expect(await app.db.select().from(crmImportRow).where(eq(crmImportRow.fileId, up.fileId))).toEqual([]);
        } finally {
          await grantPermissions(admin, roleId, [perm]);
        }
        expect(await leadsNamed(tester, 'RevokedNew')).toEqual([]);
        expect(await getRecord(tester, 'leads', existing)).toMatchObject({ company: 'Before Ltd', version: 1 });
      }
    });
  });

  describe('duplicates', () => {
    const header = ['Last Name', 'Email', 'Company', 'City'];
    async function seed(tag: string) {
      const existing = await createLead(olivia, { lastName: `Dup${tag}`, email: `dup-${tag}@example.com`, company: 'Before Ltd', city: 'Lyon' });
      const rows = [header, [`Dup${tag}`, `DUP-${tag}@example.com`, 'After Ltd', null], [`New${tag}`, `new-${tag}@example.com`, 'New Ltd', 'Nice'], [`New${tag}`, `new-${tag}@example.com`, 'Again Ltd', 'Nice']];
      return { existing, up: await uploaded(app, oliviaToken, 'leads', rows) };
    }

    it('skip: a row matching a record (or an earlier row) by e-mail is left out', async () => {
      const { existing, up } = await seed('skip');
      const dry = (await check(olivia, 'leads', up.fileId, { mapping: up.mapping, duplicateField: 'email', duplicatePolicy: 'skip' })).body.data as ImportCheck;
      expect(dry).toMatchObject({ create: 1, update: 0, skip: 2, invalid: 0 });
      const state = await run(app, olivia, 'leads', up, { duplicateField: 'email', duplicatePolicy: 'skip' });
      expect(state.result).toEqual({ created: 1, updated: 0, skipped: 2, failed: 0 });
      expect(await getRecord(olivia, 'leads', existing)).toMatchObject({ company: 'Before Ltd', version: 1 });
      expect(await leadsNamed(olivia, 'Newskip')).toHaveLength(1);
    });

    it('update: the matching record gets the row\'s values, empty cells keep theirs; a later row updates what an earlier one created', async () => {
      const { existing, up } = await seed('upd');
      const dry = (await check(olivia, 'leads', up.fileId, { mapping: up.mapping, duplicateField: 'email', duplicatePolicy: 'update' })).body.data as ImportCheck;
      expect(dry).toMatchObject({ create: 1, update: 2, skip: 0, invalid: 0 });
      const state = await run(app, olivia, 'leads', up, { duplicateField: 'email', duplicatePolicy: 'update' });
      expect(state.result).toEqual({ created: 1, updated: 2, skipped: 0, failed: 0 });
      expect(await getRecord(olivia, 'leads', existing)).toMatchObject({ company: 'After Ltd', city: 'Lyon', email: 'DUP-upd@example.com', version: 2 });
      const created = await leadsNamed(olivia, 'Newupd');
      expect(created).toHaveLength(1);
      expect(created[0]!.company).toBe('Again Ltd');
    });

    it('create anyway: every row is a new record', async () => {
      const { up } = await seed('any');
      const state = await run(app, olivia, 'leads', up, { duplicateField: 'email', duplicatePolicy: 'create' });
      expect(state.result).toEqual({ created: 3, updated: 0, skipped: 0, failed: 0 });
      expect(await leadsNamed(olivia, 'Dupany')).toHaveLength(2);
    });

    it('update finds duplicates within the caller\'s scope only, refuses several matches, and needs edit', async () => {
      // A record of Noah's with the same e-mail: beyond Olivia's scope, neither updated nor revealed.
      await createLead(admin, { lastName: 'Hidden', email: 'hidden@example.com', ownerId: ids['noah.king'] });
      await createLead(olivia, { lastName: 'Twice', email: 'twice@example.com' });
      await createLead(olivia, { lastName: 'Twice', email: 'TWICE@example.com' });
      const up = await uploaded(app, oliviaToken, 'leads', [header, ['Mine now', 'hidden@example.com', 'X', null], ['Twice', 'twice@example.com', 'X', null]]);
      const dry = (await check(olivia, 'leads', up.fileId, { mapping: up.mapping, duplicateField: 'email', duplicatePolicy: 'update' })).body.data as ImportCheck;
      expect(dry).toMatchObject({ create: 1, update: 0, invalid: 1 });
      expect(dry.errors[0]!.messages).toEqual(['2 records have Email "twice@example.com": it is not clear which one to update']);

      const mia = await loginAs(app, 'mia.chen'); // marketing: may add leads, not edit them
      const miaUp = await uploaded(app, mia, 'leads', [header, ['M', 'm@example.com', 'X', null]]);
      const refused = await caller(app, mia)('POST', `/crm/leads/import/${miaUp.fileId}/run`, { mapping: miaUp.mapping, duplicateField: 'email', duplicatePolicy: 'update' });
      expect(refused.status).toBe(403);
      const allowed = await run(app, caller(app, mia), 'leads', miaUp, { duplicateField: 'email', duplicatePolicy: 'skip' });
      expect(allowed.result).toMatchObject({ created: 1 });
    });
  });
});
