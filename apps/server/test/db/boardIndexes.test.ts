import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caller } from '../helpers/adminApi';
import { createTestApp, loginAs, type TestApp } from '../helpers/testApp';

const migration = readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), '../../src/db/migrations/0031_board_indexes.sql'), 'utf8');
/** The hand-written block that gives the custom picklists of an older install their board index. */
const handWritten = `-- ${migration.split('-- Hand-written')[1]!}`;

/**
 * A board's counts read a `(picklist, dept_id, owner_id)` index on present rows (fieldTypes/common.ts
 * `boardIndex`; at a million rows, docs/bench-boards.md): every picklist a board can group by has
 * one — seeded ones from the schema, custom ones from their DDL, those of an older install from
 * migration 0031.
 */
describe('board indexes', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.teardown());

  const definitionOf = async (name: string) =>
    ((await app.db.execute(sql`select indexdef from pg_indexes where indexname = ${name}`)) as unknown as { rows: Array<{ indexdef: string }> }).rows[0]?.indexdef;

  it('every seeded picklist a board can group by has one; one lists cannot filter on (a salutation) has none', async () => {
    for (const [table, column] of [['crm_lead', 'status'], ['crm_lead', 'rating'], ['crm_task', 'status'], ['crm_task', 'priority'], ['crm_opportunity', 'stage'], ['crm_account', 'type']]) {
      expect(await definitionOf(`${table}_${column}_board_idx`)).toMatch(new RegExp(`ON public\\.${table} USING btree \\(${column}, dept_id, owner_id\\) WHERE \\(deleted_at IS NULL\\)`));
    }
    expect(await definitionOf('crm_lead_salutation_board_idx')).toBeUndefined();
  });

  it('a custom picklist gets one with its column; an older install’s custom picklists get theirs from the migration, once', async () => {
    const admin = caller(app, await loginAs(app, 'admin'));
    const field = { name: 'boardStage', type: 'picklist', labelEn: 'Board Stage', labelZh: '看板阶段', filterable: true, newDictionary: { dictType: 'crm_board_stage', name: 'Board Stage', values: [{ value: 'one', labelEn: 'One', labelZh: '一' }] } };
    expect((await admin('POST', '/setup/task/fields', field)).body.code).toBe(200);
    const [row] = ((await app.db.execute(sql`select id from crm_field where module = 'task' and name = 'boardStage'`)) as unknown as { rows: Array<{ id: number }> }).rows;
    const name = `crm_task_cf${row!.id}_board`;
    expect(await definitionOf(name)).toMatch(/USING btree \(cf_boardstage, dept_id, owner_id\) WHERE \(deleted_at IS NULL\)/);

    await app.db.execute(sql.raw(`drop index ${name}`));
    await app.db.execute(sql.raw(handWritten));
    expect(await definitionOf(name)).toMatch(/USING btree \(cf_boardstage, dept_id, owner_id\) WHERE \(deleted_at IS NULL\)/);
    await app.db.execute(sql.raw(handWritten));
    expect(await definitionOf(name)).toBeDefined();
  });
});
