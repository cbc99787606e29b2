/**
 * A realistic mix under load (issue 15, "Load"): 64 users at once for 60 s against two server
 * processes on one PostgreSQL database, each user's requests going round-robin to both (so a
 * session made on one is used on the other): sign in, list with a filter, open a record, create,
 * update, delete, export, as the demo users (a marketer may not edit, a rep may not delete: those
 * refusals are counted per operation, not errors). Prints requests per second and p50/p95/p99 per
 * operation and counts 5xx;
 * then checks in the database that every acknowledged write is there exactly once, and nothing
 * that was refused appeared.
 *
 * The users are async clients over Node's own keep-alive HTTP client (undici's fetch): each keeps
 * its own records and state, which autocannon's one-request-shape connections cannot express.
 *
 *   BENCH_CLIENTS (default 64)  BENCH_SECONDS (default 60)  DATABASE_URL (an empty database)
 */
import pg from 'pg';
import { withBenchDatabase } from './lib/benchDatabase';
import { startAppServer, type RunningServer } from './lib/benchServers';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 64);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const USERS = ['admin', 'emma.stone', 'liam.brooks', 'olivia.park', 'grace.hall', 'noah.king', 'mia.chen', 'lucas.wang'];
const OPS = ['signIn', 'list', 'open', 'create', 'update', 'delete', 'export'] as const;
type Op = (typeof OPS)[number];

type Answer = { status: number; body: { code: number; msg: string; data?: unknown; rows?: Array<{ id: number }>; token?: string } };
const timings = new Map<Op, number[]>(OPS.map((op) => [op, []]));
let serverErrors = 0;
/** Refusals (4xx) per operation, with the first message of each. */
const refusals = new Map<Op, { count: number; first: string }>();

/** Writes acknowledged (code 200) and refused, by the marker each carries. */
const created = new Map<string, number>(); // marker → id
const refusedCreates = new Set<string>();
const lastUpdate = new Map<number, string>(); // id → title of the last acknowledged update
const deleted = new Set<number>();

async function call(servers: RunningServer[], turn: number, op: Op, method: string, path: string, token: string | undefined, body?: unknown): Promise<Answer> {
  const url = `${servers[turn % servers.length]!.url}/dev-api${path}`;
  const started = performance.now();
  const res = await fetch(url, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = { status: res.status, body: (await res.json()) as Answer['body'] };
  timings.get(op)!.push(performance.now() - started);
  if (res.status >= 500) serverErrors++;
  else if (answer.body.code !== 200) {
    const seen = refusals.get(op) ?? { count: 0, first: `${answer.body.code} ${answer.body.msg}` };
    refusals.set(op, { ...seen, count: seen.count + 1 });
  }
  return answer;
}

/** One user: signs in, then works until the time is up, alternating between the processes. */
async function user(servers: RunningServer[], client: number, until: number): Promise<void> {
  let turn = client;
  const userName = USERS[client % USERS.length]!;
  const signIn = await call(servers, turn++, 'signIn', 'POST', '/login', undefined, { username: userName, password: 'admin123' });
  const token = signIn.body.token;
  if (!token) throw new Error(`sign-in of ${userName} failed: ${signIn.body.msg}`);
  const mine: Array<{ id: number; version: number }> = [];
  let n = 0;
  while (Date.now() < until) {
    const roll = Math.random();
    n++;
    if (roll < 0.4) {
      await call(servers, turn++, 'list', 'GET', `/crm/leads/list?pageSize=20&orderByColumn=company&isAsc=asc&filter=${encodeURIComponent(JSON.stringify({ field: 'status', op: 'in', value: ['new', 'contacted'] }))}`, token);
    } else if (roll < 0.6) {
      const list = await call(servers, turn++, 'list', 'GET', '/crm/leads/list?pageSize=10', token);
      const id = list.body.rows?.[n % Math.max(1, list.body.rows.length)]?.id;
      if (id) await call(servers, turn++, 'open', 'GET', `/crm/leads/${id}`, token);
    } else if (roll < 0.8) {
      const marker = `load-${client}-${n}`;
      const res = await call(servers, turn++, 'create', 'POST', '/crm/leads', token, { lastName: marker, company: 'Load Test Ltd' });
      if (res.body.code === 200) {
        created.set(marker, res.body.data as number);
        mine.push({ id: res.body.data as number, version: 0 });
      } else refusedCreates.add(marker);
    } else if (roll < 0.92 && mine.length) {
      const record = mine[n % mine.length]!;
      const current = await call(servers, turn++, 'open', 'GET', `/crm/leads/${record.id}`, token);
      const version = (current.body.data as { version: number } | undefined)?.version;
      if (version === undefined) continue;
      const title = `update-${client}-${n}`;
      const res = await call(servers, turn++, 'update', 'PUT', '/crm/leads', token, { id: record.id, version, title });
      if (res.body.code === 200) lastUpdate.set(record.id, title);
    } else if (roll < 0.98 && mine.length > 3) {
      const record = mine.shift()!;
      const res = await call(servers, turn++, 'delete', 'DELETE', `/crm/leads/${record.id}`, token);
      if (res.body.code === 200) deleted.add(record.id);
    } else {
      await call(servers, turn++, 'export', 'POST', '/crm/leads/export', token, { fields: 'lastName,company', owner: 'mine' });
    }
  }
}

const percentile = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : Number.NaN);

