import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/testApp';

const migration = readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), '../../src/db/migrations/0030_campaign_zh_labels.sql'), 'utf8');
const statements = migration.split('-- Hand-written')[1]!.split('--> statement-breakpoint');

describe('migration 0030 (a campaign is 市场活动) on an install seeded before it', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.teardown());

  const rows = async <T>(q: ReturnType<typeof sql>) => ((await app.db.execute(q)) as unknown as { rows: T[] }).rows;
  const labels = async () => ({
    fields: Object.fromEntries((await rows<{ name: string; label_zh: string }>(sql`select name, label_zh from crm_field where module = 'campaign' and name in ('name', 'parentCampaignId')`)).map((r) => [r.name, r.label_zh])),
    view: (await rows<{ name_zh: string }>(sql`select name_zh from crm_list_view where module = 'campaign' and built_in_key = 'active'`))[0]!.name_zh,
    sections: (await rows<{ title: string }>(sql`select s->>'titleZh' as title from crm_layout, jsonb_array_elements(sections) s where module = 'campaign' and s->>'key' = 'main'`)).map((r) => r.title),
  });
  const version = async () => Number((await rows<{ version: unknown }>(sql`select version from crm_meta_version`))[0]!.version);

  it('renames the seeded words, keeps an administrator\'s, and makes the web apps fetch the metadata again', async () => {
    const fresh = await labels();
    expect(fresh).toEqual({ fields: { name: '市场活动名称', parentCampaignId: '上级市场活动' }, view: '进行中的市场活动', sections: expect.arrayContaining(['市场活动信息']) });
    expect(fresh.sections.every((t) => t === '市场活动信息')).toBe(true);

    // As an install seeded before: the old words, but one label an administrator changed.
    await app.db.execute(sql`update crm_field set label_zh = '活动名称' where module = 'campaign' and name = 'name'`);
    await app.db.execute(sql`update crm_field set label_zh = '母活动' where module = 'campaign' and name = 'parentCampaignId'`);
    await app.db.execute(sql`update crm_list_view set name_zh = '进行中的活动' where module = 'campaign' and built_in_key = 'active'`);
    await app.db.execute(
      sql`update crm_layout set sections = (select jsonb_agg(case when s->>'key' = 'main' then jsonb_set(s, '{titleZh}', '"活动信息"') else s end order by n) from jsonb_array_elements(sections) with ordinality e(s, n)) where module = 'campaign'`,
    );
    const before = await version();
    for (const statement of statements) await app.db.execute(sql.raw(statement));
    const after = await labels();
    expect(after.fields).toEqual({ name: '市场活动名称', parentCampaignId: '母活动' });
    expect(after.view).toBe('进行中的市场活动');
    expect(after.sections.every((t) => t === '市场活动信息')).toBe(true);
    expect(await version()).toBe(before + 1);
    // The other sections are as they were, in their order.
    const keys = await rows<{ keys: string[] }>(sql`select array(select s->>'key' from jsonb_array_elements(sections) s) as keys from crm_layout where module = 'campaign' limit 1`);
    expect(keys[0]!.keys[0]).toBe('main');
    expect(keys[0]!.keys.length).toBeGreaterThan(1);
  });
});
