/**
 * A million leads sorted by a formula field (issue 33): the formula `ROUND(benchScore / 7, 2) +
 * LEN(lastName)` reads only the lead's own columns, so the set-up makes it a STORED generated column
 * with the engine's usual `(column nulls first, id, dept_id, owner_id)` index (docs/decisions.md).
 * Each list sorted by it, one request at a time (median of 7), against the same count and page
 * statements (caught from the engine's query log) served by leads.ts's bare node-postgres handler:
 * the ratio is bare ÷ engine time. See bench/README.md.
 *
 *   npm run bench -- formulaSort      (BENCH_ROWS, DATABASE_URL, BENCH_KEEP_DB as leads.ts)
 */
import { sql } from 'drizzle-orm';
import { rowsOf } from '../apps/server/src/modules/crm/engine/query/sql';
import { BENCH_ROWS } from './lib/benchDatabase';
import { withEngineBench } from './lib/engineBench';
import { startBareHandler } from './lib/benchServers';
import { ensureLeadCustomFields } from './lib/leadsCustomFields';
import { fillLeads, leadsFilled } from './lib/leadsFill';
import { LIST_BUDGET_MS } from './lib/listBench';
import { planOf } from './lib/plans';
import { signInAll } from './lib/signIn';
import { medianMs } from './lib/timing';

const RUNS = 7;
/** The engine's time may be at most this multiple of the bare statements' (the list benchmark's 0.7 ratio, as time). */
const MAX_OVERHEAD = 1 / 0.7;
const FORMULA = { name: 'benchRank', type: 'number', labelEn: 'Bench Rank', labelZh: '测试排名', filterable: true, decimals: 2, formula: 'ROUND(benchScore / 7, 2) + LEN(lastName)' };
const COLUMNS = 'lastName,firstName,company,status,benchRank,ownerId';

type Case = { name: string; user: string; query: Record<string, string> };
const CASES: Case[] = [
  { name: 'admin: all leads by Bench Rank (formula), highest first', user: 'admin', query: { orderByColumn: 'benchRank', isAsc: 'desc' } },
  { name: 'manager: team leads by Bench Rank (formula), lowest first', user: 'emma.stone', query: { orderByColumn: 'benchRank', isAsc: 'asc' } },
  {
    name: 'manager: Bench Rank > 1000, by Bench Rank',
    user: 'emma.stone',
    query: { filter: JSON.stringify({ field: 'benchRank', op: 'gt', value: 1000 }), orderByColumn: 'benchRank', isAsc: 'desc' },
  },
];
const listUrl = (c: Case) => `/crm/leads/list?${new URLSearchParams({ pageNum: '1', pageSize: '20', fields: COLUMNS, ...c.query })}`;

const misses: string[] = [];
await withEngineBench({ fill: fillLeads, isFilled: leadsFilled }, async ({ database, databaseUrl, app, capture, pool }) => {
  const tokens = await signInAll(app.url, ['admin', 'emma.stone']);
  await ensureLeadCustomFields(app.url, tokens.get('admin')!, database.db);
  if (!(await rowsOf(database.db, sql`select 1 from crm_field where module = 'leads' and name = ${FORMULA.name}`)).length) {
    console.log(`creating the formula field (a stored generated column: the table is rewritten once, ${BENCH_ROWS.toLocaleString('en')} rows)…`);
    const started = performance.now();
    const res = await fetch(`${app.url}/dev-api/setup/leads/fields`, {
      method: 'POST',
      headers: { authorization: `Bearer ${tokens.get('admin')}`, 'content-type': 'application/json' },
      body: JSON.stringify(FORMULA),
    });
    const body = (await res.json()) as { code: number; msg: string };
    if (body.code !== 200) throw new Error(`formula field refused: ${body.msg}`);
    console.log(`created in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    await database.db.execute(sql`analyze crm_lead`);
  }

  console.log(`\n${'case'.padEnd(62)} ${'total'.padStart(9)} ${'engine ms'.padStart(10)} ${'bare ms'.padStart(8)} ${'ratio'.padStart(6)}  page read through`);
  for (const c of CASES) {
    const token = tokens.get(c.user)!;
    const statements = await capture.list(listUrl(c), token, 'crm_lead');
    let total = 0;
    const engineMs = await medianMs(RUNS, async () => {
      const body = (await (await fetch(`${app.url}/dev-api${listUrl(c)}`, { headers: { authorization: `Bearer ${token}` } })).json()) as { code: number; total: number; msg: string };
      if (body.code !== 200) throw new Error(`${c.name}: ${body.msg}`);
      total = body.total;
    });
    // The bare baseline (leads.ts's): a bare node-postgres HTTP handler running the engine's own count and page statements.
    const bare = await startBareHandler(databaseUrl, statements);
    let bareMs: number;
    try {
      bareMs = await medianMs(RUNS, async () => (await fetch(`${bare.url}/dev-api${listUrl(c)}`, { headers: { authorization: `Bearer ${token}` } })).json());
    } finally {
      await bare.stop();
    }
    const plan = await planOf(pool, statements.page);
    const index = [...plan.matchAll(/Index (?:Only )?Scan(?: Backward)? using (\w+)/g)].map((m) => m[1]).join(' + ') || (/Seq Scan/.test(plan) ? 'table scan' : '—');
    const ratio = bareMs / engineMs;
    console.log(`${c.name.padEnd(62)} ${total.toLocaleString('en').padStart(9)} ${engineMs.toFixed(1).padStart(10)} ${bareMs.toFixed(1).padStart(8)} ${ratio.toFixed(2).padStart(6)}  ${index}`);
    if (engineMs > LIST_BUDGET_MS) misses.push(`${c.name}: ${engineMs.toFixed(1)} ms > ${LIST_BUDGET_MS} ms`);
    if (engineMs > bareMs * MAX_OVERHEAD && engineMs - bareMs > 5) misses.push(`${c.name}: ratio ${ratio.toFixed(2)} < 0.7 of bare SQL`);
    if (!/_cf\d+_btree/.test(index)) misses.push(`${c.name}: the page is not read through the formula's index (${index})`);
  }
});
if (misses.length) {
  console.log(`\nmissed: ${misses.join('; ')}`);
  process.exitCode = 1;
} else console.log(`\nformulaSort: every case within ${LIST_BUDGET_MS} ms, through the formula column's index`);
