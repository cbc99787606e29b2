/**
 * A million leads sorted by a formula field (issue 33): the formula `ROUND(benchScore / 7, 2) +
 * LEN(lastName)` reads only the lead's own columns, so the set-up makes it a STORED generated column
 * with the engine's usual `(column nulls first, id, dept_id, owner_id)` index (docs/decisions.md).
 * Each list sorted by it: one request at a time (median of 7) against the list budget, the page's
 * plan (through the formula column's index), and under load (32 connections) against a bare
 * node-postgres handler running every statement the engine ran for it (lib/underLoad.ts, as the
 * other list benches): the ratio is the engine's requests per second ÷ the bare handler's. See
 * bench/README.md.
 *
 *   npm run bench -- formulaSort      (BENCH_ROWS, DATABASE_URL, BENCH_KEEP_DB as leads.ts)
 */
import { sql } from 'drizzle-orm';
import { rowsOf } from '../apps/server/src/modules/crm/engine/query/sql';
import { BENCH_ROWS } from './lib/benchDatabase';
import { withEngineBench } from './lib/engineBench';
import { ensureLeadCustomFields } from './lib/leadsCustomFields';
import { fillLeads, leadsFilled } from './lib/leadsFill';
import { LIST_BUDGET_MS } from './lib/listBench';
import { planOf } from './lib/plans';
import { signInAll } from './lib/signIn';
import { loadLine } from './lib/httpLoad';
import { casesAgainstBare } from './lib/underLoad';
import { medianMs } from './lib/timing';

const RUNS = 7;
/** The list benchmark's ratio under load. */
const MIN_RATIO = 0.7;
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

  console.log(`\n${'case'.padEnd(62)} ${'total'.padStart(9)} ${'alone ms'.padStart(9)}  page read through`);
  for (const c of CASES) {
    const token = tokens.get(c.user)!;
    let total = 0;
    const engineMs = await medianMs(RUNS, async () => {
      const body = (await (await fetch(`${app.url}/dev-api${listUrl(c)}`, { headers: { authorization: `Bearer ${token}` } })).json()) as { code: number; total: number; msg: string };
      if (body.code !== 200) throw new Error(`${c.name}: ${body.msg}`);
      total = body.total;
    });
    const plan = await planOf(pool, (await capture.list(listUrl(c), token, 'crm_lead')).page);
    const index = [...plan.matchAll(/Index (?:Only )?Scan(?: Backward)? using (\w+)/g)].map((m) => m[1]).join(' + ') || (/Seq Scan/.test(plan) ? 'table scan' : '—');
    console.log(`${c.name.padEnd(62)} ${total.toLocaleString('en').padStart(9)} ${engineMs.toFixed(1).padStart(9)}  ${index}`);
    if (engineMs > LIST_BUDGET_MS) misses.push(`${c.name}: ${engineMs.toFixed(1)} ms > ${LIST_BUDGET_MS} ms`);
    if (!/_cf\d+_btree/.test(index)) misses.push(`${c.name}: the page is not read through the formula's index (${index})`);
  }
  const loaded = await casesAgainstBare({ databaseUrl, app, capture }, CASES.map((c) => ({ name: c.name, user: c.user, url: listUrl(c) })), tokens);
  console.log('');
  for (const l of loaded) {
    console.log(`${l.case.name}\n${loadLine('engine', l.engine)}\n${loadLine('bare SQL', l.bare)}\nratio ${l.ratio.toFixed(2)}`);
    if (l.ratio < MIN_RATIO) misses.push(`${l.case.name}: ratio ${l.ratio.toFixed(2)} < ${MIN_RATIO} of bare SQL under load`);
  }
});
if (misses.length) {
  console.log(`\nmissed: ${misses.join('; ')}`);
  process.exitCode = 1;
} else console.log(`\nformulaSort: every case within ${LIST_BUDGET_MS} ms alone and at ratio ≥ ${MIN_RATIO} under load, through the formula column's index`);
