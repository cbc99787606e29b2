import { readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { CRM_MODULES } from '@orbit/shared/crm/modules';
import { SETTING_KEYS } from '@orbit/shared/contract/config';
import { api, bearer, type TestApp } from '../helpers/testApp';
import { signedInApp } from '../helpers/signedInApp';
import { createLead } from '../helpers/crmApi';
import { purgeRecycleBin } from '../../src/modules/crm/engine/records/purgeRecycleBin';
import { filesRoot } from '../../src/modules/files/fileStorage';

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');
const HTML = Buffer.from('<html><script>alert(1)</script></html>');

type Part = { name: string; content: Buffer; type?: string };

/** A multipart body with several files (field `file`), as the browser's upload sends it; names are sent as raw UTF-8. */
function multipartBody(parts: Part[]) {
  const boundary = '----orbitAttachmentBoundary';
  const chunks: Buffer[] = [];
  for (const p of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${p.name}"\r\nContent-Type: ${p.type ?? 'text/html'}\r\n\r\n`, 'utf8'));
    chunks.push(p.content, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe('files attached to records', () => {
  let app: TestApp;
  let tokens: Record<'admin' | 'olivia.park' | 'noah.king' | 'sophia.reed', string>;
  let as: Record<'admin' | 'olivia.park' | 'noah.king' | 'sophia.reed', Parameters<typeof createLead>[0]>;

  beforeAll(async () => {
    ({ app, tokens, as } = await signedInApp(['admin', 'olivia.park', 'noah.king', 'sophia.reed']));
  });
  afterAll(() => app.teardown());

  const upload = async (token: string, module: string, id: number, parts: Part[], lang = 'en') => {
    const { payload, headers } = multipartBody(parts);
    const res = await app.inject({ method: 'POST', url: api(`/crm/${module}/${id}/attachments`), headers: { ...bearer(token), ...headers, 'accept-language': lang }, payload });
    return { status: res.statusCode, body: res.json() };
  };
  const download = (token: string, fileId: number, query = '') => app.inject({ method: 'GET', url: api(`/crm/attachment/${fileId}${query}`), headers: bearer(token) });
  /** Every stored object's key under the store's root. */
  const storedKeys = () => {
    const root = path.join(filesRoot(app.config.dataDir), 'store');
    try {
      return (readdirSync(root, { recursive: true, withFileTypes: true }) as Array<{ isFile(): boolean; name: string }>).filter((e) => e.isFile()).map((e) => e.name);
    } catch {
      return [];
    }
  };
  const rowCount = async () => Number(((await app.db.execute(sql`select count(*) as n from crm_attachment`)) as unknown as { rows: Array<{ n: unknown }> }).rows[0]!.n);

  it('uploads several files at once, lists them with sniffed types and the uploader, downloads the same bytes', async () => {
    const id = await createLead(as['olivia.park']);
    const res = await upload(tokens['olivia.park'], 'leads', id, [
      { name: 'photo.txt', content: PNG, type: 'text/plain' },
      { name: '报价单.pdf', content: PDF, type: 'image/png' },
      { name: 'page.html', content: HTML, type: 'text/html' },
    ]);
    expect(res.body.code).toBe(200);
    expect(res.body.data).toHaveLength(3);
    const list = (await as['olivia.park']('GET', `/crm/leads/${id}/attachments`)).body;
    expect(list.code).toBe(200);
    const rows = list.data as Array<{ id: number; fileName: string; contentType: string; size: number; createByName: string }>;
    expect(rows.map((r) => [r.fileName, r.contentType, r.size]).sort()).toEqual(
      [
        ['photo.txt', 'image/png', PNG.length],
        ['报价单.pdf', 'application/pdf', PDF.length],
        ['page.html', 'application/octet-stream', HTML.length],
      ].sort(),
    );
    expect(new Set(rows.map((r) => r.createByName))).toEqual(new Set(['Olivia Park']));

    const pdf = rows.find((r) => r.contentType === 'application/pdf')!;
    const got = await download(tokens['olivia.park'], pdf.id);
    expect(got.statusCode).toBe(200);
    expect(got.rawPayload.equals(PDF)).toBe(true);
    expect(got.headers['content-type']).toBe('application/pdf');
    expect(got.headers['content-disposition']).toBe(`attachment; filename="___.pdf"; filename*=UTF-8''${encodeURIComponent('报价单.pdf')}`);
    expect(got.headers['x-content-type-options']).toBe('nosniff');
    // Preview: an image or a PDF inline; anything else stays a download, sandboxed, never HTML.
    expect((await download(tokens['olivia.park'], pdf.id, '?inline=1')).headers['content-disposition']).toMatch(/^inline; /);
    const png = rows.find((r) => r.contentType === 'image/png')!;
    const shown = await download(tokens['olivia.park'], png.id, '?inline=1');
    expect([shown.headers['content-type'], shown.headers['content-disposition']]).toEqual(['image/png', `inline; filename="photo.txt"; filename*=UTF-8''photo.txt`]);
    const html = rows.find((r) => r.fileName === 'page.html')!;
    const asked = await download(tokens['olivia.park'], html.id, '?inline=1');
    expect(asked.headers['content-type']).toBe('application/octet-stream');
    expect(asked.headers['content-disposition']).toMatch(/^attachment; /);
    expect(asked.headers['content-security-policy']).toContain('sandbox');
  });

  it('works for every module of the records engine', async () => {
    for (const module of CRM_MODULES) {
      const [row] = (await as.admin('GET', `/crm/${module}/list?pageSize=1`)).body.rows as Array<{ id: number }>;
      expect(row, module).toBeDefined();
      expect((await upload(tokens.admin, module, row!.id, [{ name: `${module}.png`, content: PNG }])).body.code, module).toBe(200);
      const rows = (await as.admin('GET', `/crm/${module}/${row!.id}/attachments`)).body.data as Array<{ fileName: string }>;
      expect(rows.map((r) => r.fileName), module).toContain(`${module}.png`);
    }
  });

  it('hostile names: paths, NUL and direction overrides are cleaned, and storage never uses the name', async () => {
    const id = await createLead(as['olivia.park']);
    const res = await upload(tokens['olivia.park'], 'leads', id, [
      { name: '../../../etc/passwd', content: PDF },
      { name: '..\\..\\boot.ini', content: PDF },
      { name: 'a\u0000b.pdf', content: PDF },
      { name: 'invoice\u202Efdp.exe', content: PDF },
      { name: '..', content: PDF },
    ]);
    expect(res.body.code).toBe(200);
    const names = ((await as['olivia.park']('GET', `/crm/leads/${id}/attachments`)).body.data as Array<{ fileName: string }>).map((r) => r.fileName).sort();
    expect(names).toEqual(['ab.pdf', 'boot.ini', 'file', 'invoicefdp.exe', 'passwd']);
    // Every stored object sits under the store's root by a server-made key.
    for (const name of storedKeys()) expect(name).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('over the size limit (a setting): 413 in the request’s language, nothing stored, no row', async () => {
    const id = await createLead(as['olivia.park']);
    const [rowsBefore, keysBefore] = [await rowCount(), storedKeys().length];
    await app.db.execute(sql`update sys_config set config_value = '1' where config_key = ${SETTING_KEYS.attachmentMaxMb}`);
    try {
      const big = Buffer.alloc(1024 * 1024 + 1, 7);
      const en = await upload(tokens['olivia.park'], 'leads', id, [{ name: 'small.pdf', content: PDF }, { name: 'big.bin', content: big }]);
      expect([en.status, en.body.code, en.body.msg]).toEqual([413, 413, 'The file "big.bin" is larger than 1 MB: nothing was uploaded']);
      const zh = await upload(tokens['olivia.park'], 'leads', id, [{ name: 'big.bin', content: big }], 'zh');
      expect(zh.body.msg).toBe('文件“big.bin”超过 1 MB，未上传任何文件');
      expect([await rowCount(), storedKeys().length]).toEqual([rowsBefore, keysBefore]);
      // Exactly at the limit is accepted.
      expect((await upload(tokens['olivia.park'], 'leads', id, [{ name: 'edge.bin', content: Buffer.alloc(1024 * 1024, 7) }])).body.code).toBe(200);
    } finally {
      await app.db.execute(sql`update sys_config set config_value = '' where config_key = ${SETTING_KEYS.attachmentMaxMb}`);
    }
  });

  it('empty files, no files and too many files are refused with nothing stored', async () => {
    const id = await createLead(as['olivia.park']);
    const [rowsBefore, keysBefore] = [await rowCount(), storedKeys().length];
    const empty = await upload(tokens['olivia.park'], 'leads', id, [{ name: 'ok.pdf', content: PDF }, { name: 'empty.txt', content: Buffer.alloc(0) }]);
    expect([empty.status, empty.body.msg]).toEqual([400, 'The file "empty.txt" is empty: nothing was uploaded']);
    const none = await upload(tokens['olivia.park'], 'leads', id, []);
    expect([none.status, none.body.msg]).toEqual([400, 'Please choose at least one file to upload']);
    const many = await upload(tokens['olivia.park'], 'leads', id, Array.from({ length: 11 }, (_, i) => ({ name: `f${i}.pdf`, content: PDF })), 'zh');
    expect([many.status, many.body.msg]).toEqual([400, '一次最多上传 10 个文件']);
    expect([await rowCount(), storedKeys().length]).toEqual([rowsBefore, keysBefore]);
  });

  it('out of scope: the record and its files answer 404; without edit: 403 to add or delete; read-only may download', async () => {
    const id = await createLead(as['olivia.park']);
    await upload(tokens['olivia.park'], 'leads', id, [{ name: 'secret.pdf', content: PDF }]);
    const [file] = (await as['olivia.park']('GET', `/crm/leads/${id}/attachments`)).body.data as Array<{ id: number }>;
    // Another rep (own records only).
    expect((await as['noah.king']('GET', `/crm/leads/${id}/attachments`)).status).toBe(404);
    expect((await download(tokens['noah.king'], file!.id)).statusCode).toBe(404);
    expect((await as['noah.king']('DELETE', `/crm/attachment/${file!.id}`)).status).toBe(404);
    expect((await upload(tokens['noah.king'], 'leads', id, [{ name: 'x.pdf', content: PDF }])).status).toBe(404);
    // The file's id under another record is not found either.
    expect((await as['olivia.park']('GET', `/crm/attachment/${file!.id + 100000}`)).status).toBe(404);
    // Read-only (all records, no edit).
    expect((await download(tokens['sophia.reed'], file!.id)).statusCode).toBe(200);
    expect((await upload(tokens['sophia.reed'], 'leads', id, [{ name: 'x.pdf', content: PDF }])).status).toBe(403);
    expect((await as['sophia.reed']('DELETE', `/crm/attachment/${file!.id}`)).status).toBe(403);
    expect(((await as['olivia.park']('GET', `/crm/leads/${id}/attachments`)).body.data as unknown[]).length).toBe(1);
  });

  it('delete removes the row and the stored file', async () => {
    const id = await createLead(as['olivia.park']);
    await upload(tokens['olivia.park'], 'leads', id, [{ name: 'gone.pdf', content: PDF }]);
    const [file] = (await as['olivia.park']('GET', `/crm/leads/${id}/attachments`)).body.data as Array<{ id: number }>;
    const keys = storedKeys().length;
    expect((await as['olivia.park']('DELETE', `/crm/attachment/${file!.id}`)).body.code).toBe(200);
    expect((await as['olivia.park']('GET', `/crm/leads/${id}/attachments`)).body.data).toEqual([]);
    expect((await download(tokens['olivia.park'], file!.id)).statusCode).toBe(404);
    expect(storedKeys().length).toBe(keys - 1);
  });

  it('a deleted record takes its files to the recycle bin and back; purging removes them from storage', async () => {
    const id = await createLead(as['olivia.park']);
    await upload(tokens['olivia.park'], 'leads', id, [{ name: 'kept.pdf', content: PDF }, { name: 'kept.png', content: PNG }]);
    const files = (await as['olivia.park']('GET', `/crm/leads/${id}/attachments`)).body.data as Array<{ id: number }>;
    // Reps may not delete leads: an administrator does; the owner restores.
    expect((await as.admin('DELETE', `/crm/leads/${id}`)).body.code).toBe(200);
    expect((await as['olivia.park']('GET', `/crm/leads/${id}/attachments`)).status).toBe(404);
    expect((await download(tokens['olivia.park'], files[0]!.id)).statusCode).toBe(404);
    expect((await upload(tokens['olivia.park'], 'leads', id, [{ name: 'x.pdf', content: PDF }])).status).toBe(404);
    expect((await as['olivia.park']('PUT', '/crm/leads/restore', { ids: [id] })).body.code).toBe(200);
    expect((await download(tokens['olivia.park'], files[0]!.id)).statusCode).toBe(200);

    const keys = storedKeys().length;
    await as.admin('DELETE', `/crm/leads/${id}`);
    await app.db.execute(sql`update crm_lead set deleted_at = now() - interval '31 days' where id = ${id}`);
    expect(await purgeRecycleBin(app.db, app.fileStore)).toBeGreaterThanOrEqual(1);
    expect(Number(((await app.db.execute(sql`select count(*) as n from crm_attachment where module = 'leads' and record_id = ${id}`)) as unknown as { rows: Array<{ n: unknown }> }).rows[0]!.n)).toBe(0);
    expect(storedKeys().length).toBe(keys - 2);
  });
  it('a merge moves the merged records’ files to the survivor', async () => {
    const survivor = await createLead(as.admin, { lastName: 'Keeper' });
    const merged = await createLead(as.admin, { lastName: 'Merged' });
    await upload(tokens.admin, 'leads', merged, [{ name: 'moved.pdf', content: PDF }]);
    expect((await as.admin('POST', '/crm/leads/merge', { survivorId: survivor, mergedIds: [merged] })).body.code).toBe(200);
    const names = ((await as.admin('GET', `/crm/leads/${survivor}/attachments`)).body.data as Array<{ fileName: string }>).map((r) => r.fileName);
    expect(names).toEqual(['moved.pdf']);
  });
});
