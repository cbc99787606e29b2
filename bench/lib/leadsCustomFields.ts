/**
 * Two custom fields on a million leads (issue 12, "Speed"): a picklist `benchTier` to filter by
 * and a number `benchScore` to sort by, both created as an administrator would (through the
 * set-up API of the running server, filterable, so indexed by the engine's own DDL), then given
 * values for every lead in one SQL statement (the table's indexes dropped meanwhile and built again).
 * A database that has them filled already is left as it is.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../apps/server/src/db/client';
import { rowsOf } from '../../apps/server/src/modules/crm/engine/query/sql';
import { vacuumAnalyze } from './benchDatabase';
import { withIndexesRebuilt } from './leadsFill';

const FIELDS = [
  {
    name: 'benchTier',
    type: 'picklist',
    labelEn: 'Bench Tier',
    labelZh: '测试等级',
    filterable: true,
    newDictionary: {
      dictType: 'crm_bench_tier',
      name: 'Bench Tier',
      values: ['gold', 'silver', 'bronze', 'basic'].map((value) => ({ value, labelEn: value, labelZh: value })),
    },
  },
  { name: 'benchScore', type: 'number', labelEn: 'Bench Score', labelZh: '测试分数', filterable: true, decimals: 0 },
];

/** Creates the fields (once) and fills them: about a tenth gold, scores spread over 0–9,999. */
export async function ensureLeadCustomFields(appUrl: string, adminToken: string, db: Db): Promise<void> {
  const created = (await rowsOf(db, sql`select 1 from information_schema.columns where table_name = 'crm_lead' and column_name = 'cf_benchscore'`)).length > 0;
  // Filled already (a kept database), unless a run was stopped before its fill ended.
  if (created && !(await rowsOf(db, sql`select 1 from crm_lead where cf_benchscore is null limit 1`)).length) return;
  for (const field of created ? [] : FIELDS) {
    const res = await fetch(`${appUrl}/dev-api/setup/leads/fields`, {
      method: 'POST',
      headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
      body: JSON.stringify(field),
    });
    const body = (await res.json()) as { code: number; msg: string };
    if (body.code !== 200) throw new Error(`custom field ${field.name} refused: ${body.msg}`);
  }
  console.log('filling the two custom fields of every lead (indexes dropped and built again)…');
  await withIndexesRebuilt(db, 'crm_lead', async () => {
    await db.execute(sql`
      update crm_lead set
        cf_benchtier = case when id % 10 = 0 then 'gold' when id % 10 < 4 then 'silver' when id % 10 < 7 then 'bronze' else 'basic' end,
        cf_benchscore = (id * 7919) % 10000`);
  });
  await vacuumAnalyze(db, 'crm_lead');
}
