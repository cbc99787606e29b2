import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRecordItem } from '@orbit/shared/contract/userRecords';
import { FAVOURITES_KEPT, RECENT_RECORDS_KEPT } from '@orbit/shared/crm/userRecords';
import { createTestApp, loginAs, type TestApp } from '../helpers/testApp';
import { caller, userIds } from '../helpers/adminApi';
import { createLead } from '../helpers/crmApi';

type Call = ReturnType<typeof caller>;

/**
 * Recently viewed records and favourites: kept per user, one entry per record, the newest
 * RECENT_RECORDS_KEPT views, and only what the user may open today (permission, present, scope).
 */
describe('recently viewed records and favourites', () => {
  let app: TestApp;
  let ids: Record<string, number>;
  let olivia: Call;
  let noah: Call;
  let mia: Call;

  beforeAll(async () => {
    app = await createTestApp();
    ids = await userIds(caller(app, await loginAs(app, 'admin')));
    olivia = caller(app, await loginAs(app, 'olivia.park'));
    noah = caller(app, await loginAs(app, 'noah.king'));
    mia = caller(app, await loginAs(app, 'mia.chen'));
  });
  afterAll(() => app.teardown());

  const created = async (call: Call, module: string, body: object) => {
    const res = await call('POST', `/crm/${module}`, body);
    expect(res.body.code, JSON.stringify(res.body)).toBe(200);
    return res.body.data as number;
  };
  const view = (call: Call, module: string, id: number) => call('POST', '/crm/recent', { module, id });
  const recent = async (call: Call) => (await call('GET', '/crm/recent')).body.data as UserRecordItem[];
  const favourites = async (call: Call) => (await call('GET', '/crm/favourite')).body.data as UserRecordItem[];
  const refs = (items: UserRecordItem[]) => items.map((i) => `${i.module}:${i.id}`);

  it('records a view of every module’s record, newest first, each with its display name', async () => {
    const account = await created(olivia, 'account', { name: 'Recent Account Ltd' });
    const records = {
      leads: await createLead(olivia, { firstName: 'Rita', lastName: 'Recent', status: 'new' }),
      account,
      contact: await created(olivia, 'contact', { firstName: 'Carl', lastName: 'Recent', accountId: account }),
      opportunity: await created(olivia, 'opportunity', { name: 'Recent deal', accountId: account, stage: 'prospecting', closeDate: '2030-01-31' }),
      task: await created(olivia, 'task', { subject: 'Recent call' }),
    };
    for (const [module, id] of Object.entries(records)) expect((await view(olivia, module, id)).body.code).toBe(200);
    const list = await recent(olivia);
    expect(refs(list).slice(0, 5)).toEqual(Object.entries(records).reverse().map(([m, id]) => `${m}:${id}`));
    expect(list.slice(0, 5).map((i) => i.name)).toEqual(['Recent call', 'Recent deal', 'Carl Recent', 'Recent Account Ltd', 'Rita Recent']);
    // Another user's list is their own.
    expect(refs(await recent(noah))).not.toContain(`leads:${records.leads}`);
  });

  it('a second view moves the record to the top without a second entry', async () => {
    const first = await createLead(olivia, { lastName: 'Twice' });
    const second = await createLead(olivia, { lastName: 'Once' });
    await view(olivia, 'leads', first);
    await view(olivia, 'leads', second);
    await view(olivia, 'leads', first);
    const list = refs(await recent(olivia));
    expect(list.slice(0, 2)).toEqual([`leads:${first}`, `leads:${second}`]);
    expect(list.filter((r) => r === `leads:${first}`)).toHaveLength(1);
  });

  it('keeps the newest RECENT_RECORDS_KEPT views: the oldest go from the table too', async () => {
    const leads: number[] = [];
    for (let i = 0; i < RECENT_RECORDS_KEPT + 3; i++) leads.push(await createLead(olivia, { lastName: `Capped ${i}` }));
    for (const id of leads) await view(olivia, 'leads', id);
    const list = await recent(olivia);
    expect(refs(list)).toEqual(leads.slice(-RECENT_RECORDS_KEPT).reverse().map((id) => `leads:${id}`));
    const rows = (await app.db.execute(sql`select count(*)::int as n from crm_recent_record where user_id = ${ids['olivia.park']!}`)) as unknown as { rows: Array<{ n: number }> };
    expect(rows.rows[0]!.n).toBe(RECENT_RECORDS_KEPT);
  });

  it('stars and un-stars a record; a second star changes nothing', async () => {
    const lead = await createLead(olivia, { firstName: 'Stella', lastName: 'Star' });
    expect((await olivia('POST', '/crm/favourite', { module: 'leads', id: lead })).body.code).toBe(200);
    expect((await olivia('POST', '/crm/favourite', { module: 'leads', id: lead })).body.code).toBe(200);
    const list = await favourites(olivia);
    expect(list.filter((f) => f.module === 'leads' && f.id === lead)).toEqual([expect.objectContaining({ name: 'Stella Star' })]);
    expect((await olivia('DELETE', `/crm/favourite/leads/${lead}`)).body.code).toBe(200);
    expect(refs(await favourites(olivia))).not.toContain(`leads:${lead}`);
  });

  it('refuses a star past FAVOURITES_KEPT with a message, in both languages, and stars nothing', async () => {
    // Noah's list filled directly (the cap counts rows, whatever they point at).
    const userId = ids['noah.king']!;
    for (let i = 1; i <= FAVOURITES_KEPT; i++) await app.db.execute(sql`insert into crm_favourite_record (user_id, module, record_id) values (${userId}, 'task', ${-i})`);
    const lead = await createLead(noah, { lastName: 'One too many' });
    const en = await noah('POST', '/crm/favourite', { module: 'leads', id: lead });
    expect(en.body).toMatchObject({ code: 400, msg: `You can keep at most ${FAVOURITES_KEPT} favourites: remove one to star another` });
    const zh = await noah('POST', '/crm/favourite', { module: 'leads', id: lead }, { 'accept-language': 'zh' });
    expect(zh.body.msg).toBe(`最多可收藏 ${FAVOURITES_KEPT} 条记录，请先取消一条再收藏`);
    expect(refs(await favourites(noah))).not.toContain(`leads:${lead}`);
    await app.db.execute(sql`delete from crm_favourite_record where user_id = ${userId}`);
  });

  it('a record moved out of the viewer’s scope leaves both lists, and comes back when it returns', async () => {
    const lead = await createLead(olivia, { firstName: 'Moving', lastName: 'Away' });
    await view(olivia, 'leads', lead);
    await olivia('POST', '/crm/favourite', { module: 'leads', id: lead });
    expect((await olivia('POST', '/crm/leads/mass/transfer', { ids: [lead], ownerId: ids['noah.king'] })).body.code).toBe(200);
    expect(refs(await recent(olivia))).not.toContain(`leads:${lead}`);
    expect(refs(await favourites(olivia))).not.toContain(`leads:${lead}`);
    expect((await noah('POST', '/crm/leads/mass/transfer', { ids: [lead], ownerId: ids['olivia.park'] })).body.code).toBe(200);
    expect(refs(await recent(olivia))).toContain(`leads:${lead}`);
    expect(refs(await favourites(olivia))).toContain(`leads:${lead}`);
  });

  it('a deleted record leaves both lists', async () => {
    const task = await created(olivia, 'task', { subject: 'Soon deleted' });
    await view(olivia, 'task', task);
    await olivia('POST', '/crm/favourite', { module: 'task', id: task });
    expect((await olivia('DELETE', `/crm/task/${task}`)).body.code).toBe(200);
    expect(refs(await recent(olivia))).not.toContain(`task:${task}`);
    expect(refs(await favourites(olivia))).not.toContain(`task:${task}`);
  });

  it('refuses what the user may not open: another’s record as missing, a module without permission as forbidden, nothing recorded', async () => {
    const olivias = await createLead(olivia, { lastName: 'Private' });
    expect((await view(noah, 'leads', olivias)).body.code).toBe(404);
    expect((await noah('POST', '/crm/favourite', { module: 'leads', id: olivias })).body.code).toBe(404);
    expect(refs(await recent(noah))).not.toContain(`leads:${olivias}`);
    // Marketing may not open opportunities.
    const account = await created(olivia, 'account', { name: 'Marketing-free Ltd' });
    const deal = await created(olivia, 'opportunity', { name: 'Not for marketing', accountId: account, stage: 'prospecting', closeDate: '2030-01-31' });
    expect((await view(mia, 'opportunity', deal)).body.code).toBe(403);
    expect((await view(olivia, 'report', 1)).body.code).toBe(400);
    expect((await view(olivia, 'leads', 999_999_999)).body.code).toBe(404);
  });
});
