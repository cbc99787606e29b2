import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FILE_STATUS, FILE_TYPE } from '@orbit/shared/constants';
import { sysUserFile } from '../../src/db/schema/files';
import { sysUser } from '../../src/db/schema/organisation';
import { filesRoot } from '../../src/modules/files/fileStorage';
import { api, bearer, createTestApp, loginAs, type TestApp } from '../helpers/testApp';

type Page = { code: number; total: number; rows: Array<{ id: number; fileName: string; status: number; createTimeStr: string }> };

/** The oldest record: a day old (files past FILE_RETENTION_DAYS are removed), at second 05. */
function yesterdayAt05s(): Date {
  const at = new Date(Date.now() - 86_400_000);
  at.setSeconds(5);
  return at;
}

describe('file records: /userFile/*', () => {
  let app: TestApp;
  let admin: string;
  let olivia: string;
  const ids: Record<string, number> = {};

  async function userId(userName: string) {
    const [row] = await app.db.select({ userId: sysUser.userId }).from(sysUser).where(eq(sysUser.userName, userName));
    return row!.userId;
  }
  async function insert(values: typeof sysUserFile.$inferInsert) {
    const [row] = await app.db.insert(sysUserFile).values(values).returning({ id: sysUserFile.id });
    return row!.id;
  }
  const list = (token: string, payload: Record<string, unknown>) =>
    app.inject({ method: 'POST', url: api('/userFile/userFilePageList'), headers: bearer(token), payload });

  beforeAll(async () => {
    app = await createTestApp();
    admin = await loginAs(app, 'admin');
    olivia = await loginAs(app, 'olivia.park');
    const root = filesRoot(app.config.dataDir);
    mkdirSync(path.join(root, 'exports'), { recursive: true });
    writeFileSync(path.join(root, 'exports/leads.xlsx'), 'leads-export-content');
    writeFileSync(path.join(app.config.dataDir, 'secret.txt'), 'outside the files root');
    symlinkSync(path.join(app.config.dataDir, 'secret.txt'), path.join(root, 'exports/link.xlsx'));
    const adminId = await userId('admin');
    const oliviaId = await userId('olivia.park');
    const download = FILE_TYPE.download;
    ids.available = await insert({ userId: adminId, type: download, fileName: '线索 export.xlsx', status: FILE_STATUS.available, storagePath: 'exports/leads.xlsx', createTime: yesterdayAt05s() });
    ids.generating = await insert({ userId: adminId, type: download, fileName: 'Opportunities.xlsx', status: FILE_STATUS.generating });
    ids.failed = await insert({ userId: adminId, type: download, fileName: 'Accounts.xlsx', status: FILE_STATUS.failed, errorMsg: 'boom' });
    ids.upload = await insert({ userId: adminId, type: FILE_TYPE.upload, fileName: 'import 100%_leads.xlsx', status: FILE_STATUS.available, storagePath: 'exports/leads.xlsx' });
    ids.escape = await insert({ userId: adminId, type: download, fileName: 'escape.xlsx', status: FILE_STATUS.available, storagePath: '../secret.txt' });
    ids.symlink = await insert({ userId: adminId, type: download, fileName: 'link.xlsx', status: FILE_STATUS.available, storagePath: 'exports/link.xlsx' });
    ids.missing = await insert({ userId: adminId, type: download, fileName: 'gone.xlsx', status: FILE_STATUS.available, storagePath: 'exports/gone.xlsx' });
    ids.olivias = await insert({ userId: oliviaId, type: download, fileName: 'Olivia leads.xlsx', status: FILE_STATUS.available, storagePath: 'exports/leads.xlsx' });
  });
  afterAll(() => app.teardown());

  it('lists the caller’s own records of one type, newest first, with total and createTimeStr', async () => {
    const res = await list(admin, { fileName: '', pageNum: 1, pageSize: 10, type: FILE_TYPE.download });
    expect(res.statusCode).toBe(200);
    const body = res.json() as Page;
    expect(body.code).toBe(200);
    expect(body.total).toBe(6);
    expect(body.rows.map((r) => r.fileName)).not.toContain('Olivia leads.xlsx');
    expect(body.rows.map((r) => r.fileName)).not.toContain('import 100%_leads.xlsx');
    expect(body.rows.at(-1)).toMatchObject({ id: ids.available, fileName: '线索 export.xlsx', status: 1 });
    expect(body.rows.at(-1)!.createTimeStr).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:05$/);
    expect(Object.keys(body.rows[0]!).sort()).toEqual(['createTimeStr', 'errorMsg', 'fileName', 'id', 'importInfo', 'progressDone', 'progressTotal', 'result', 'status']);

    const uploads = (await list(admin, { pageNum: 1, pageSize: 10, type: FILE_TYPE.upload })).json() as Page;
    expect(uploads.rows.map((r) => r.id)).toEqual([ids.upload]);
    const own = (await list(olivia, { pageNum: 1, pageSize: 10, type: FILE_TYPE.download })).json() as Page;
    expect(own.rows.map((r) => r.fileName)).toEqual(['Olivia leads.xlsx']);
  });

  it('pages and filters by file name (contains, case-insensitive, LIKE characters taken literally)', async () => {
    const page2 = (await list(admin, { pageNum: 2, pageSize: 4, type: 1 })).json() as Page;
    expect(page2.total).toBe(6);
    expect(page2.rows).toHaveLength(2);
    const filtered = (await list(admin, { fileName: 'OPPORT', pageNum: 1, pageSize: 10, type: 1 })).json() as Page;
    expect(filtered.rows.map((r) => r.fileName)).toEqual(['Opportunities.xlsx']);
    const literal = (await list(admin, { fileName: '100%_', pageNum: 1, pageSize: 10, type: 0 })).json() as Page;
    expect(literal.total).toBe(1);
    expect(((await list(admin, { fileName: '%', pageNum: 1, pageSize: 10, type: 1 })).json() as Page).total).toBe(0);
  });

  it('refuses bad input with 400 and needs a session', async () => {
    for (const payload of [{ pageNum: 1, pageSize: 10, type: 2 }, { pageNum: 0, pageSize: 10, type: 1 }, { pageNum: 1, pageSize: 1000, type: 1 }, { pageNum: 1, pageSize: 10 }, { type: 1, fileName: 'x'.repeat(201) }]) {
      const res = await list(admin, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toMatchObject({ code: 400 });
    }
    const anonymous = await app.inject({ method: 'POST', url: api('/userFile/userFilePageList'), payload: { type: 1 } });
    expect(anonymous.statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: api(`/userFile/download/${ids.available}`) })).statusCode).toBe(401);
  });

  it('gives the URL of an available file and streams it', async () => {
    const res = await app.inject({ method: 'GET', url: api(`/userFile/getFileUrl/${ids.available}`), headers: bearer(admin) });
    expect(res.statusCode).toBe(200);
    const body = res.json() as { code: number; data: { fileUrl: string; fileName: string } };
    expect(body).toMatchObject({ code: 200, data: { fileName: '线索 export.xlsx' } });
    const file = await app.inject({ method: 'GET', url: body.data.fileUrl, headers: bearer(admin) });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/octet-stream');
    expect(file.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent('线索 export.xlsx')}`);
    expect(file.body).toBe('leads-export-content');
    expect(file.headers['cache-control']).toBe('no-store');
  });

  it('answers 404 for files being generated, failed, another user’s, missing on disk or outside the files root', async () => {
    for (const name of ['generating', 'failed', 'olivias', 'escape', 'symlink', 'missing'] as const) {
      const url = await app.inject({ method: 'GET', url: api(`/userFile/getFileUrl/${ids[name]}`), headers: bearer(admin) });
      const download = await app.inject({ method: 'GET', url: api(`/userFile/download/${ids[name]}`), headers: bearer(admin) });
      expect(download.statusCode, name).toBe(404);
      expect(download.body).not.toContain('outside the files root');
      if (['generating', 'failed', 'olivias'].includes(name)) expect(url.statusCode, name).toBe(404);
    }
    // Olivia can fetch her own, not the admin's.
    expect((await app.inject({ method: 'GET', url: api(`/userFile/download/${ids.olivias}`), headers: bearer(olivia) })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: api(`/userFile/download/${ids.available}`), headers: bearer(olivia) })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: api('/userFile/getFileUrl/abc'), headers: bearer(admin) })).statusCode).toBe(400);
  });
});
