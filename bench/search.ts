/**
 * Global search at a million leads and a million contacts (issue 30): the search palette
 * (`GET /crm/search`) and the results page (`GET /crm/search/results`) through the real server,
 * as an administrator (scope all) and a sales rep (own records), for an exact name, a prefix, a
 * term found inside names (trigram), a term with no hits and a Chinese name — each against the
 * statements the engine ran for it through a bare node-postgres handler, two of them under load
 * as bench/leads.ts measures the leads list. See bench/README.md and docs/benchmarks.md.
 *
 *   DATABASE_URL (an empty database; default: a fresh one on BENCH_PG_URL)  BENCH_KEEP_DB=1
 *   BENCH_ROUNDS (default 3) of BENCH_SECONDS (default 10) per server  BENCH_CONNECTIONS (default 32)
 */
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../apps/server/src/modules/crm/engine/query/sql';
import { fillContacts, contactsFilled } from './lib/contactsFill';
import { startBareHandler } from './lib/benchServers';
import { casesAgainstBare, judgeAgainstTarget } from './lib/underLoad';
import { withEngineBench } from './lib/engineBench';
import { fillLeads, leadsFilled } from './lib/leadsFill';
import { LIST_BUDGET_MS } from './lib/listBench';
import { planOf } from './lib/plans';
import { signInAll } from './lib/signIn';
import type { Statement } from './lib/sqlCapture';
import { medianMs } from './lib/timing';

/** The list benchmark's budget (bench/leads.ts): its ratio to bare SQL under load, and its limit for a list request alone. */
const TARGET = { ratio: 0.7, aloneMs: LIST_BUDGET_MS };
const RUNS = 7;
const ADMIN = 'admin';
const REP = 'olivia.park';

/** What is typed: names from the fill's pools (bench/lib/leadsFill.ts), found in both tables. */
const TERMS: Array<{ kind: string; q: string }> = [
  { kind: 'exact name', q: 'James Smith' },
  { kind: 'prefix', q: 'Jenn' },
  { kind: 'inside names (trigram)', q: 'ompson' },
  { kind: 'no hits', q: 'Zyqxw' },
  { kind: 'Chinese name', q: '王伟' },
];

type Case = { name: string; user: string; url: string; kind: 'palette' | 'results' };
const CASES: Case[] = TERMS.flatMap(({ kind, q }) =>
  [ADMIN, REP].flatMap((user): Case[] => [
    { name: `palette, ${user === ADMIN ? 'admin' : 'rep'}: ${kind} "${q}"`, user, kind: 'palette', url: `/crm/search?${new URLSearchParams({ q })}` },
    { name: `results, ${user === ADMIN ? 'admin' : 'rep'}: ${kind} "${q}"`, user, kind: 'results', url: `/crm/search/results?${new URLSearchParams({ q, pageNum: '1', pageSize: '20' })}` },
  ]),
);
/** Under load: the palette as the rep finishes typing a name, the results page of it as the administrator. */
const LOADED = [CASES.find((c) => c.kind === 'palette' && c.user === REP)!, CASES.find((c) => c.kind === 'results' && c.user === ADMIN)!];

const ms = (n: number) => n.toFixed(1);

/** The module tables a plan reads and how ('table scan' when one is read whole). */
function readsOf(plan: string): string {
  const names = new Set([...plan.matchAll(/(?:Index Scan|Index Only Scan|Bitmap Index Scan)(?: Backward)? (?:using|on) (crm_\w+)/g)].map((m) => m[1]!));
  for (const m of plan.matchAll(/Seq Scan on (crm_(?:lead|contact|account|opportunity|campaign|task)) /g)) names.add(`${m[1]} table scan`);
  return [...names].join(' + ') || '—';
}

type Timed = { case: Case; engineMs: number; bareMs: number; hits: string; statements: Statement[]; plans: string[] };

