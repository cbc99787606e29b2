import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { crmImportRow } from '../../src/db/schema/crmImport';
import { keyMatch } from '../../src/modules/crm/engine/fieldTypes/text';
import { matchCondition } from '../../src/modules/crm/engine/duplicates/matchConditions';
import { metadataOf } from '../../src/modules/crm/engine/metadata/metadataStore';
import { col, rowsOf } from '../../src/modules/crm/engine/query/sql';
import { analyseIfStale, flushPendingIndexEntries } from '../../src/modules/crm/import/tableStatistics';
import { loadCurrentUser } from '../../src/modules/auth/loadCurrentUser';
import { createRecordsService } from '../../src/modules/crm/engine/records/recordsService';
import { createWriteCache } from '../../src/modules/crm/engine/records/writeCache';
import { caller, userIds } from '../helpers/adminApi';
import { getRecord } from '../helpers/crmApi';
import { run, uploaded } from '../helpers/importApi';
import { type TestApp } from '../helpers/testApp';
import { signedInApp } from '../helpers/signedInApp';

type Call = ReturnType<typeof caller>;

/**
 * An import's batch as the engine writes it (import/importBatch.ts, records createManyIn): the
 * batch's new records go in together, yet each row is still refused on its own — by the database,
 * or by a unique value an earlier row of the same batch took — and the duplicate lookups stay on
 * their index whatever the table's statistics were.
 */
