/**
 * Reports at a million (issue 14, "Speed"): the summary report of opportunities by stage × quarter
 * of closing (sum and count) run in full, its preview of 100 while building, and the sales
 * dashboard opened cold — each request's median time and the plans of the statements it ran.
 * `--write-doc` writes docs/bench-reports.md.
 *
 *   DATABASE_URL (an empty database; default: a fresh one on BENCH_PG_URL)  BENCH_KEEP_DB=1  BENCH_ROWS
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ReportDefinition } from '@orbit/shared/crm/report';
import { BENCH_ROWS } from './lib/benchDatabase';
import { withEngineBench } from './lib/engineBench';
import { fillOpportunities, opportunitiesFilled } from './lib/opportunitiesFill';
import { plansSection, planOf } from './lib/plans';
import { signInAll } from './lib/signIn';
import type { Statement } from './lib/sqlCapture';
import { medianMs } from './lib/timing';

const BUDGET_MS = { run: 1000, preview: 200, dashboard: 1500 };
const RUNS = 5;
const DOC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../docs/bench-reports.md');

/** The issue's report: opportunities by stage × quarter of closing, sum of amount and count. */
const BY_STAGE_AND_QUARTER: ReportDefinition = {
  module: 'opportunity',
  columns: ['name', 'stage', 'amount', 'closeDate', 'ownerId'],
  format: 'summary',
  groupRows: [{ field: 'stage' }, { field: 'closeDate', bucket: 'quarter' }],
  aggregates: [{ fn: 'sum', field: 'amount' }, { fn: 'count' }],
  chart: { type: 'column', aggregate: 0 },
};

type Timed = { name: string; user: string; ms: number; budget: number; statements: Statement[]; plans: string[] };

const indexesOf = (plan: string) => {
  const names = new Set([...plan.matchAll(/(?:Index Scan|Index Only Scan|Bitmap Index Scan)(?: Backward)? (?:using|on) (crm_opportunity_\w+)/g)].map((m) => m[1]!));
  if (/Seq Scan on crm_opportunity/.test(plan)) names.add('table scan');
  return [...names].join(' + ') || '—';
};

function report(timed: Timed[], misses: string[]): string {
  const lines = [
    '# Reports: benchmark figures',
    '',
    `Written by \`npm run bench -- reports --write-doc\` (bench/reports.ts) on ${new Date().toISOString().slice(0, 10)}: ${BENCH_ROWS.toLocaleString('en')}`,
    'opportunities on PostgreSQL, 2 shared cores (server and database on one machine). The issue\'s budgets are for 1,000,000',
    'opportunities; a smaller run says only that nothing is badly off.',
    '',
    `| request | user | median of ${RUNS} (ms) | budget (ms) | read through |`,
    '|---|---|---:|---:|---|',
    ...timed.map((t) => `| ${t.name} | ${t.user} | ${t.ms.toFixed(1)} | ${t.budget} | ${t.plans.map(indexesOf).join(' ; ')} |`),
    misses.length ? `\nMissed: ${misses.join('; ')}` : '',
    '',
    ...plansSection(timed.map((t) => ({ title: `${t.name} (${t.user})`, statements: t.statements, plans: t.plans }))),
  ];
  return lines.join('\n') + '\n';
}

await withEngineBench(
  { fill: fillOpportunities, isFilled: opportunitiesFilled },
  async ({ app, capture, pool }) => {
    const tokens = await signInAll(app.url, ['admin', 'emma.stone']);
    const call = async (user: string, method: string, url: string, body?: unknown) => {
      const res = await fetch(`${app.url}/dev-api${url}`, {
        method,
        headers: { authorization: `Bearer ${tokens.get(user)}`, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      const answer = (await res.json()) as { code: number; msg?: string; data?: unknown };
      if (answer.code !== 200) throw new Error(`${method} ${url}: ${answer.msg}`);
      return answer.data;
    };

    // The report, saved by the manager and shared, so each user runs it in their own scope.
    const name = `Bench by stage and quarter ${Date.now()}`;
    const id = (await call('emma.stone', 'POST', '/crm/report', { name, shared: true, definition: BY_STAGE_AND_QUARTER })) as number;
    const dashboards = (await call('admin', 'GET', '/crm/dashboard/list')) as Array<{ id: number; widgets: unknown[] }>;
    const sales = dashboards[0]!;

    const timed: Timed[] = [];
    const time = async (name: string, user: string, budget: number, url: string, work: () => Promise<unknown>) => {
      const ms = await medianMs(RUNS, work);
      const statements = url ? await capture.statements(url, tokens.get(user)!, 'crm_opportunity') : [];
      const plans: string[] = [];
      for (const s of statements) plans.push(await planOf(pool, s));
      timed.push({ name, user, ms, budget, statements, plans });
      console.log(`${`${name} (${user})`.padEnd(64)} ${ms.toFixed(1).padStart(8)} ms (budget ${budget})   ${plans.map(indexesOf).join(' ; ')}`);
    };

    // Cold first: the dashboard before anything else warmed the caches for it.
    const dashboardUrl = `/crm/dashboard/${sales.id}/data`;
    const cold = performance.now();
    await call('admin', 'GET', dashboardUrl);
    const coldMs = performance.now() - cold;
    console.log(`${`sales dashboard, ${sales.widgets.length} widgets, cold (admin)`.padEnd(64)} ${coldMs.toFixed(1).padStart(8)} ms (budget ${BUDGET_MS.dashboard})`);
    timed.push({ name: `sales dashboard, ${sales.widgets.length} widgets, cold`, user: 'admin', ms: coldMs, budget: BUDGET_MS.dashboard, statements: [], plans: [] });

    for (const user of ['admin', 'emma.stone']) {
      await time('summary: opportunities by stage × quarter, full run', user, BUDGET_MS.run, `/crm/report/${id}/run`, () => call(user, 'GET', `/crm/report/${id}/run`));
      await time('preview of 100 while building', user, BUDGET_MS.preview, '', () => call(user, 'POST', '/crm/report/preview', { definition: BY_STAGE_AND_QUARTER }));
    }
    await time(`sales dashboard, ${sales.widgets.length} widgets, warm`, 'admin', BUDGET_MS.dashboard, dashboardUrl, () => call('admin', 'GET', dashboardUrl));
    for (const t of timed) if (t.plans.length) console.log(`\n--- ${t.name} (${t.user})\n${t.plans.join('\n\n')}`);

    const misses = timed.filter((t) => t.ms > t.budget).map((t) => `${t.name} (${t.user}): ${t.ms.toFixed(0)} ms > ${t.budget} ms`);
    if (process.argv.includes('--write-doc')) {
      writeFileSync(DOC, report(timed, misses));
      console.log(`\nwrote ${path.relative(process.cwd(), DOC)}`);
    }
    if (misses.length) {
      console.log(`\nmissed: ${misses.join('; ')}`);
      process.exitCode = 1;
    }
    console.log(`\nreports at ${BENCH_ROWS.toLocaleString('en')} opportunities: ${timed.map((t) => `${t.name.split(',')[0]} ${t.ms.toFixed(0)} ms`).join('; ')}`);
  },
);
