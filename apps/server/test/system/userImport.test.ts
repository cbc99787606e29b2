import { deflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SETTING_KEYS } from '@orbit/shared/contract/config';
import { PERMISSIONS } from '@orbit/shared/permissions';
import { caller, createRole, createUser, deptIds, NEW_USER_PASSWORD } from '../helpers/adminApi';
import { workbookParts, zip, zipBomb } from '../helpers/hostileZip';
import { api, bearer, createTestApp, loginAs, type TestApp } from '../helpers/testApp';

type Call = ReturnType<typeof caller>;
const HEADERS = ['Department', 'User name', 'Nickname', 'E-mail', 'Phone number', 'Sex', 'Status'];

async function workbook(rows: unknown[][], headers = HEADERS): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Users');
  sheet.addRow(headers);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** A multipart body with one `file` part, as an el-upload sends it. */
function multipart(bytes: Buffer, name = 'users.xlsx') {
  const boundary = '----orbitImport';
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n`);
  return { payload: Buffer.concat([head, bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe('user import (POST /system/user/importTemplate, /system/user/importData)', () => {
  let app: TestApp;
  let adminToken: string;
  let admin: Call;
  let depts: Record<string, number>;
  const importAs = async (token: string, bytes: Buffer, updateSupport = '0', headers: Record<string, string> = {}) => {
    const body = multipart(bytes);
    const res = await app.inject({ method: 'POST', url: api(`/system/user/importData?updateSupport=${updateSupport}`), headers: { ...bearer(token), ...body.headers, ...headers }, payload: body.payload });
    return { status: res.statusCode, body: res.json() as { code: number; msg: string; data?: Array<{ row: number; userName: string; result: string; message: string }>; errors?: unknown } };
  };
  const setInitPassword = async (value: string) => {
    const row = (await admin('GET', `/system/config/list?configKey=${SETTING_KEYS.initPassword}`)).body.rows[0];
    expect((await admin('PUT', '/system/config', { ...row, configValue: value })).body.code).toBe(200);
  };
  const userCount = async () => (await admin('GET', '/system/user/list')).body.total as number;

  beforeAll(async () => {
    app = await createTestApp();
    adminToken = await loginAs(app, 'admin');
    admin = caller(app, adminToken);
    depts = await deptIds(admin);
  });
  afterAll(() => app.teardown());

  it('the template is an xlsx with the columns in the reader’s language', async () => {
    const res = await app.inject({ method: 'POST', url: api('/system/user/importTemplate'), headers: { ...bearer(adminToken), 'content-type': 'application/x-www-form-urlencoded', 'accept-language': 'zh' }, payload: '' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="user_template_\d{14}\.xlsx"/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect((book.worksheets[0]!.getRow(1).values as string[]).slice(1)).toEqual(['归属部门', '用户名', '用户昵称', '邮箱', '手机号码', '性别', '状态']);
  });

  it('without an initial password new users cannot be created: nothing changes, each row says why', async () => {
    const before = await userCount();
    const res = await importAs(adminToken, await workbook([['Sales East', 'new.one', 'New One', 'new.one@example.com', '', 'Female', 'Normal']]));
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(400);
    expect(res.body.data).toEqual([{ row: 1, userName: 'new.one', result: 'failed', message: '1. Account new.one: no initial password is set for new users (System → Settings)' }]);
    expect(await userCount()).toBe(before);
  });

  it('creates users with the initial password (to be changed at first sign-in), departments by name or id, labels or codes', async () => {
    await setInitPassword('Welcome-Orbit-2026');
    const res = await importAs(
      adminToken,
      await workbook([
        ['Sales East', 'imp.anna', 'Anna Import', 'anna@example.com', '15800000001', 'Female', 'Normal'],
        [depts.Marketing, 'imp.ben', 'Ben Import', '', '', '0', '1'],
        ['', '', '', '', '', '', ''],
        ['sales west', 'imp.cleo', '', 'CLEO@example.com', '', '女', '正常'],
      ]),
    );
    expect(res.body.code).toBe(200);
    expect(res.body.msg).toBe('All 3 rows were imported:<br/>1. Account imp.anna imported<br/>2. Account imp.ben imported<br/>3. Account imp.cleo imported');
    const list = (await admin('GET', '/system/user/list?userName=imp.&pageSize=50')).body.rows as Array<Record<string, unknown>>;
    const byName = Object.fromEntries(list.map((u) => [u.userName, u]));
    expect(byName['imp.anna']).toMatchObject({ nickName: 'Anna Import', email: 'anna@example.com', sex: '1', status: '0', deptId: depts['Sales East'] });
    expect(byName['imp.ben']).toMatchObject({ sex: '0', status: '1', deptId: depts.Marketing });
    expect(byName['imp.cleo']).toMatchObject({ nickName: 'imp.cleo', email: 'cleo@example.com', sex: '1', deptId: depts['Sales West'] });
    const login = await app.inject({ method: 'POST', url: api('/login'), payload: { username: 'imp.anna', password: 'Welcome-Orbit-2026' } });
    const token = login.json().token as string;
    const info = await app.inject({ method: 'GET', url: api('/getInfo'), headers: bearer(token) });
    expect(info.json().isDefaultModifyPwd).toBe(true);
  });

  it('existing users: "already exists" unless updates are asked for; updates stay within reach', async () => {
    const file = await workbook([['Sales West', 'imp.anna', 'Anna Moved', 'anna@example.com', '', 'Female', 'Normal']]);
    const refused = await importAs(adminToken, file);
    expect(refused.body.data).toEqual([{ row: 1, userName: 'imp.anna', result: 'exists', message: '1. Account imp.anna already exists' }]);
    expect(refused.body.msg).toBe('1 of 1 rows cannot be imported, nothing was changed:<br/>1. Account imp.anna already exists');
    const updated = await importAs(adminToken, file, 'true');
    expect(updated.body.data![0]).toMatchObject({ result: 'updated', message: '1. Account imp.anna updated' });
    const anna = (await admin('GET', '/system/user/list?userName=imp.anna')).body.rows[0];
    expect(anna).toMatchObject({ nickName: 'Anna Moved', deptId: depts['Sales West'] });
    const superAdmin = await importAs(adminToken, await workbook([['Head Office', 'admin', 'Renamed', '', '', '', '']]), '1');
    expect(superAdmin.body.data![0]!.message).toBe('1. Account admin: The super administrator cannot be changed by anyone');
  });

  it('every row is checked like the dialog, all or nothing, values from the file escaped in the message', async () => {
    const before = await userCount();
    const res = await importAs(
      adminToken,
      await workbook([
        ['Sales East', 'ok.row', 'Fine', '', '', '', ''],
        ['Nowhere', 'bad.dept', 'x', '', '', '', ''],
        ['Sales East', 'x', 'Short name', '', '', '', ''],
        ['Sales East', 'bad.mail', 'x', 'not-an-email', '', '', ''],
        ['Sales East', 'bad.sex', 'x', '', '', 'Robot', ''],
        ['Sales East', 'ok.row', 'Twice', '', '', '', ''],
        ['Sales East', 'dup.mail', 'x', 'olivia.park@example.com', '', '', ''],
        ['Sales East', '<b>x</b>', 'x', '', '', '', ''],
      ]),
    );
    expect(res.body.code).toBe(400);
    expect(res.body.data!.map((r) => r.message)).toEqual([
      '1. Account ok.row imported',
      '2. Account bad.dept: the department Nowhere does not exist or is beyond your reach',
      '3. Account x: User name must be at least 2 characters',
      '4. Account bad.mail: wrong format',
      '5. Account bad.sex: Sex has the invalid value Robot',
      '6. Account ok.row: the user name appears more than once in the file',
      "7. Account dup.mail: The e-mail address 'olivia.park@example.com' is already in use",
      '8. Account <b>x</b>: wrong format',
    ]);
    expect(res.body.msg).toContain('8. Account &#60;b&#62;x&#60;/b&#62;: wrong format');
    expect(res.body.msg).not.toContain('<b>');
    expect(await userCount()).toBe(before);
  });

  it('the initial password must pass the policy for each user; RuoYi’s own template headers are read', async () => {
    await setInitPassword('imp.dora-2026');
    const ruoyi = await workbook([[depts['Sales East'], 'imp.dora', 'Dora', '', '', '1', '0']], ['部门编号', '登录名称', '用户名称', '用户邮箱', '手机号码', '用户性别', '账号状态']);
    const res = await importAs(adminToken, ruoyi);
    expect(res.body.data![0]!.message).toBe('1. Account imp.dora: A password cannot contain the user name');
    await setInitPassword('Welcome-Orbit-2026');
    expect((await importAs(adminToken, ruoyi)).body.code).toBe(200);
  });

  it('a weak initial password is refused for every new user with the strength estimator’s reason (en and zh); nothing is created', async () => {
    await setInitPassword('Passw0rd!');
    const before = await userCount();
    const file = await workbook([['Sales East', 'imp.weak', 'Weak', '', '', '', '']]);
    const res = await importAs(adminToken, file);
    expect(res.body.data).toEqual([
      {
        row: 1,
        userName: 'imp.weak',
        result: 'failed',
        message: '1. Account imp.weak: This password is too easy to guess: it is close to a commonly used password. Predictable substitutions such as "@" for "a" do not help.',
      },
    ]);
    const zh = await importAs(adminToken, file, '0', { 'accept-language': 'zh' });
    expect(zh.body.data![0]!.message).toContain('该密码太容易被猜到：它与常用密码相近。');
    expect(await userCount()).toBe(before);
    await setInitPassword('Welcome-Orbit-2026');
  });

  it('a delegated administrator imports only into departments within reach', async () => {
    const roleId = await createRole(admin, 'east_importer', [PERMISSIONS.user.list, PERMISSIONS.user.import, PERMISSIONS.user.add], '4');
    await createUser(admin, 'east.importer', depts['Sales East']!, [roleId]);
    const east = await loginAs(app, 'east.importer', NEW_USER_PASSWORD);
    const res = await importAs(east, await workbook([['Key Accounts East', 'imp.east', 'East', '', '', '', ''], ['Marketing', 'imp.mkt', 'Mkt', '', '', '', ''], ['', 'imp.none', 'None', '', '', '', '']]));
    expect(res.body.data!.map((r) => r.message)).toEqual([
      '1. Account imp.east imported',
      '2. Account imp.mkt: the department Marketing does not exist or is beyond your reach',
      '3. Account imp.none: You cannot place users in this department',
    ]);
    const update = await importAs(east, await workbook([['Sales East', 'olivia.park', 'Olivia', '', '', '', '']]), '1');
    expect(update.body.code).toBe(400);
  });

  it('reads no further than the row past its cap: the rest of the file is never read', async () => {
    // 1,001 users, then 20,000 more rows and XML no reader can parse: loading the whole workbook
    // (as this import did, 3.77 GB of memory for 1.39 million rows) fails on that XML; a reader
    // that stops at the cap never reaches it.
    const inline = (ref: string, text: string) => `<c r="${ref}" t="inlineStr"><is><t>${text}</t></is></c>`;
    const rows = [`<row r="1">${HEADERS.map((h, i) => inline(`${String.fromCharCode(65 + i)}1`, h)).join('')}</row>`];
    for (let r = 2; r <= 21_002; r++) rows.push(`<row r="${r}">${inline(`B${r}`, `capped.${r}`)}${inline(`C${r}`, 'Capped')}</row>`);
    const sheet = `<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${rows.join('')}<row r="x"><<<not xml`;
    const bytes = zip(workbookParts({ deflated: deflateRawSync(Buffer.from(sheet)), size: sheet.length }));
    const before = await userCount();
    const res = await importAs(adminToken, bytes);
    expect(res.body).toMatchObject({ code: 400, msg: 'At most 1000 users can be imported at once' });
    expect(await userCount()).toBe(before);
  });

  it('refuses a zip bomb by what it really unpacks to, and a legacy .xls with what to do', async () => {
    const bomb = await importAs(adminToken, zipBomb(600));
    expect(bomb.body).toMatchObject({ code: 400, msg: 'The workbook is too large once unpacked: please split it into smaller files' });
    const xls = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(4096)]);
    expect((await importAs(adminToken, xls)).body.msg).toBe(
      'Only Excel files can be uploaded: an Excel 97–2003 workbook (.xls) or a password-protected one cannot be read; please save it as an Excel Workbook (.xlsx) without a password and upload it again',
    );
    expect((await importAs(adminToken, xls, '0', { 'accept-language': 'zh' })).body.msg).toBe('只能上传 Excel 文件：无法读取 Excel 97–2003 工作簿（.xls）或设有密码的工作簿，请将其另存为 Excel 工作簿（.xlsx，不设密码）后重新上传');
  });

  it('refuses files that are not workbooks, empty sheets, missing columns, no file; needs the import permission', async () => {
    expect((await importAs(adminToken, Buffer.from('not a workbook'))).body).toMatchObject({ code: 400, msg: 'The file cannot be read as an Excel workbook (.xlsx)' });
    expect((await importAs(adminToken, await workbook([]))).body.msg).toBe('The file has no users to import');
    expect((await importAs(adminToken, await workbook([['x']], ['Something else']))).body.msg).toBe('The file has no column User name: use the template');
    const none = await app.inject({ method: 'POST', url: api('/system/user/importData'), headers: bearer(adminToken), payload: {} });
    expect(none.json()).toMatchObject({ code: 400, msg: 'Please choose an Excel file (.xlsx) to import' });
    expect((await importAs(adminToken, await workbook([['', 'a.b', 'x', '', '', '', '']]), 'maybe')).status).toBe(400);
    const reader = await loginAs(app, 'sophia.reed');
    expect((await importAs(reader, await workbook([['', 'a.b', 'x', '', '', '', '']]))).status).toBe(403);
    expect((await app.inject({ method: 'POST', url: api('/system/user/importTemplate'), headers: bearer(reader) })).statusCode).toBe(403);
  });
});