let summary = '';
await withEngineBench(
  { fill: async (db) => (await fillLeads(db), await fillContacts(db)), isFilled: async (db) => (await leadsFilled(db)) && (await contactsFilled(db)) },
  async ({ database, databaseUrl, app, capture, pool }) => {
    const [counts] = await rowsOf<{ leads: unknown; contacts: unknown }>(database.db, sql`select (select count(*) from crm_lead) as leads, (select count(*) from crm_contact) as contacts`);
    console.log(`${Number(counts!.leads).toLocaleString('en')} leads, ${Number(counts!.contacts).toLocaleString('en')} contacts; load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
    const tokens = await signInAll(app.url, [ADMIN, REP]);
    const auth = (c: Case) => ({ authorization: `Bearer ${tokens.get(c.user)}` });
    const get = async (base: string, c: Case) => {
      const body = (await (await fetch(`${base}/dev-api${c.url}`, { headers: auth(c) })).json()) as { code: number; msg?: string; data: unknown };
      if (body.code !== 200) throw new Error(`${c.name}: ${body.msg}`);
      return body.data;
    };
    /** What a case found: the palette's hits by module, the results page's counts per tab. */
    const hitsOf = (c: Case, data: unknown) => {
      if (c.kind === 'palette') {
        const byModule = new Map<string, number>();
        for (const h of data as Array<{ module: string }>) byModule.set(h.module, (byModule.get(h.module) ?? 0) + 1);
        return [...byModule].map(([m, n]) => `${m} ${n}`).join(', ') || 'none';
      }
      const results = data as { counts: Array<{ module: string; total: number; capped: boolean }>; module: string | null; rows: unknown[] };
      const counted = results.counts.filter((x) => x.total).map((x) => `${x.module} ${x.total.toLocaleString('en')}${x.capped ? '+' : ''}`);
      return `${counted.join(', ') || 'none'}; page: ${results.module ?? '—'} ${results.rows.length}`;
    };

    // Each request alone: the engine, then the statements it ran through the bare handler.
    const timed: Timed[] = [];
    console.log(`\n${'case'.padEnd(52)} ${'engine ms'.padStart(10)} ${'bare ms'.padStart(8)} ${'ratio'.padStart(6)}  found`);
    for (const c of CASES) {
      const statements = await capture.statements(c.url, tokens.get(c.user)!);
      let hits = '';
      const engineMs = await medianMs(RUNS, async () => (hits = hitsOf(c, await get(app.url, c))));
      const bareServer = await startBareHandler(databaseUrl, statements);
      let bareMs: number;
      try {
        bareMs = await medianMs(RUNS, () => get(bareServer.url, c));
      } finally {
        await bareServer.stop();
      }
      const searches = statements.filter((s) => / from "crm_\w+" where /.test(s.text));
      const plans: string[] = [];
      for (const s of searches) plans.push(await planOf(pool, s));
      timed.push({ case: c, engineMs, bareMs, hits, statements: searches, plans });
      console.log(`${c.name.padEnd(52)} ${ms(engineMs).padStart(10)} ${ms(bareMs).padStart(8)} ${(bareMs / engineMs).toFixed(2).padStart(6)}  ${hits}  [${[...new Set(plans.map(readsOf))].join('; ')}]`);
    }
    for (const t of timed) {
      console.log(`\n--- ${t.case.name}: ${t.statements.length} statements on module tables`);
      t.statements.forEach((s, i) => console.log(`${s.text}\n-- ${JSON.stringify(s.values)}\n${t.plans[i]}\n`));
    }

    // Under load, as the leads list is measured.
    const loaded = await casesAgainstBare({ databaseUrl, app, capture }, LOADED, tokens);
    judgeAgainstTarget(loaded, timed, TARGET);
    const worst = (kind: Case['kind']) => Math.max(...timed.filter((t) => t.case.kind === kind).map((t) => t.engineMs));
    summary = `search: ${loaded.map((l) => `${l.case.kind} ratio ${l.ratio.toFixed(2)}`).join(', ')} of bare SQL; slowest palette ${ms(worst('palette'))} ms, results ${ms(worst('results'))} ms`;
  },
);
if (summary) console.log(`\n${summary}`);
