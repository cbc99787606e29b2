import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caller } from '../helpers/adminApi';
import { createLead } from '../helpers/crmApi';
import { createTestApp, loginAs, type TestApp } from '../helpers/testApp';
import { createRecordsService } from '../../src/modules/crm/engine/records/recordsService';
import type { Caller } from '../../src/modules/crm/engine/records/moduleRecords';
import { loadCurrentUser } from '../../src/modules/auth/loadCurrentUser';

/**
 * The export's keyset scan (recordsService.scan) reads a list a batch at a time after the last
 * row's sort key: it must give exactly the list's rows in the list's order, empty keys included,
 * whatever the batch size and direction.
 */
describe('record scan in batches', () => {
  let app: TestApp;
  let who: Caller;

  beforeAll(async () => {
    app = await createTestApp({ JOB_CONCURRENCY: '0' });
    const admin = caller(app, await loginAs(app, 'admin'));
    // Ties and empty values of the sort key, which a careless keyset would skip or repeat.
    for (const company of ['Tie', 'Tie', 'Tie', null, null, 'Alpha', 'Zulu']) await createLead(admin, { lastName: 'Scan', company, city: 'Scanville' });
    who = { user: (await loadCurrentUser(app.db, 1))!, lang: 'en' };
  });
  afterAll(() => app.teardown());

  async function scanned(query: Record<string, unknown>, batch: number): Promise<number[]> {
    const ids: number[] = [];
    for await (const part of createRecordsService(app.db, 'leads').scan(who, query, batch)) ids.push(...part.records.map((r) => r.id));
    return ids;
  }

  it.each([
    ['company', 'asc'],
    ['company', 'desc'],
    ['createTime', 'desc'],
    ['annualRevenue', 'asc'],
  ] as const)('sorted by %s %s: the list\'s rows in its order, in batches of 1, 2 and 1000', async (orderByColumn, isAsc) => {
    const service = createRecordsService(app.db, 'leads');
    const filter = { field: 'city', op: 'eq', value: 'Scanville' } as const;
    const list = await service.list(who, { pageNum: 1, pageSize: 500, filter, orderByColumn, isAsc });
    const expected = list.rows.map((r) => r.id);
    expect(expected).toHaveLength(7);
    for (const batch of [1, 2, 1000]) expect(await scanned({ filter, orderByColumn, isAsc }, batch)).toEqual(expected);
  });

  it('the default order (newest first) over every lead the caller sees', async () => {
    const list = await createRecordsService(app.db, 'leads').list(who, { pageNum: 1, pageSize: 1000 });
    expect(await scanned({}, 97)).toEqual(list.rows.map((r) => r.id));
  });
});
