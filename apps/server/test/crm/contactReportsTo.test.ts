import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, loginAs, type TestApp } from '../helpers/testApp';
import { caller } from '../helpers/adminApi';
import { getRecord } from '../helpers/crmApi';

type Call = ReturnType<typeof caller>;

/**
 * Contacts' own rule: a contact reports to someone of the same account, on every way a write
 * takes (create, update, mass update of either field); the refusal is translated and writes
 * nothing. A loop is the engine's hierarchy rule, which reports-to (a self-lookup) gets too.
 */
describe('contacts: reports to someone of the same account', () => {
  let app: TestApp;
  let admin: Call;
  let acme: number, globex: number, boss: number, report: number, outsider: number;
  const unique = `reports-${Date.now()}`;

  async function created(module: string, body: Record<string, unknown>): Promise<number> {
    const res = await admin('POST', `/crm/${module}`, body);
    expect(res.body.code, res.body.msg).toBe(200);
    return res.body.data as number;
  }

  beforeAll(async () => {
    app = await createTestApp();
    admin = caller(app, await loginAs(app, 'admin'));
    acme = await created('account', { name: `${unique} Acme` });
    globex = await created('account', { name: `${unique} Globex` });
    boss = await created('contact', { firstName: 'Ada', lastName: `${unique} Boss`, accountId: acme });
    report = await created('contact', { firstName: 'Ben', lastName: `${unique} Report`, accountId: acme, reportsToId: boss });
    outsider = await created('contact', { firstName: 'Cy', lastName: `${unique} Outsider`, accountId: globex });
  });
  afterAll(() => app.teardown());

  it('keeps a manager of the same account, and shows who reports to whom as a hierarchy', async () => {
    expect((await getRecord(admin, 'contact', report)).reportsToId).toBe(boss);
    const tree = await admin('GET', `/crm/contact/${report}/hierarchy`);
    expect(JSON.stringify(tree.body.data)).toContain(`${unique} Boss`);
  });

  it('refuses a manager of another account on create, in English and Chinese, and creates nothing', async () => {
    const res = await admin('POST', '/crm/contact', { lastName: `${unique} Stray`, accountId: globex, reportsToId: boss });
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe('Reports To must be a contact of the same account');
    expect(Object.keys(res.body.errors ?? {})).toEqual(['reportsToId']);
    const zh = await admin('POST', '/crm/contact', { lastName: `${unique} Stray`, reportsToId: boss }, { 'accept-language': 'zh-CN' });
    expect(zh.body.msg).toBe('直属上级必须是同一客户的联系人');
    const found = await admin('GET', `/crm/contact/list?pageNum=1&pageSize=10&q=${encodeURIComponent(`${unique} Stray`)}`);
    expect(found.body.total).toBe(0);
  });

  it('refuses moving a contact to another account while they keep a manager of the old one, and changes nothing', async () => {
    const before = await getRecord(admin, 'contact', report);
    const res = await admin('PUT', '/crm/contact', { id: report, version: before.version, accountId: globex, title: 'not saved' });
    expect(res.status).toBe(400);
    const after = await getRecord(admin, 'contact', report);
    expect([after.accountId, after.title, after.version]).toEqual([acme, before.title ?? null, before.version]);
    // Moving with the manager cleared is fine.
    const moved = await admin('PUT', '/crm/contact', { id: report, version: before.version, accountId: globex, reportsToId: null });
    expect(moved.body.code, moved.body.msg).toBe(200);
    expect((await getRecord(admin, 'contact', report)).accountId).toBe(globex);
  });

  it('refuses a mass update that gives anyone a manager of another account, and changes none of them', async () => {
    const res = await admin('POST', '/crm/contact/mass/update', { ids: [report, outsider], field: 'reportsToId', value: boss });
    expect(res.status).toBe(400);
    expect((await getRecord(admin, 'contact', outsider)).reportsToId ?? null).toBeNull();
    expect((await getRecord(admin, 'contact', report)).reportsToId ?? null).toBeNull();
  });
});
