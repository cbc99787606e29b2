import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GLOBAL_SEARCH_CANDIDATES } from '@orbit/shared/constants';
import type { GlobalSearchHit, GlobalSearchResults } from '@orbit/shared/contract/crm';
import { createTestApp, loginAs, type TestApp } from '../helpers/testApp';
import { caller } from '../helpers/adminApi';
import { createLead } from '../helpers/crmApi';

/**
 * The global search ranks across modules (exact name, then prefix, then similar, then recent),
 * shows each hit's key details, and pages one module's hits on the results page — always within
 * the caller's permissions and data scope.
 */
describe('global search', () => {
  let app: TestApp;
  let olivia: ReturnType<typeof caller>;
  let mia: ReturnType<typeof caller>;
  let account: number;
  let prefixAccount: number;
  let opportunity: number;
  const leads: number[] = [];
  let before: GlobalSearchResults;

  const created = async (call: typeof olivia, module: string, body: object) => {
    const res = await call('POST', `/crm/${module}`, body);
    if (res.body.code !== 200) throw new Error(`${module}: ${res.body.msg} ${JSON.stringify(res.body.errors ?? {})}`);
    return res.body.data as number;
  };
  const search = async (call: typeof olivia, q: string, lang = 'en') =>
    (await call('GET', `/crm/search?q=${encodeURIComponent(q)}&limit=20`, undefined, { 'accept-language': lang })).body.data as GlobalSearchHit[];

  beforeAll(async () => {
    app = await createTestApp();
    olivia = caller(app, await loginAs(app, 'olivia.park'));
    mia = caller(app, await loginAs(app, 'mia.chen'));
    before = (await olivia('GET', '/crm/search/results?q=Contoso')).body.data as GlobalSearchResults;
    // Leads first and most recent: they must still not outrank the account named "Contoso Ltd".
    for (const [i, name] of ['Ada', 'Ben', 'Cai', 'Dee'].entries()) leads.push(await createLead(olivia, { firstName: name, lastName: `Buyer${i}`, company: `Contoso Group ${i}`, status: 'new' }));
    prefixAccount = await created(olivia, 'account', { name: 'Contoso Ltd Holdings', industry: 'technology' });
    account = await created(olivia, 'account', { name: 'Contoso Ltd', industry: 'technology' });
    opportunity = await created(olivia, 'opportunity', { name: 'Contoso renewal', accountId: account, stage: 'prospecting', closeDate: '2030-01-31', amount: '1000.00' });
    await createLead(mia, { lastName: 'Contoso Marketer', company: 'Contoso Events' });
  });
  afterAll(() => app.teardown());

  it('ranks the account named what was typed first, then name prefixes, then the rest', async () => {
    const hits = await search(olivia, 'contoso ltd');
    expect(hits[0]).toMatchObject({ module: 'account', id: account, label: 'Contoso Ltd', rank: 0 });
    expect(hits[1]).toMatchObject({ module: 'account', id: prefixAccount, rank: 1 });
    const broad = await search(olivia, 'Contoso');
    // The demo data holds other Contoso records too: the account named most like it still leads,
    // every name starting with "Contoso" comes before any lead that only mentions it.
    expect(broad[0]).toMatchObject({ module: 'account', id: account, rank: 1 });
    const firstLead = broad.findIndex((h) => h.module === 'leads' && leads.includes(h.id));
    expect(broad.findIndex((h) => h.module === 'opportunity' && h.id === opportunity)).toBeLessThan(firstLead);
    expect(broad.findIndex((h) => h.module === 'account' && h.id === prefixAccount)).toBeLessThan(firstLead);
    const ranks = broad.map((h) => h.rank);
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    expect(broad.filter((h) => h.module === 'leads').map((h) => h.id).sort()).toEqual([...leads].sort());
  });

  it('shows each hit’s key details, named in the request’s language', async () => {
    const en = await search(olivia, 'Contoso renewal');
    expect(en[0]).toMatchObject({ module: 'opportunity', id: opportunity, rank: 0 });
    expect(en[0]!.details).toEqual([
      { label: 'Account', value: 'Contoso Ltd' },
      { label: 'Stage', value: 'Prospecting' },
      { label: 'Owner', value: 'Olivia Park' },
    ]);
    const zh = await search(olivia, 'Contoso renewal', 'zh');
    expect(zh[0]!.details.map((d) => d.label)).toEqual(['客户', '阶段', '负责人']);
    expect(zh[0]!.details[0]!.value).toBe('Contoso Ltd');
    const lead = (await search(olivia, 'Contoso Group 0'))[0]!;
    expect(lead.details).toEqual([
      { label: 'Company', value: 'Contoso Group 0' },
      { label: 'Lead Status', value: 'New' },
      { label: 'Owner', value: 'Olivia Park' },
    ]);
  });

  it('a user without a module’s list permission gets no hits from it, and only records in scope', async () => {
    const hits = await search(mia, 'Contoso');
    expect(hits.some((h) => h.module === 'account' || h.module === 'opportunity')).toBe(false);
    // Marketing sees its department's leads only: not Olivia's.
    expect(hits.filter((h) => h.module === 'leads').every((h) => !leads.includes(h.id))).toBe(true);
    expect(hits.some((h) => h.label === 'Contoso Marketer')).toBe(true);
    expect((await mia('GET', '/crm/search/results?q=Contoso&module=account')).body.code).toBe(403);
    const results = (await mia('GET', '/crm/search/results?q=Contoso')).body.data as GlobalSearchResults;
    expect(results.counts.map((c) => c.module).sort()).toEqual(['activity', 'campaign', 'contact', 'leads'].sort());
  });

  it('finds a Chinese name as it is written, and a two-character term at the start of a word', async () => {
    const yue = await createLead(olivia, { firstName: '飞', lastName: '岳', company: 'Qxwing Trading' });
    const ouyang = await createLead(olivia, { firstName: '梓萱', lastName: '欧阳', company: 'Qxwing Trading' });
    const ids = async (q: string) => (await search(olivia, q)).filter((h) => h.module === 'leads').map((h) => h.id);
    // Family name first, no space, as the name is shown; the given name alone too.
    expect(await search(olivia, '岳飞')).toEqual([expect.objectContaining({ module: 'leads', id: yue, label: '岳飞', rank: 0 })]);
    expect(await ids('欧阳梓萱')).toEqual([ouyang]);
    expect(await ids('梓萱')).toEqual([ouyang]);
    // Two characters match where a word starts (the trigram index serves that), not inside one.
    expect((await ids('qx')).sort()).toEqual([yue, ouyang].sort());
    expect(await ids('xw')).toEqual([]);
    expect(await ids('阳梓')).toEqual([]);
    // The leads list's quick search reads the same text.
    const listed = (await olivia('GET', `/crm/leads/list?q=${encodeURIComponent('岳飞')}`)).body as { total: number; rows: Array<{ id: number }> };
    expect([listed.total, listed.rows[0]?.id]).toEqual([1, yue]);
  });

  it('the results page counts each module’s hits and pages one module in rank order', async () => {
    const first = (await olivia('GET', '/crm/search/results?q=Contoso')).body.data as GlobalSearchResults;
    const added = (m: string) => first.counts.find((c) => c.module === m)!.total - before.counts.find((c) => c.module === m)!.total;
    expect([added('account'), added('opportunity'), added('leads')]).toEqual([2, 1, 4]);
    // The page opens on the module of the best hit: the account named most like what was typed.
    expect([first.module, first.rows[0]!.id]).toEqual(['account', account]);
    const page = async (pageNum: number) =>
      (await olivia('GET', `/crm/search/results?q=Contoso&module=leads&pageNum=${pageNum}&pageSize=3`)).body.data as GlobalSearchResults;
    const [p1, p2] = [await page(1), await page(2)];
    const total = first.counts.find((c) => c.module === 'leads')!.total;
    expect([p1.module, p1.total, p1.rows.length]).toEqual(['leads', total, 3]);
    expect(p2.rows.length).toBe(Math.min(3, total - 3));
    // Pages do not overlap, and each is in rank order.
    expect(p1.rows.filter((h) => p2.rows.some((o) => o.id === h.id))).toEqual([]);
    const ranks = [...p1.rows, ...p2.rows].map((h) => h.rank);
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    expect(p1.rows[0]!.details.length).toBeGreaterThan(0);
    // A page past the last hit: no rows, the count still told.
    const past = (await olivia('GET', `/crm/search/results?q=Contoso&module=leads&pageNum=${Math.ceil(total / 3) + 1}&pageSize=3`)).body.data as GlobalSearchResults;
    expect([past.total, past.capped, past.rows.length]).toEqual([total, false, 0]);
    expect(first.counts.every((c) => !c.capped)).toBe(true);
    // Without a module, a later page is of the module holding the best hit.
    const second = (await olivia('GET', '/crm/search/results?q=Contoso&pageNum=2&pageSize=1')).body.data as GlobalSearchResults;
    expect([second.module, second.total, second.rows.length]).toEqual(['account', first.counts.find((c) => c.module === 'account')!.total, 1]);
    expect(second.rows[0]!.id).not.toBe(account);
    expect((await olivia('GET', '/crm/search/results?q=')).status).toBe(400);
  });

  it('reads a bounded number of a broad term’s matches, the name as typed still first, and tells the count as capped', async () => {
    const more = GLOBAL_SEARCH_CANDIDATES + 100;
    // Many names starting with what is typed, stored before the records named exactly that.
    await app.db.execute(sql`
      insert into crm_lead (owner_id, dept_id, first_name, last_name, company, status)
      select user_id, dept_id, 'Zephyr', 'Vale' || g, 'Vale Works ' || g, 'new'
      from sys_user, generate_series(1, ${more}::int) g where user_name = 'olivia.park'`);
    const exact = await createLead(olivia, { firstName: 'Zephyr', lastName: 'Vale', company: 'Quillon', status: 'new' });
    // No given name: the name is the family name alone (its text starts after a space).
    const alone = await createLead(olivia, { lastName: 'Zephyr', company: 'Quillon', status: 'new' });
    expect((await search(olivia, 'Zephyr Vale'))[0]).toMatchObject({ module: 'leads', id: exact, rank: 0 });
    const broad = await search(olivia, 'zephyr');
    expect(broad[0]).toMatchObject({ module: 'leads', id: alone, label: 'Zephyr', rank: 0 });
    expect(broad.slice(1).every((h) => h.rank === 1)).toBe(true);

    const results = async (q: string, query = '') =>
      (await olivia('GET', `/crm/search/results?q=${encodeURIComponent(q)}${query}`)).body.data as GlobalSearchResults;
    const first = await results('Zephyr');
    expect([first.module, first.total, first.capped, first.rows[0]!.id]).toEqual(['leads', GLOBAL_SEARCH_CANDIDATES, true, alone]);
    expect(first.counts.find((c) => c.module === 'leads')).toEqual({ module: 'leads', total: GLOBAL_SEARCH_CANDIDATES, capped: true });
    // Its pages end at the cap: the last one full, the one after it empty, the count still told.
    const pageSize = 20;
    const last = await results('Zephyr', `&module=leads&pageSize=${pageSize}&pageNum=${GLOBAL_SEARCH_CANDIDATES / pageSize}`);
    expect([last.rows.length, last.capped]).toEqual([pageSize, true]);
    const past = await results('Zephyr', `&module=leads&pageSize=${pageSize}&pageNum=${GLOBAL_SEARCH_CANDIDATES / pageSize + 1}`);
    expect([past.rows.length, past.total, past.capped]).toEqual([0, GLOBAL_SEARCH_CANDIDATES, true]);
    // A narrower term is counted exactly, the exact name first; data scope is unchanged.
    const narrow = await results('Zephyr Vale1');
    expect([narrow.total, narrow.capped]).toEqual([111, false]); // Vale1, Vale10–19, Vale100–199
    expect((await results('Zephyr Vale', '&module=leads')).rows[0]!.id).toBe(exact);
    const theirs = await mia('GET', '/crm/search/results?q=Zephyr');
    expect((theirs.body.data as GlobalSearchResults).counts.find((c) => c.module === 'leads')).toEqual({ module: 'leads', total: 0, capped: false });
  });
});
