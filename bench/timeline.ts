/**
 * The timeline of an account with 10,000 activities (issue 31): `GET /crm/account/{id}/timeline`
 * through the real server — its first page, calls only, and a later page — as the administrator
 * and as the sales rep who owns the account, each against the statements the engine ran for it
 * through a bare node-postgres handler, the first page under load as bench/leads.ts measures the
 * leads list. Around it, BENCH_TIMELINE_OTHERS more activities on other accounts (BENCH_TIMELINE_ACCOUNTS), so that the
 * indexes have to find the account's rows among many. See bench/README.md and docs/benchmarks.md.
 *
 *   DATABASE_URL (an empty database; default: a fresh one on BENCH_PG_URL)  BENCH_KEEP_DB=1
 *   BENCH_TIMELINE_ACTIVITIES (default 10,000) on the account, BENCH_TIMELINE_OTHERS (default 200,000)
 *   on BENCH_TIMELINE_ACCOUNTS other accounts (default 2,000)
 *   BENCH_ROUNDS (default 3) of BENCH_SECONDS (default 10) per server  BENCH_CONNECTIONS (default 32)
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../apps/server/src/db/client';
import { rowsOf } from '../apps/server/src/modules/crm/engine/query/sql';
import { vacuumAnalyze } from './lib/benchDatabase';
import { startBareHandler } from './lib/benchServers';
import { withEngineBench } from './lib/engineBench';
import { LIST_BUDGET_MS } from './lib/listBench';
import { planOf } from './lib/plans';
import { signInAll } from './lib/signIn';
import { medianMs } from './lib/timing';
import { casesAgainstBare, judgeAgainstTarget } from './lib/underLoad';

const ACTIVITIES = Number(process.env.BENCH_TIMELINE_ACTIVITIES ?? 10_000);
const OTHERS = Number(process.env.BENCH_TIMELINE_OTHERS ?? 200_000);
const OTHER_ACCOUNTS = Number(process.env.BENCH_TIMELINE_ACCOUNTS ?? 2_000);
const ACCOUNT = 'Timeline Bench Holdings';
const CONTACTS = 20;
/** The list benchmark's budget: its ratio to bare SQL under load, and its limit for a request alone. */
const TARGET = { ratio: 0.7, aloneMs: LIST_BUDGET_MS };
const RUNS = 7;
const ADMIN = 'admin';
const REP = 'olivia.park';

const ms = (n: number) => n.toFixed(1);

async function accountId(db: Db): Promise<number | null> {
  const [row] = await rowsOf<{ id: unknown }>(db, sql`select id from crm_account where name = ${ACCOUNT} and deleted_at is null`);
  return row ? Number(row.id) : null;
}

/**
 * The account (the rep's), its contacts, and its activities: half about the account, half naming
 * one of its contacts (which the timeline rolls up to the account), calls, notes and meetings over
 * the last year; then the other accounts' activities. Written by PostgreSQL in one statement each.
 */
async function fill(db: Db): Promise<void> {
  const [rep] = await rowsOf<{ user_id: unknown; dept_id: unknown }>(db, sql`select user_id, dept_id from sys_user where user_name = ${REP}`);
  const [owner, dept] = [Number(rep!.user_id), Number(rep!.dept_id)];
  const [account] = await rowsOf<{ id: unknown }>(db, sql`insert into crm_account (owner_id, dept_id, create_by, name) values (${owner}, ${dept}, ${owner}, ${ACCOUNT}) returning id`);
  const id = Number(account!.id);
  await db.execute(sql`
    insert into crm_contact (owner_id, dept_id, create_by, first_name, last_name, account_id)
    select ${owner}, ${dept}, ${owner}, 'Bench', 'Contact ' || g, ${id} from generate_series(1, ${CONTACTS}) g`);
  const activity = (where: ReturnType<typeof sql>, count: number) => sql`
    insert into crm_activity (owner_id, dept_id, create_by, create_time, kind, subject, related_to_module, related_to_id, name_module, name_id,
      direction, duration_minutes, outcome, start_at, end_at, notes)
    select owner_id, dept_id, owner_id, at, kind,
      case kind when 'call' then 'Call ' when 'meeting' then 'Meeting ' else 'Note ' end || g,
      related_module, related_id, name_module, name_id,
      case when kind = 'call' then case when g % 2 = 0 then 'outbound' else 'inbound' end end,
      case when kind = 'call' then 5 + g % 40 end,
      case when kind = 'call' then (array['connected', 'left_voicemail', 'no_answer'])[1 + g % 3] end,
      case when kind = 'meeting' then at end, case when kind = 'meeting' then at + interval '1 hour' end,
      case when kind = 'note' then '<p>Spoke about the renewal terms.</p>' end
    from (
      select g, now() - make_interval(secs => (g::float8 / ${count}) * 365 * 86400) as at,
        (array['call', 'call', 'note', 'meeting'])[1 + g % 4] as kind, ${where}
      from generate_series(1, ${count}) g
    ) s`;
  // The account's own: half about it, half naming one of its contacts.
  await db.execute(
    activity(
      sql`${owner}::bigint as owner_id, ${dept}::bigint as dept_id,
        case when g % 2 = 0 then 'account' end as related_module, case when g % 2 = 0 then ${id}::bigint end as related_id,
        case when g % 2 = 1 then 'contact' end as name_module,
        case when g % 2 = 1 then (select min(c.id) from crm_contact c where c.account_id = ${id}) + g % ${CONTACTS} end as name_id`,
      ACTIVITIES,
    ),
  );
  // Everyone else's, on other accounts (made here, owned by the rep too so that her scope holds them all).
  const [first] = await rowsOf<{ id: unknown }>(
    db,
    sql`insert into crm_account (owner_id, dept_id, create_by, name) select ${owner}, ${dept}, ${owner}, 'Timeline Other ' || g from generate_series(1, ${OTHER_ACCOUNTS}) g returning id`,
  );
  await db.execute(
    activity(
      sql`${owner}::bigint as owner_id, ${dept}::bigint as dept_id, 'account' as related_module, ${Number(first!.id)}::bigint + g % ${OTHER_ACCOUNTS} as related_id,
        null::text as name_module, null::bigint as name_id`,
      OTHERS,
    ),
  );
  for (const table of ['crm_account', 'crm_contact', 'crm_activity']) await vacuumAnalyze(db, table);
}

