/**
 * A million tasks written by PostgreSQL itself (`insert … select … from generate_series`, in
 * batches), for the boards benchmark: owners as the leads' (lib/leadsFill.ts: the demo's sales people
 * and marketers by weight, each task in its owner's department), status and priority by weight,
 * due dates over two years around today, the reminder of a few, ids rising with time. Random
 * choices are hashes of the row number, so every fill is the same. Indexes are dropped for the load
 * and built again after; the table is vacuumed and analysed.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../apps/server/src/db/client';
import { BENCH_ROWS, demoUsers, holdsBenchRows, vacuumAnalyze } from './benchDatabase';
import { OWNERS, r, weighted, withIndexesRebuilt } from './leadsFill';

const BATCH = 100_000;
const STATUSES: Array<[string, number]> = [['not_started', 30], ['in_progress', 15], ['completed', 50], ['deferred', 5]];
const PRIORITIES: Array<[string, number]> = [['high', 20], ['normal', 60], ['low', 20]];
const SUBJECTS = 'Call|Send proposal to|Follow up with|Book a demo for|Send contract to|Check in with|Prepare quote for|Email';

export const tasksFilled = (db: Db) => holdsBenchRows(db, 'crm_task');

export async function fillTasks(db: Db): Promise<void> {
  const owners = await demoUsers(db);
  const owner = weighted(
    sql`r2`,
    OWNERS.map(([name, w]) => [owners.get(name)!.id, w]),
    sql`::bigint`,
  );
  const deptOf = sql`case owner_id ${sql.join(
    [...owners.values()].map((o) => sql`when ${o.id}::bigint then ${o.dept}::bigint`),
    sql` `,
  )} end`;
  await withIndexesRebuilt(db, 'crm_task', async () => {
    for (let from = 1; from <= BENCH_ROWS; from += BATCH) {
      const to = Math.min(from + BATCH - 1, BENCH_ROWS);
      await db.execute(sql`
        insert into crm_task (owner_id, dept_id, create_by, create_time, subject, due_date, status, priority, reminder_at, completed_at)
        select owner_id, ${deptOf}, owner_id, create_time,
          (string_to_array(${SUBJECTS}, '|'))[1 + floor(r5 * 8)::int] || ' customer ' || (g % 20000),
          (create_time + make_interval(days => (r6 * 30)::int))::date, status, priority,
          case when r7 < 0.1 and status <> 'completed' then create_time + make_interval(days => (r6 * 30)::int) end,
          case when status = 'completed' then create_time + make_interval(days => 1 + (r6 * 20)::int) end
        from (
          select g, ${owner} as owner_id, ${r(5)} as r5, ${r(6)} as r6, ${r(7)} as r7,
            now() - make_interval(days => 700) + make_interval(secs => (g::float8 / ${BENCH_ROWS} * 730 * 86400)) as create_time,
            ${weighted(r(3), STATUSES)} as status, ${weighted(r(4), PRIORITIES)} as priority
          from (select g, ${r(2)} as r2 from generate_series(${from}::bigint, ${to}::bigint) g) random
        ) task`);
    }
    console.log(`inserted ${BENCH_ROWS.toLocaleString('en')} tasks; building the indexes again`);
  });
  await vacuumAnalyze(db, 'crm_task');
}
