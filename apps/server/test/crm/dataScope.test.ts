import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { CRM_MODULES } from '@orbit/shared/crm/modules';
import { createTestApp, loginAs, type TestApp } from '../helpers/testApp';
import { caller, deptIds, userIds } from '../helpers/adminApi';

type Row = { id: number; ownerId: number; deptId: number | null };

/**
 * Data scope of each seeded role on the business records (demo data): what each one lists, and
 * that reads and writes beyond it answer exactly like a missing record.
 */
describe('data scope of the seeded roles on business records', () => {
  let app: TestApp;
  let depts: Record<string, number>;
  let ids: Record<string, number>;
  const as: Record<string, ReturnType<typeof caller>> = {};

  beforeAll(async () => {
    app = await createTestApp();
    const admin = caller(app, await loginAs(app, 'admin'));
    depts = await deptIds(admin);
    ids = await userIds(admin);
    for (const name of ['admin', 'sophia.reed', 'emma.stone', 'liam.brooks', 'olivia.park', 'grace.hall', 'noah.king', 'mia.chen']) {
      as[name] = caller(app, await loginAs(app, name));
    }
  });
  afterAll(() => app.teardown());

  async function all(user: string, module = 'leads'): Promise<Row[]> {
    const res = await as[user]!(`GET`, `/crm/${module}/list?pageSize=500&fields=ownerId`);
    expect(res.body.code).toBe(200);
    expect(res.body.rows).toHaveLength(Math.min(res.body.total, 500));
    return res.body.rows as Row[];
  }
  const present = async (table: string, where = sql`true`) =>
    Number(((await app.db.execute(sql`select count(*) as n from ${sql.identifier(table)} where deleted_at is null and ${where}`)) as unknown as { rows: Array<{ n: unknown }> }).rows[0]!.n);

  it('all (administrator, read-only): every lead', async () => {
    const total = await present('crm_lead');
    expect(total).toBeGreaterThan(250);
    for (const user of ['admin', 'sophia.reed']) expect((await as[user]!('GET', '/crm/leads/list')).body.total).toBe(total);
  });

  it('own department and below (sales managers): Sales East with Key Accounts East; Sales West', async () => {
    const east = await all('emma.stone');
    expect(new Set(east.map((r) => r.deptId))).toEqual(new Set([depts['Sales East'], depts['Key Accounts East']]));
    expect(east).toHaveLength(await present('crm_lead', sql`dept_id in (${depts['Sales East']!}, ${depts['Key Accounts East']!})`));
    const west = await all('liam.brooks');
    expect(new Set(west.map((r) => r.deptId))).toEqual(new Set([depts['Sales West']]));
  });

  it('own records (sales reps): only leads they own, and those shared with them by hand', async () => {
    for (const rep of ['olivia.park', 'grace.hall', 'noah.king']) {
      const rows = await all(rep);
      expect(rows.length).toBeGreaterThan(0);
      // The demo shares a few of Noah's and Liam's leads with Grace (db/seed/demo/shares.ts).
      const shared = await present('crm_lead', sql`id in (select record_id from crm_record_share where module = 'leads' and recipient_kind = 'user' and recipient_id = ${ids[rep]!})`);
      expect(shared > 0).toBe(rep === 'grace.hall');
      expect(rows.filter((r) => r.ownerId !== ids[rep])).toHaveLength(shared);
      expect(rows).toHaveLength((await present('crm_lead', sql`owner_id = ${ids[rep]!}`)) + shared);
    }
  });

  it('own department (marketing): the leads owned in Marketing', async () => {
    const rows = await all('mia.chen');
    expect(rows.length).toBeGreaterThan(0);
    expect(new Set(rows.map((r) => r.deptId))).toEqual(new Set([depts['Marketing']]));
  });

  it('applies to every module’s list the role may open', async () => {
    for (const module of CRM_MODULES) {
      const perm = await as['olivia.park']!('GET', `/crm/${module}/list?pageSize=500&fields=ownerId`);
      if (perm.status === 403) continue;
      // Campaigns are public read-only (Set-up › Sharing, test/crm/sharing.test.ts): every one is listed.
      if (module === 'campaign') {
        expect((perm.body.rows as Row[]).some((r) => r.ownerId !== ids['olivia.park'])).toBe(true);
        continue;
      }
      expect((perm.body.rows as Row[]).every((r) => r.ownerId === ids['olivia.park'])).toBe(true);
    }
    const opportunities = await all('emma.stone', 'opportunity');
    expect(opportunities.every((r) => [depts['Sales East'], depts['Key Accounts East']].includes(r.deptId!))).toBe(true);
  });

  it('reads, writes, history and mass actions beyond the scope answer like a missing record, and change nothing', async () => {
    const [noahsLead] = (await all('noah.king')) as Row[];
    const id = noahsLead!.id;
    const olivia = as['olivia.park']!;
    const notFound = { code: 404, msg: 'The record does not exist or you have no access to it' };
    expect((await olivia('GET', `/crm/leads/${id}`)).body).toEqual(notFound);
    expect((await olivia('GET', `/crm/leads/${999_999_999}`)).body).toEqual(notFound);
    expect((await olivia('PUT', '/crm/leads', { id, version: 1, company: 'Mine now' })).body).toEqual(notFound);
    expect((await olivia('GET', `/crm/leads/${id}/history`)).body).toEqual(notFound);
    expect((await olivia('POST', '/crm/leads/mass/transfer', { ids: [id], ownerId: ids['olivia.park'] })).status).toBe(404);
    expect((await as['emma.stone']!('DELETE', `/crm/leads/${id}`)).status).toBe(404);
    expect((await as['liam.brooks']!('GET', `/crm/leads/${id}`)).body.data.ownerId).toBe(ids['noah.king']);
    // Their manager may edit it.
    const version = (await as['liam.brooks']!('GET', `/crm/leads/${id}`)).body.data.version as number;
    expect((await as['liam.brooks']!('PUT', '/crm/leads', { id, version, rating: 'warm' })).body.code).toBe(200);
  });

  it('the duplicate check shows matches within scope and only counts the others', async () => {
    const [lead] = ((await app.db.execute(sql`select email from crm_lead where owner_id = ${ids['noah.king']!} and email is not null limit 1`)) as unknown as {
      rows: Array<{ email: string }>;
    }).rows;
    const path = `/core/checkLeadSource/email/${encodeURIComponent(lead!.email.toUpperCase())}`;
    const noah = (await as['noah.king']!('GET', path)).body.data;
    expect(noah.leads.length).toBeGreaterThan(0);
    const olivia = (await as['olivia.park']!('GET', path)).body.data;
    expect(olivia.leads).toEqual([]);
    expect(olivia.hiddenCount).toBe(noah.leads.length + noah.hiddenCount);
    expect((await as['olivia.park']!('GET', '/core/checkLeadSource/password/x')).body.msg).toBe(
      'Duplicates can be checked by e-mail, company, phone, mobile, website or e-mail domain',
    );
  });
});