type Case = { name: string; user: string; url: string };

let summary = '';
await withEngineBench({ fill, isFilled: async (db) => (await accountId(db)) !== null }, async ({ database, databaseUrl, app, capture, pool }) => {
  const id = (await accountId(database.db))!;
  const [count] = await rowsOf<{ n: unknown }>(database.db, sql`select count(*) as n from crm_activity`);
  console.log(`${Number(count!.n).toLocaleString('en')} activities, ${ACTIVITIES.toLocaleString('en')} of them on account ${id}`);
  const tokens = await signInAll(app.url, [ADMIN, REP]);
  const timeline = (query: string) => `/crm/account/${id}/timeline?${query}`;
  const CASES: Case[] = [ADMIN, REP].flatMap((user) => [
    { name: `${user === ADMIN ? 'admin' : 'rep'}: first page`, user, url: timeline('pageNum=1&pageSize=20') },
    { name: `${user === ADMIN ? 'admin' : 'rep'}: calls only`, user, url: timeline('kinds=call&pageNum=1&pageSize=20') },
    { name: `${user === ADMIN ? 'admin' : 'rep'}: page 50`, user, url: timeline('pageNum=50&pageSize=20') },
  ]);
  const get = async (base: string, c: Case) => {
    const body = (await (await fetch(`${base}/dev-api${c.url}`, { headers: { authorization: `Bearer ${tokens.get(c.user)}` } })).json()) as { code: number; msg?: string; rows?: unknown[] };
    if (body.code !== 200) throw new Error(`${c.name}: ${body.msg}`);
    return body;
  };

  console.log(`\n${'case'.padEnd(28)} ${'engine ms'.padStart(10)} ${'bare ms'.padStart(8)}  rows  plan`);
  const timed: Array<{ case: Case; engineMs: number; bareMs: number }> = [];
  for (const c of CASES) {
    const statements = await capture.statements(c.url, tokens.get(c.user)!);
    const rows = (await get(app.url, c)).rows?.length ?? 0;
    const engineMs = await medianMs(RUNS, () => get(app.url, c));
    const bareServer = await startBareHandler(databaseUrl, statements);
    const bareMs = await medianMs(RUNS, () => fetch(`${bareServer.url}/dev-api${c.url}`).then((r) => r.arrayBuffer())).finally(() => bareServer.stop());
    const timelineStatement = statements.find((s) => s.text.includes('crm_activity'));
    const plan = timelineStatement ? await planOf(pool, timelineStatement) : '';
    const scans = [...new Set([...plan.matchAll(/(Index Scan|Index Only Scan|Seq Scan)(?: Backward)? (?:using \w+ )?on (crm_\w+)/g)].map((m) => `${m[1]} ${m[2]}`))].join(', ');
    timed.push({ case: c, engineMs, bareMs });
    console.log(`${c.name.padEnd(28)} ${ms(engineMs).padStart(10)} ${ms(bareMs).padStart(8)}  ${String(rows).padStart(4)}  ${scans}`);
  }

  const loaded = await casesAgainstBare({ databaseUrl, app, capture }, [CASES[0]!, CASES[3]!], tokens);
  judgeAgainstTarget(loaded, timed, TARGET);
  summary = `timeline: slowest page alone ${ms(Math.max(...timed.map((t) => t.engineMs)))} ms (budget ${TARGET.aloneMs}); under load ${loaded.map((l) => `${l.case.name} ${l.ratio.toFixed(2)}`).join(', ')} of bare SQL`;
});
if (summary) console.log(`\n${summary}`);
