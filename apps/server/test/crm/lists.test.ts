import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { FilterNode } from '@orbit/shared/crm/filter';
import { createTestApp, loginAs, type TestApp } from '../helpers/testApp';
import { caller, userIds } from '../helpers/adminApi';
import { createLead, listIds, withFilter } from '../helpers/crmApi';

/**
 * Lists of the records engine: filters of every family of types, sorting, quick search, owner
 * scope, saved views, lookups, the global search, and bad input answered with a clear 400.
 */
describe('records engine lists (leads)', () => {
  let app: TestApp;
  let admin: ReturnType<typeof caller>;
  let olivia: ReturnType<typeof caller>;
  let ids: Record<string, number>;
  const mine: Record<string, number> = {};
  const company = { field: 'company', op: 'startsWith', value: 'Zeta' } as const;

  beforeAll(async () => {
    app = await createTestApp();
    admin = caller(app, await loginAs(app, 'admin'));
    olivia = caller(app, await loginAs(app, 'olivia.park'));
    ids = await userIds(admin);
    mine.a = await createLead(olivia, { firstName: 'Anna', lastName: 'Zimmer', company: 'Zeta Alpha', email: 'anna@zeta-alpha.com', status: 'new', rating: 'hot', annualRevenue: '500000.00', employees: 50 });
    mine.b = await createLead(olivia, { firstName: 'Bo', lastName: 'Young', company: 'Zeta Beta', email: 'bo@zetabeta.io', status: 'contacted', rating: 'cold', annualRevenue: '1500.00', employees: 5 });
    mine.c = await createLead(olivia, { firstName: '伟', lastName: '王', company: 'Zeta 中国', phone: '+86 10 1234 5678', status: 'qualified' });
    mine.d = await createLead(caller(app, await loginAs(app, 'noah.king')), { lastName: 'Other', company: 'Zeta West', status: 'new' });
    await app.db.execute(sql`update crm_lead set create_time = now() - interval '40 days' where id = ${mine.b!}`);
  });
  afterAll(() => app.teardown());

  const zeta = (extra?: object): FilterNode => ({ and: [company, ...(extra ? [extra as FilterNode] : [])] });

  it('filters by text, picklist, number, date and lookup, within the caller’s scope', async () => {
    expect((await listIds(olivia, withFilter('/crm/leads/list', zeta()))).ids.sort()).toEqual([mine.a, mine.b, mine.c].sort());
    expect((await listIds(admin, withFilter('/crm/leads/list', zeta()))).total).toBe(4);
    const cases: Array<[object, number[]]> = [
      [{ field: 'email', op: 'contains', value: 'ZETA-ALPHA' }, [mine.a!]],
      [{ field: 'email', op: 'eq', value: 'BO@ZETABETA.IO' }, [mine.b!]],
      [{ field: 'email', op: 'empty' }, [mine.c!]],
      [{ field: 'status', op: 'in', value: ['new', 'qualified'] }, [mine.a!, mine.c!]],
      [{ field: 'rating', op: 'ne', value: 'hot' }, [mine.b!, mine.c!]],
      [{ field: 'annualRevenue', op: 'gt', value: '1500' }, [mine.a!]],
      [{ field: 'employees', op: 'between', value: [1, 10] }, [mine.b!]],
      [{ field: 'createTime', op: 'relative', value: 'last30Days' }, [mine.a!, mine.c!]],
      [{ field: 'createTime', op: 'before', value: new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10) }, [mine.b!]],
      [{ field: 'ownerId', op: 'eq', value: ids['olivia.park'] }, [mine.a!, mine.b!, mine.c!]],
      [{ or: [{ field: 'rating', op: 'eq', value: 'hot' }, { field: 'phone', op: 'notEmpty' }] }, [mine.a!, mine.c!]],
      [{ not: { field: 'status', op: 'eq', value: 'new' } }, [mine.b!, mine.c!]],
    ];
    for (const [extra, expected] of cases) {
      const { ids: found } = await listIds(olivia, withFilter('/crm/leads/list', zeta(extra)));
      expect({ filter: extra, found: found.sort() }).toEqual({ filter: extra, found: [...expected].sort() });
    }
  });

  it('a user’s OR cannot widen the data scope', async () => {
    const widen: FilterNode = { or: [company, { field: 'ownerId', op: 'eq', value: ids['noah.king'] }] };
    const { ids: found } = await listIds(olivia, withFilter('/crm/leads/list', widen));
    expect(found).not.toContain(mine.d);
  });

  it('sorts by any sortable field in both directions with a stable tie-break, newest first when unsorted', async () => {
    const url = (sort: string) => withFilter(`/crm/leads/list?${sort}`, zeta());
    // Empty values count as the smallest (c has no revenue): last going down, first going up.
    expect((await listIds(olivia, url('orderByColumn=annualRevenue&isAsc=desc'))).ids).toEqual([mine.a, mine.b, mine.c]);
    expect((await listIds(olivia, url('orderByColumn=annualRevenue&isAsc=asc'))).ids).toEqual([mine.c, mine.b, mine.a]);
    expect((await listIds(olivia, url('orderByColumn=lastName&isAsc=asc'))).ids).toEqual([mine.b, mine.a, mine.c]);
    expect((await listIds(olivia, url(''))).ids).toEqual([mine.c, mine.a, mine.b]);
  });

  it('quick search matches name, company, e-mail and phone, case-insensitively', async () => {
    expect((await listIds(olivia, '/crm/leads/list?q=zimmer')).ids).toEqual([mine.a]);
    expect((await listIds(olivia, '/crm/leads/list?q=ZETABETA')).ids).toEqual([mine.b]);
    expect((await listIds(olivia, `/crm/leads/list?q=${encodeURIComponent('王')}`)).ids).toContain(mine.c);
    expect((await listIds(olivia, '/crm/leads/list?q=1234 5678')).ids).toEqual([mine.c]);
    expect((await listIds(olivia, '/crm/leads/list?q=100%25_x')).total).toBe(0);
  });

  it('owner scope narrows within the data scope: mine, my team, all', async () => {
    const emma = caller(app, await loginAs(app, 'emma.stone'));
    const team = await listIds(emma, withFilter('/crm/leads/list?owner=team&pageSize=100', zeta()));
    expect(team.ids.sort()).toEqual([mine.a, mine.b, mine.c].sort());
    expect((await listIds(emma, withFilter('/crm/leads/list?owner=mine', zeta()))).total).toBe(0);
    expect((await listIds(admin, withFilter('/crm/leads/list?owner=all', zeta()))).total).toBe(4);
  });

  it('answers the fields asked for, the name fields always, and the display names of what they point at', async () => {
    const res = await olivia('GET', withFilter('/crm/leads/list?fields=company,ownerId,status', zeta({ field: 'lastName', op: 'eq', value: 'Zimmer' })));
    const [row] = res.body.rows as Array<Record<string, unknown>>;
    expect(Object.keys(row!).sort()).toEqual(
      ['company', 'createBy', 'createTime', 'deptId', 'firstName', 'id', 'lastName', 'ownerId', 'recordTypeId', 'status', 'updateBy', 'updateTime', 'version'].sort(),
    );
    expect(res.body.lookups.user[String(ids['olivia.park'])]).toBe('Olivia Park');
  });

  it('paging: page size capped, total independent of the page', async () => {
    const page1 = await olivia('GET', withFilter('/crm/leads/list?pageSize=2&pageNum=1', zeta()));
    const page2 = await olivia('GET', withFilter('/crm/leads/list?pageSize=2&pageNum=2', zeta()));
    expect([page1.body.total, page1.body.rows.length, page2.body.rows.length]).toEqual([3, 2, 1]);
  });

  it('refuses bad list input with a clear, translated 400', async () => {
    const bad = async (url: string, lang = 'en') => {
      const res = await olivia('GET', url, undefined, { 'accept-language': lang });
      expect(res.status).toBe(400);
      return res.body.msg as string;
    };
    expect(await bad('/crm/leads/list?orderByColumn=password')).toBe('The list cannot be sorted by "password"');
    expect(await bad('/crm/leads/list?orderByColumn=description')).toBe('The list cannot be sorted by "description"');
    expect(await bad('/crm/leads/list?orderByColumn=company;drop')).toBe('Sort column has an invalid value');
    expect(await bad(withFilter('/crm/leads/list', { field: 'secret', op: 'eq', value: 1 }))).toBe('Unknown field "secret" in the filter');
    expect(await bad(withFilter('/crm/leads/list', { field: 'status', op: 'gt', value: 'a' }), 'zh')).toBe('线索状态不能使用“gt”筛选');
    expect(await bad('/crm/leads/list?filter=%7Bnot-json')).toBe('The filter cannot be read');
    expect(await bad('/crm/leads/list?fields=company,nope')).toBe('Unknown field "nope"');
    expect(await bad('/crm/leads/list?owner=everyone')).toContain('invalid');
  });

  it('saved views: create, apply (filter, columns, sort, owner scope), share only with the right, names unique per user', async () => {
    const body = { name: 'Zeta hot', columns: ['lastName', 'company', 'rating'], sortField: 'lastName', sortOrder: 'asc', filter: zeta({ field: 'rating', op: 'eq', value: 'hot' }), ownerScope: 'mine' };
    const created = await olivia('POST', '/crm/leads/views', body);
    expect(created.body.code).toBe(200);
    const viewId = created.body.data as number;
    const applied = await olivia('GET', `/crm/leads/list?viewId=${viewId}`);
    expect(applied.body.rows.map((r: { id: number }) => r.id)).toEqual([mine.a]);
    expect(Object.keys(applied.body.rows[0])).toContain('rating');
    expect(Object.keys(applied.body.rows[0])).not.toContain('email');
    expect((await olivia('POST', '/crm/leads/views', { ...body, name: 'ZETA HOT' })).body.errors).toEqual({ name: "You already have a list view named 'ZETA HOT'" });
    expect((await olivia('POST', '/crm/leads/views', { ...body, name: 'Shared', shared: true })).status).toBe(403);
    expect((await olivia('POST', '/crm/leads/views', { ...body, name: 'Bad', columns: ['nope'] })).status).toBe(400);
    // Another user neither sees nor uses a private view.
    const noah = caller(app, await loginAs(app, 'noah.king'));
    expect((await noah('GET', `/crm/leads/list?viewId=${viewId}`)).body).toEqual({ code: 404, msg: 'The list view does not exist' });
    expect(((await noah('GET', '/crm/leads/views')).body.data as Array<{ id: number }>).map((v) => v.id)).not.toContain(viewId);
    expect((await noah('DELETE', `/crm/leads/views/${viewId}`)).status).toBe(404);
    // Built-in views are read-only.
    const builtIn = ((await olivia('GET', '/crm/leads/views')).body.data as Array<{ id: number; builtIn: boolean; canEdit: boolean }>).find((v) => v.builtIn)!;
    expect(builtIn.canEdit).toBe(false);
    expect((await olivia('DELETE', `/crm/leads/views/${builtIn.id}`)).body.msg).toBe('A built-in list view cannot be changed: save a copy instead');
    expect((await olivia('PUT', '/crm/leads/views', { ...body, id: viewId, name: 'Zeta hot leads' })).body.code).toBe(200);
    expect((await olivia('DELETE', `/crm/leads/views/${viewId}`)).body.code).toBe(200);
  });

  it('a view whose column or sort names a field no longer active still lists (the field is skipped)', async () => {
    const view = await admin('POST', '/crm/leads/views', { name: 'With title', columns: ['lastName', 'title'], sortField: 'annualRevenue' });
    await app.db.execute(sql`update crm_field set active = false where module = 'leads' and name in ('title', 'annualRevenue')`);
    await app.db.execute(sql`update crm_meta_version set version = version + 1`);
    try {
      const res = await admin('GET', `/crm/leads/list?viewId=${view.body.data}`);
      expect(res.body.code).toBe(200);
      expect(Object.keys(res.body.rows[0])).not.toContain('title');
    } finally {
      await app.db.execute(sql`update crm_field set active = true where module = 'leads' and name in ('title', 'annualRevenue')`);
      await app.db.execute(sql`update crm_meta_version set version = version + 1`);
    }
  });

  it('lookup pickers offer only records the caller may see', async () => {
    const res = await olivia('GET', '/crm/leads/lookup?q=zeta');
    expect((res.body.rows as Array<{ id: number }>).map((r) => r.id).sort()).toEqual([mine.a, mine.b, mine.c].sort());
    expect(res.body.rows.find((r: { id: number }) => r.id === mine.a).label).toBe('Anna Zimmer');
    // A name written in Chinese reads family name first, without a space.
    expect(res.body.rows.find((r: { id: number }) => r.id === mine.c).label).toBe('王伟');
    const users = await olivia('GET', '/crm/lookup/user?q=noah');
    expect(users.body.rows).toEqual([{ id: ids['noah.king'], label: 'Noah King', extra: 'Sales West' }]);
  });

  it('lookup pickers rank people named what was typed before other matches, and tell them apart by company, status and e-mail', async () => {
    // "Moore": the family name of two, the company of two others (whose names sort first).
    const alice = await createLead(olivia, { firstName: 'Alice', lastName: 'Abbot', company: 'Mooretown Mills', email: 'alice@mooretown.example', status: 'new' });
    const beth = await createLead(olivia, { firstName: 'Beth', lastName: 'Baker', company: 'Moore Zed & Co', status: 'contacted' });
    const grace = await createLead(olivia, { firstName: 'Grace', lastName: 'Mooreland', company: 'Elm Ltd', status: 'new' });
    const liam = await createLead(olivia, { firstName: 'Liam', lastName: 'Moore', company: 'Oak Ltd', email: 'liam@oak.example', status: 'qualified' });
    const moore = await createLead(olivia, { lastName: 'Moore', company: 'Pine Ltd', status: 'new' });
    const res = await olivia('GET', '/crm/leads/lookup?q=Moore');
    const rows = res.body.rows as Array<{ id: number; label: string; extra?: string }>;
    const order = rows.map((r) => r.id).filter((id) => [alice, beth, grace, liam, moore].includes(id));
    // Named "Moore", a family name "Moore", a name word starting with it, then the companies (by name).
    expect(order).toEqual([moore, liam, grace, alice, beth]);
    expect(rows.find((r) => r.id === liam)).toEqual({ id: liam, label: 'Liam Moore', extra: 'Oak Ltd · Qualified · liam@oak.example' });
    expect(rows.find((r) => r.id === beth)!.extra).toBe('Moore Zed & Co · Contacted');
    const zh = await olivia('GET', '/crm/leads/lookup?q=Moore', undefined, { 'accept-language': 'zh' });
    expect((zh.body.rows as Array<{ id: number; extra?: string }>).find((r) => r.id === liam)!.extra).toMatch(/^Oak Ltd · \S+ · liam@oak\.example$/);
    expect((zh.body.rows as Array<{ id: number; extra?: string }>).find((r) => r.id === liam)!.extra).not.toContain('Qualified');
    // Without a search, by name; paging goes on in the same order.
    const page1 = (await olivia('GET', '/crm/leads/lookup?q=Moore&pageSize=2')).body;
    const page2 = (await olivia('GET', '/crm/leads/lookup?q=Moore&pageSize=2&pageNum=2')).body;
    expect([...page1.rows, ...page2.rows].map((r: { id: number }) => r.id)).toEqual(rows.slice(0, 4).map((r) => r.id));
    expect(page1.total).toBe(rows.length);
    // Wildcards and quotes are text: a "%" or "_" matches only itself, not every name.
    for (const q of ['%', '_oore', "Moore' or '1'='1", 'Mo\\ore']) {
      const hostile = await olivia('GET', `/crm/leads/lookup?q=${encodeURIComponent(q)}`);
      expect(hostile.status).toBe(200);
      expect(hostile.body.total).toBe(0);
    }
  });

  it('the global search finds records of every module the caller may list, within scope', async () => {
    const hits = (await olivia('GET', '/crm/search?q=zeta')).body.data as Array<{ module: string; id: number; label: string; detail: string }>;
    expect(hits.filter((h) => h.module === 'leads').map((h) => h.id).sort()).toEqual([mine.a, mine.b, mine.c].sort());
    expect(hits.find((h) => h.id === mine.a)).toMatchObject({ label: 'Anna Zimmer', detail: 'Zeta Alpha · anna@zeta-alpha.com' });
    expect((await olivia('GET', '/crm/search?q=')).status).toBe(400);
  });

  it('the global search ranks across modules: exact name, then prefix, then similar, then recent', async () => {
    const lead = await createLead(olivia, { lastName: 'Buyer', company: 'Contoso Ltd' });
    const prefix = await createLead(olivia, { lastName: 'Contosoni' });
    const res = await olivia('POST', '/crm/account', { name: 'Contoso' });
    expect(res.body.code).toBe(200);
    const account = res.body.data as number;
    const hits = (await olivia('GET', '/crm/search?q=contoso')).body.data as Array<{ module: string; id: number }>;
    const at = (module: string, id: number) => hits.findIndex((h) => h.module === module && h.id === id);
    expect(at('account', account)).toBe(0);
    expect(at('leads', prefix)).toBeGreaterThan(0);
    expect(at('leads', prefix)).toBeLessThan(at('leads', lead));
  });
});