describe('import batches', () => {
  let app: TestApp;
  let admin: Call;
  let adminToken: string;

  beforeAll(async () => {
    ({ app, tokens: { admin: adminToken }, as: { admin } } = await signedInApp(['admin'], { JOB_CONCURRENCY: '0' }));
  });
  afterAll(() => app.teardown());

  const failures = async (fileId: number) =>
    (await app.db.select().from(crmImportRow).where(and(eq(crmImportRow.fileId, fileId), eq(crmImportRow.action, 'fail')))).map((r) => [r.rowNo, r.message]);
  const named = async (table: string, column: string, like: string) =>
    (await rowsOf<{ v: string }>(app.db, sql`select ${col(column)} as v from ${sql.identifier(table)} where deleted_at is null and ${col(column)} ilike ${like} order by id`)).map((r) => r.v);

  it('a batch stores every field type exactly as a single create does, rows with fewer values taking the defaults', async () => {
    const fields = [
      { name: 'kickoff', type: 'date' },
      { name: 'startsAt', type: 'datetime' },
      { name: 'vip', type: 'checkbox' },
      { name: 'regions', type: 'multipicklist', dictType: 'crm_lead_source' },
      { name: 'fee', type: 'currency' },
      { name: 'share', type: 'percent' },
      { name: 'seats', type: 'number' },
    ];
    for (const field of fields) expect((await admin('POST', '/setup/campaign/fields', { ...field, labelEn: field.name, labelZh: field.name })).body.code).toBe(200);
    const body = (name: string) => ({
      name,
      kickoff: '2026-08-01',
      startsAt: '2026-08-01T10:30:00.000Z',
      vip: true,
      regions: ['web', 'trade_show'],
      fee: '1234.50',
      share: 12.5,
      seats: 7,
      description: 'a "quote", a \\ backslash, 中文, {"json": [1]}',
    });
    const single = await admin('POST', '/crm/campaign', body('Typed Single'));
    expect(single.body.code).toBe(200);

    const user = (await loadCurrentUser(app.db, (await userIds(admin)).admin!))!;
    const records = createRecordsService(app.db, 'campaign');
    const answers = await app.db.transaction((tx) =>
      records.createManyIn(tx, { user, lang: 'en' }, [body('Typed Batch 1'), { name: 'Typed Batch 2' }, body('Typed Batch 3')], createWriteCache()),
    );
    const ids = answers.map((a) => ('id' in a ? a.id : a.error));
    expect(ids.every((id) => typeof id === 'number')).toBe(true);

    const kept = (record: Record<string, unknown>) => Object.fromEntries(['name', ...fields.map((f) => f.name), 'description', 'active', 'status'].map((k) => [k, record[k]]));
    const expected = kept(await getRecord(admin, 'campaign', single.body.data as number));
    expect(expected).toMatchObject({ kickoff: '2026-08-01', vip: true, regions: ['web', 'trade_show'], seats: 7 });
    const [one, two, three] = await Promise.all(ids.map(async (id) => kept(await getRecord(admin, 'campaign', id as number))));
    expect(one).toEqual({ ...expected, name: 'Typed Batch 1' });
    expect(three).toEqual({ ...expected, name: 'Typed Batch 3' });
    // The row without values: in its own place, with the defaults a single create gives.
    const bare = await admin('POST', '/crm/campaign', { name: 'Typed Single Bare' });
    expect(two).toEqual({ ...kept(await getRecord(admin, 'campaign', bare.body.data as number)), name: 'Typed Batch 2' });
  });

  it('a row the database refuses fails alone: the others of its batch are written', async () => {
    // A rule only the database knows, as a constraint added by a DBA would be.
    await app.db.execute(sql`alter table crm_lead add constraint test_refused check (last_name <> 'Refused')`);
    try {
      const up = await uploaded(app, adminToken, 'leads', [['Last Name', 'Email'], ['BatchA', 'a@batch.example'], ['Refused', 'r@batch.example'], ['BatchB', 'b@batch.example']]);
      const state = await run(app, admin, 'leads', up);
      expect(state.result).toEqual({ created: 2, updated: 0, skipped: 0, failed: 1 });
      expect(await failures(up.fileId)).toEqual([[3, 'The row could not be written']]);
      expect(await named('crm_lead', 'last_name', 'Batch%')).toEqual(['BatchA', 'BatchB']);
      expect(await named('crm_lead', 'last_name', 'Refused')).toEqual([]);
    } finally {
      await app.db.execute(sql`alter table crm_lead drop constraint test_refused`);
    }
  });

  it('a unique value an earlier row of the same batch took is refused as taken', async () => {
    const up = await uploaded(app, adminToken, 'campaign', [['Campaign Name'], ['Batch Fair'], ['BATCH FAIR'], ['Other Fair']]);
    const state = await run(app, admin, 'campaign', up);
    expect(state.result).toEqual({ created: 2, updated: 0, skipped: 0, failed: 1 });
    expect(await failures(up.fileId)).toEqual([[3, "Campaign Name 'BATCH FAIR' is already in use"]]);
    expect(await named('crm_campaign', 'name', '% Fair')).toEqual(['Batch Fair', 'Other Fair']);
  });

  it('a table without statistics is analysed, and an e-mail is then looked up by its lower-case index', async () => {
    const analysed = async () =>
      (await rowsOf<{ at: unknown }>(app.db, sql`select coalesce(last_analyze, last_autoanalyze) as at from pg_stat_user_tables where relname = 'crm_account'`))[0]?.at ?? null;
    // A fresh database: the seed filled the tables and nothing analysed them yet.
    if ((await analysed()) === null) {
      await analyseIfStale(app.db, 'crm_account');
      expect(await analysed()).not.toBeNull();
    }
    await analyseIfStale(app.db, 'crm_lead');
    const plan = (await rowsOf<Record<string, string>>(app.db, sql`explain select id from crm_lead where deleted_at is null and ${keyMatch(col('email'), 'Someone@Example.com')}`))
      .map((r) => Object.values(r)[0])
      .join('\n');
    expect(plan).toContain('crm_lead_email_lower_idx');
  });

  it("the import's analysis samples a tenth of PostgreSQL's default: a histogram of at most 11 bounds (autovacuum's full analysis comes later)", async () => {
    // Forgotten statistics: the table counts as never analysed.
    await app.db.execute(sql`select pg_stat_reset_single_table_counters('crm_lead'::regclass)`);
    await analyseIfStale(app.db, 'crm_lead');
    const [leads] = await rowsOf<{ n: unknown }>(app.db, sql`select count(distinct id) as n from crm_lead`);
    const [stats] = await rowsOf<{ bounds: unknown }>(app.db, sql`select array_length(histogram_bounds, 1) as bounds from pg_stats where tablename = 'crm_lead' and attname = 'id'`);
    expect(Number(leads!.n)).toBeGreaterThan(11);
    expect(Number(stats!.bounds)).toBeLessThanOrEqual(11);
  });

  it('the lead rule "similar name at the same company" finds a company by its lower-case btree alone, not by the trigram index (which reads its pending list)', async () => {
    await analyseIfStale(app.db, 'crm_lead');
    const meta = metadataOf(app.db);
    await meta.fresh();
    const condition = matchCondition(meta.module('leads'), 'company', 'caseInsensitive', 'Acme Trading Ltd', 1)!;
    // No ILIKE beside the equality: the planner, without statistics of either, took the trigram index at a million leads.
    expect(new PgDialect().sqlToQuery(condition).sql).not.toMatch(/ilike/i);
    const plan = (await rowsOf<Record<string, string>>(app.db, sql`explain select id from crm_lead where deleted_at is null and ${condition}`)).map((r) => Object.values(r)[0]).join('\n');
    expect(plan).toContain('crm_lead_company_lower_idx');
    expect(plan).not.toContain('trgm');
  });

  it('a run flushes the trigram indexes\' pending lists after each batch only when its lookups read them (a rule answered by trigrams alone, a key of plain text)', async () => {
    const moved = async () => Number((await rowsOf<{ n: unknown }>(app.db, sql`select gin_clean_pending_list('crm_lead_company_trgm_idx'::regclass) as n`))[0]!.n);
    const leads = (prefix: string) => [['Last Name', 'Company', 'Email'], ...Array.from({ length: 30 }, (_, i) => [`${prefix}${i}`, `${prefix} Co ${i}`, `${prefix.toLowerCase()}${i}@pending.example`])];
    await moved();

    // The built-in rules and an e-mail key are answered by btrees (the e-mail's and the company's `lower`):
    // the rows stay in the pending lists, which the inserts flush when they fill, as a bulk load does.
    expect((await run(app, admin, 'leads', await uploaded(app, adminToken, 'leads', leads('Keyed')), { duplicateField: 'email', duplicatePolicy: 'skip' })).result).toMatchObject({ created: 30 });
    expect(await moved()).toBeGreaterThan(0);

    // A key of plain text is found by ILIKE through its trigram index: flushed after each batch.
    expect((await run(app, admin, 'leads', await uploaded(app, adminToken, 'leads', leads('Texted')), { duplicateField: 'company', duplicatePolicy: 'skip' })).result).toMatchObject({ created: 30 });
    expect(await moved()).toBe(0);

    // So is a rule whose every condition goes through a trigram index.
    const rule = await admin('POST', '/setup/leads/duplicateRules', { name: 'Similar first name', action: 'warn', conditions: [{ field: 'firstName', match: 'fuzzy' }] });
    expect(rule.body.code).toBe(200);
    try {
      await app.db.execute(sql`insert into crm_lead (last_name, company, status, owner_id, dept_id, create_by) select 'Unflushed' || i, 'Unflushed Co', 'new', 1, 100, 1 from generate_series(1, 30) i`);
      expect((await run(app, admin, 'leads', await uploaded(app, adminToken, 'leads', leads('Fuzzy')))).result).toMatchObject({ created: 30 });
      expect(await moved()).toBe(0);
    } finally {
      const rules = (await admin('GET', '/setup/leads/duplicateRules')).body.data as Array<{ id: number; name: string }>;
      await admin('DELETE', `/setup/leads/duplicateRules/${rules.find((r) => r.name === 'Similar first name')!.id}`);
    }
    await app.db.execute(sql`insert into crm_lead (last_name, company, status, owner_id, dept_id, create_by) values ('Unflushed', 'Unflushed Co', 'new', 1, 100, 1)`);
    await flushPendingIndexEntries(app.db, 'crm_lead');
    expect(await moved()).toBe(0);
  });
});
