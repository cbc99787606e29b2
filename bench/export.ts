/**
 * Excel export at scale (issue 13, "Speed and memory"): the real server exports leads to xlsx as
 * a background job — 100,000 of them, then every one of a million — timed from the request to the
 * file being available, with the server process's peak resident memory (VmHWM, from /proc) after
 * each; and, as the bare baseline, the same rows read in one statement through node-postgres.
 * The server runs with a V8 heap limit (BENCH_SERVER_HEAP_MB, default 96 MB), so an export that
 * kept its rows would fail here rather than only show a larger figure.
 *
 *   DATABASE_URL (an empty database, or one this benchmark or leads.ts filled)  BENCH_KEEP_DB=1
 *   BENCH_ROWS (default 1000000)  BENCH_SERVER_HEAP_MB (default 96)
 */
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { withBenchDatabase } from './lib/benchDatabase';
import { startAppServer } from './lib/benchServers';
import { waitForFile } from './lib/fileCentre';
import { fillLeads, leadsFilled } from './lib/leadsFill';
import { signIn } from './lib/signIn';

const SMALL_ROWS = 100_000;
const SMALL_BUDGET_S = 15;
const RSS_BUDGET_MB = 250;
/** The server's V8 old-space limit for the run (BENCH_SERVER_HEAP_MB). */
const HEAP_MB = Number(process.env.BENCH_SERVER_HEAP_MB ?? 96);
const FIELDS = 'lastName,firstName,company,email,phone,status,leadSource,industry,rating,annualRevenue,ownerId,createTime';

/** Peak and current resident memory of a process, in MB. */
function memoryOf(pid: number): { peak: number; now: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { peak: kb('VmHWM') / 1024, now: kb('VmRSS') / 1024 };
}

type Run = { rows: number; seconds: number; bytes: number; peakMb: number; bareSeconds: number };

await withBenchDatabase(
  { fill: fillLeads, isFilled: leadsFilled },
  async (_database, url) => {
    // Under a V8 heap limit: without one V8 lets the heap grow with garbage while memory is free
    // (RSS then says how lazy the collector is, not what the export holds); with one, an export that
    // held its rows would run out of memory and fail the bench.
    const app = await startAppServer(url, { JOB_CONCURRENCY: '1', NODE_OPTIONS: `--max-old-space-size=${HEAP_MB}` });
    const pool = new pg.Pool({ connectionString: url, max: 1 });
    try {
      const token = await signIn(app.url);
      const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };

      // The newest SMALL_ROWS leads (ids rise with creation time): a created-after filter.
      const { rows: [edge] } = await pool.query<{ create_time: Date }>('select create_time from crm_lead where deleted_at is null order by create_time desc, id desc offset $1 limit 1', [SMALL_ROWS - 1]);
      const cases = [
        { name: `${SMALL_ROWS.toLocaleString('en')} newest leads`, filter: { field: 'createTime', op: 'after', value: new Date(edge!.create_time.getTime() - 1).toISOString() } },
        { name: 'every lead', filter: undefined },
      ];
      const runs: Run[] = [];
      console.log(`server (V8 heap limit ${HEAP_MB} MB) resident memory before exporting: ${memoryOf(app.pid!).now.toFixed(0)} MB (peak so far ${memoryOf(app.pid!).peak.toFixed(0)} MB)`);
      for (const c of cases) {
        const started = performance.now();
        const res = await fetch(`${app.url}/dev-api/crm/leads/export`, { method: 'POST', headers: auth, body: JSON.stringify({ fields: FIELDS, owner: 'all', ...(c.filter ? { filter: JSON.stringify(c.filter) } : {}) }) });
        const answer = (await res.json()) as { code: number; msg: string; data: { fileId: number } };
        if (answer.code !== 200) throw new Error(`export refused: ${answer.msg}`);
        const file = await waitForFile(pool, answer.data.fileId, 'export');
        const seconds = (performance.now() - started) / 1000;
        // The bare baseline reads the same rows in one statement (only for the 100,000: a million
        // rows held at once would measure this process's memory, not the database).
        let bareSeconds = Number.NaN;
        if (c.filter) {
          const bareStarted = performance.now();
          await pool.query({
            text: `select last_name, first_name, company, email, phone, status, lead_source, industry, rating, annual_revenue, owner_id, create_time from crm_lead
                   where deleted_at is null and create_time > $1 order by create_time desc, id desc`,
            values: [c.filter.value],
            rowMode: 'array',
          });
          bareSeconds = (performance.now() - bareStarted) / 1000;
        }
        const bytes = file.storage_path ? statSync(path.join(app.dataDir!, 'files', file.storage_path)).size : 0;
        runs.push({ rows: file.progress_done, seconds, bytes, peakMb: memoryOf(app.pid!).peak, bareSeconds });
        console.log(`${c.name.padEnd(24)} ${String(file.progress_done).padStart(9)} rows  ${seconds.toFixed(1).padStart(6)} s${c.filter ? `  bare read ${bareSeconds.toFixed(1)} s` : ''}  file ${(bytes / 1048576).toFixed(1)} MB  server peak RSS ${memoryOf(app.pid!).peak.toFixed(0)} MB`);
      }
      const [small, all] = runs as [Run, Run];
      const misses: string[] = [];
      if (small.seconds > SMALL_BUDGET_S) misses.push(`${SMALL_ROWS} rows took ${small.seconds.toFixed(1)} s > ${SMALL_BUDGET_S} s`);
      if (all.peakMb > RSS_BUDGET_MB) misses.push(`peak RSS ${all.peakMb.toFixed(0)} MB > ${RSS_BUDGET_MB} MB`);
      if (all.rows < Number(process.env.BENCH_ROWS ?? 1_000_000)) misses.push(`only ${all.rows} rows exported`);
      if (misses.length) {
        console.log(`\nmissed: ${misses.join('; ')}`);
        process.exitCode = 1;
      }
      console.log(
        `\nexport: ${small.rows.toLocaleString('en')} rows in ${small.seconds.toFixed(1)} s (bare read ${small.bareSeconds.toFixed(1)} s), ` +
          `${all.rows.toLocaleString('en')} rows in ${all.seconds.toFixed(1)} s, peak RSS ${all.peakMb.toFixed(0)} MB (heap limit ${HEAP_MB} MB)`,
      );
    } finally {
      await pool.end();
      await app.stop();
    }
  },
  process.env.DATABASE_URL,
);
