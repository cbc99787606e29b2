import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIST_COUNT_THRESHOLD_RANGE } from '@orbit/shared/crm/listCount';
import { caller } from '../helpers/adminApi';
import { withFilter } from '../helpers/crmApi';
import { settingThrough } from '../helpers/settingsApi';
import { createTestApp, loginAs, type TestApp } from '../helpers/testApp';

type Page = { total: number; totalCapped?: boolean; nextCursor?: string; rows: Array<{ id: number }> };

/**
 * A records list counts exactly up to the setting `crm.list.countThreshold` and says "capped"
 * beyond it, with an exact count on demand; a page asked for after the page before's cursor is
 * read by keyset and holds exactly the rows the same page read by offset holds (issue 37).
 */
describe('records list: capped count and keyset pages', () => {
  let app: TestApp;
  let admin: ReturnType<typeof caller>;
  const ROWS = LIST_COUNT_THRESHOLD_RANGE.min + 37;
  const inCity = { field: 'city', op: 'eq', value: 'Countville' } as const;
  const list = async (query: string): Promise<Page> => {
    const res = await admin('GET', withFilter(`/crm/leads/list?${query}`, inCity));
    expect(res.body.code).toBe(200);
    return res.body as Page;
  };

  beforeAll(async () => {
    app = await createTestApp({ JOB_CONCURRENCY: '0' });
    admin = caller(app, await loginAs(app, 'admin'));
    // Ties on the sort key and empty keys (every fifth company), which a careless keyset would skip or repeat.
    await app.db.execute(sql`
      insert into crm_lead (owner_id, dept_id, last_name, company, annual_revenue, city, status)
      select user_id, dept_id, 'Count' || g, case when g % 5 = 0 then null else 'Co ' || (g % 40) end, (g % 7) * 1000, 'Countville', 'new'
      from sys_user, generate_series(1, ${ROWS}::int) g where user_name = 'olivia.park'`);
  });
  afterAll(() => app.teardown());

  it('counts exactly up to the threshold, caps beyond it, and counts every row when asked', async () => {
    expect(await list('pageSize=10')).toMatchObject({ total: ROWS });
    expect((await list('pageSize=10')).totalCapped).toBeUndefined();

    const threshold = settingThrough(admin, 'listCountThreshold');
    expect((await threshold.row()).configValue).toBe('10000');
    const lowered = await threshold.set(String(LIST_COUNT_THRESHOLD_RANGE.min));
    expect(lowered.body.code).toBe(200);
    try {
      const capped = await list('pageSize=10');
      expect([capped.total, capped.totalCapped, capped.rows.length]).toEqual([LIST_COUNT_THRESHOLD_RANGE.min, true, 10]);
      const exact = await list('pageSize=10&exactCount=true');
      expect([exact.total, exact.totalCapped]).toEqual([ROWS, undefined]);
      // A threshold below the range is refused with its message and changes nothing.
      const refused = await threshold.set('5');
      expect(refused.status).toBe(400);
      expect(refused.body.errors).toEqual({ configValue: `Setting value must be a whole number from ${LIST_COUNT_THRESHOLD_RANGE.min} to ${LIST_COUNT_THRESHOLD_RANGE.max}` });
      expect((await threshold.row()).configValue).toBe(String(LIST_COUNT_THRESHOLD_RANGE.min));
    } finally {
      await threshold.set('');
    }
  });

  it.each([
    ['company', 'asc'],
    ['company', 'desc'],
    ['annualRevenue', 'desc'],
    ['', ''],
  ])('sorted by "%s" %s: every page after the cursor holds the rows the offset page holds', async (orderByColumn, isAsc) => {
    const sort = orderByColumn ? `&orderByColumn=${orderByColumn}&isAsc=${isAsc}` : '';
    const pageSize = 250;
    let cursor: string | undefined;
    const seen: number[] = [];
    for (let pageNum = 1; pageNum <= Math.ceil(ROWS / pageSize); pageNum++) {
      const byOffset = await list(`pageNum=${pageNum}&pageSize=${pageSize}${sort}`);
      const byKeyset = cursor ? await list(`pageNum=${pageNum}&pageSize=${pageSize}${sort}&after=${encodeURIComponent(cursor)}`) : byOffset;
      expect(byKeyset.rows.map((r) => r.id)).toEqual(byOffset.rows.map((r) => r.id));
      seen.push(...byKeyset.rows.map((r) => r.id));
      cursor = byKeyset.nextCursor;
    }
    expect(new Set(seen).size).toBe(ROWS);
  });

  it('a cursor of another order, or one that cannot be read, is not used: the page is read by offset', async () => {
    const first = await list('pageSize=5&orderByColumn=company&isAsc=asc');
    const second = await list('pageNum=2&pageSize=5&orderByColumn=company&isAsc=asc');
    // The cursor of the company order, sent with the revenue order: page 2 of the revenue order.
    const revenue2 = await list('pageNum=2&pageSize=5&orderByColumn=annualRevenue&isAsc=asc');
    const mismatched = await list(`pageNum=2&pageSize=5&orderByColumn=annualRevenue&isAsc=asc&after=${first.nextCursor}`);
    expect(mismatched.rows.map((r) => r.id)).toEqual(revenue2.rows.map((r) => r.id));
    for (const bad of ['x', 'WzEsMl0', Buffer.from(JSON.stringify(['company:asc', 'Co 1', 1.5])).toString('base64url')]) {
      const res = await list(`pageNum=2&pageSize=5&orderByColumn=company&isAsc=asc&after=${bad}`);
      expect(res.rows.map((r) => r.id)).toEqual(second.rows.map((r) => r.id));
    }
    // A readable cursor's key is a bound value, never SQL: the rows after that text, no more.
    const injected = Buffer.from(JSON.stringify(['company:asc', "Co 3' or '1'='1", 0])).toString('base64url');
    const after = await admin('GET', withFilter(`/crm/leads/list?pageSize=5&orderByColumn=company&isAsc=asc&fields=company&after=${injected}`, inCity));
    expect(after.body.code).toBe(200);
    const companies = (after.body.rows as Array<{ company: string | null }>).map((r) => r.company);
    expect(companies).toHaveLength(5);
    expect(companies.every((c) => c !== null && c.startsWith('Co '))).toBe(true);
  });
});