await withBenchDatabase({ fill: async () => undefined, isFilled: async () => false }, async (_database, url) => {
  const servers = [await startAppServer(url), await startAppServer(url)];
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  try {
    const started = Date.now();
    await Promise.all(Array.from({ length: CLIENTS }, (_, i) => user(servers, i, started + SECONDS * 1000)));
    const seconds = (Date.now() - started) / 1000;

    console.log(`\n${CLIENTS} users, ${seconds.toFixed(0)} s, two server processes round-robin\n`);
    console.log(`${'operation'.padEnd(10)} ${'requests'.padStart(9)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)} ${'p99 ms'.padStart(8)}`);
    let total = 0;
    for (const op of OPS) {
      const sorted = timings.get(op)!.sort((a, b) => a - b);
      total += sorted.length;
      console.log(`${op.padEnd(10)} ${String(sorted.length).padStart(9)} ${percentile(sorted, 50).toFixed(0).padStart(8)} ${percentile(sorted, 95).toFixed(0).padStart(8)} ${percentile(sorted, 99).toFixed(0).padStart(8)}`);
    }

    // Every acknowledged write exactly once, nothing refused present.
    const { rows } = await pool.query<{ id: string; last_name: string; title: string | null; deleted: boolean }>(
      "select id, last_name, title, deleted_at is not null as deleted from crm_lead where last_name like 'load-%'",
    );
    const byMarker = new Map<string, number>();
    for (const r of rows) byMarker.set(r.last_name, (byMarker.get(r.last_name) ?? 0) + 1);
    const lost = [...created.keys()].filter((m) => !byMarker.has(m)).length;
    const duplicated = [...byMarker.values()].filter((count) => count > 1).length;
    const unacknowledged = [...byMarker.keys()].filter((m) => !created.has(m)).length;
    const rowById = new Map(rows.map((r) => [Number(r.id), r]));
    const lostUpdates = [...lastUpdate].filter(([id, title]) => rowById.get(id)?.title !== title).length;
    const lostDeletes = [...deleted].filter((id) => !rowById.get(id)?.deleted).length;

    console.log(`\n${(total / seconds).toFixed(0)} requests/s; ${serverErrors} answers ≥ 500`);
    for (const [op, r] of refusals) console.log(`refused ${op}: ${r.count} (first: ${r.first})`);
    console.log(`writes: ${created.size} creates, ${lastUpdate.size} records updated, ${deleted.size} deletes acknowledged; ${refusedCreates.size} creates refused`);
    console.log(`check: ${lost} lost, ${duplicated} duplicated, ${unacknowledged} unacknowledged present, ${lostUpdates} updates lost, ${lostDeletes} deletes lost`);
    const misses = [
      serverErrors ? `${serverErrors} answers ≥ 500` : '',
      lost + duplicated + unacknowledged + lostUpdates + lostDeletes ? 'writes not exactly once' : '',
    ].filter(Boolean);
    if (misses.length) {
      console.log(`\nmissed: ${misses.join('; ')}`);
      process.exitCode = 1;
    }
    console.log(`\nload: ${(total / seconds).toFixed(0)} req/s with ${CLIENTS} users on 2 processes, ${serverErrors} 5xx, ${lost} lost, ${duplicated} duplicated`);
  } finally {
    await pool.end();
    for (const s of servers) await s.stop();
  }
}, process.env.DATABASE_URL);
