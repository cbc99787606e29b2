/**
 * The cost of automation on the write path (issue 34): 10,000 lead updates through the real API
 * on PostgreSQL (BENCH_AUTOMATION_UPDATES; BENCH_CONNECTIONS at once), first with no rule, then
 * with three active rules on leads — a field-changed rule that sets a field, an updated rule that
 * notifies, a rule on a status that creates a task —, the automation worker running in the same
 * server process as it does in production. The ratio (the issue's) is the update path's: updates
 * answered per second with the rules to without them, in the same run. Printed beside it: the
 * rate counted until every rule's run is done too (the worker's own pace).
 *
 *   DATABASE_URL / BENCH_KEEP_DB=1 (benchDatabase.ts)
 */
import { sql } from 'drizzle-orm';
import { rowsOf } from '../apps/server/src/modules/crm/engine/query/sql';
import { demoUsers, withBenchDatabase } from './lib/benchDatabase';
import { startAppServer } from './lib/benchServers';
import { signIn } from './lib/signIn';

const TARGET_RATIO = 0.8;
const UPDATES = Number(process.env.BENCH_AUTOMATION_UPDATES ?? 10_000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 8);
const COMPANIES = ['Alpha', 'Bravo', 'Charlie', 'Delta'];

let summary = '';
await withBenchDatabase(
  {
    async fill(db) {
      const owner = (await demoUsers(db)).get('olivia.park')!;
      await db.execute(sql`
        insert into crm_lead (owner_id, dept_id, last_name, company, status)
        select ${owner.id}, ${owner.dept}, 'Auto ' || g, 'Start', 'new' from generate_series(1, ${UPDATES}::int) g`);
    },
  },
  async (database, databaseUrl) => {
    const app = await startAppServer(databaseUrl, { JOB_CONCURRENCY: '1' });
    try {
      const token = await signIn(app.url, 'admin');
      const call = async (method: string, path: string, body?: unknown) => {
        const res = await fetch(`${app.url}/dev-api${path}`, {
          method,
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
        const answer = (await res.json()) as { code: number; msg: string; data?: unknown };
        if (answer.code !== 200) throw new Error(`${method} ${path}: ${answer.msg}`);
        return answer;
      };
      const ids = (await rowsOf<{ id: unknown }>(database.db, sql`select id from crm_lead where last_name like 'Auto %' order by id`)).map((r) => Number(r.id));
      // Each lead is updated once a round (a rule's own update moves its version on meanwhile), at the version read before the round.
      const versions = new Map<number, number>();
      const readVersions = async () => {
        for (const r of await rowsOf<{ id: unknown; version: unknown }>(database.db, sql`select id, version from crm_lead where last_name like 'Auto %'`)) versions.set(Number(r.id), Number(r.version));
      };

      /** An update of each lead's company (every tenth's status too), `CONNECTIONS` at once; updates per second. */
      let round = 0;
      async function updates(): Promise<number> {
        round += 1;
        await readVersions();
        let next = 0;
        const started = performance.now();
        const worker = async () => {
          for (let i = next++; i < UPDATES; i = next++) {
            const id = ids[i]!;
            const status = i % 20 === 0 ? { status: 'contacted' } : i % 20 === 10 ? { status: 'qualified' } : {};
            await call('PUT', '/crm/leads', { id, version: versions.get(id)!, company: `${COMPANIES[i % COMPANIES.length]} ${round}-${i}`, ...status });
          }
        };
        await Promise.all(Array.from({ length: CONNECTIONS }, worker));
        return UPDATES / ((performance.now() - started) / 1000);
      }
      /** Until the worker has gone through every event of the writes (their rules' work included). */
      async function settled(): Promise<void> {
        for (;;) {
          const [row] = await rowsOf<{ n: unknown }>(database.db, sql`select count(*) as n from crm_record_event where not done`);
          if (Number(row?.n ?? 0) === 0) return;
          await new Promise((resolve) => setTimeout(resolve, 200));
        }
      }

      const without = await updates();
      console.log(`without rules: ${without.toFixed(0)} updates/s`);

      const admin = (await demoUsers(database.db)).get('admin')!;
      await call('POST', '/setup/leads/workflowRules', {
        name: 'Bench: company changed → rating warm',
        trigger: { kind: 'fieldChanged', field: 'company' },
        actions: [{ kind: 'setFields', values: { rating: 'warm' } }],
      });
      await call('POST', '/setup/leads/workflowRules', {
        name: 'Bench: any update → notify',
        trigger: { kind: 'updated' },
        conditions: { field: 'status', op: 'eq', value: 'qualified' },
        actions: [{ kind: 'notify', userIds: [admin.id], message: 'A lead was qualified' }],
      });
      await call('POST', '/setup/leads/workflowRules', {
        name: 'Bench: contacted → follow-up task',
        trigger: { kind: 'fieldChanged', field: 'status', value: 'contacted' },
        actions: [{ kind: 'createTask', subject: 'Follow up', owner: 'recordOwner', dueInDays: 2 }],
      });
      const started = performance.now();
      const withRulesWrites = await updates();
      await settled();
      const withRules = UPDATES / ((performance.now() - started) / 1000);
      const [runs] = await rowsOf<{ n: unknown }>(database.db, sql`select count(*) as n from crm_workflow_run`);
      console.log(`with three rules: ${withRulesWrites.toFixed(0)} updates/s answered, ${withRules.toFixed(0)} updates/s with every rule's run done (${Number(runs?.n ?? 0)} runs)`);

      const ratio = withRulesWrites / without;
      if (ratio < TARGET_RATIO) {
        console.log(`\nmissed: ratio ${ratio.toFixed(2)} < ${TARGET_RATIO}`);
        process.exitCode = 1;
      }
      summary = `automation: ${UPDATES.toLocaleString('en')} updates, update path ratio ${ratio.toFixed(2)} with three rules to none (target ≥ ${TARGET_RATIO}); ${(withRules / without).toFixed(2)} counted until every run is done`;
    } finally {
      await app.stop();
    }
  },
  process.env.DATABASE_URL,
);
if (summary) console.log(`\n${summary}`);
