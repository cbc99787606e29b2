/**
 * A PostgreSQL restart under load: the server runs as its own process (`src/server.ts`, as `npm
 * start` does) on a private PostgreSQL cluster this benchmark creates (initdb, a free port, a
 * temporary folder; as the `postgres` user when run as root), clients send requests without pause,
 * and the cluster is restarted (`pg_ctl restart -m fast`). Reports whether the process survived,
 * how the requests during the outage were answered (503 expected; no 500, no hang) and how long
 * after the database was back the first request succeeded. The system PostgreSQL is never touched.
 *
 *   BENCH_PG_BIN (default /usr/lib/postgresql/15/bin)
 */
import { spawn, spawnSync } from 'node:child_process';
import { chownSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, startServer, waitUntilServing } from '../apps/server/test/helpers/serverProcess';

const PG_BIN = process.env.BENCH_PG_BIN ?? '/usr/lib/postgresql/15/bin';
/** An answer slower than this during the outage counts as a hang. */
const HANG_MS = 15_000;
/** The first success must come this soon after the database is back. */
const RECOVERY_BUDGET_S = 5;
const CLIENTS = 4;
const asRoot = process.getuid?.() === 0;

/** Runs a PostgreSQL program (as `postgres` when we are root) without blocking the clients' event loop. */
function pgTool(tool: string, args: string[]): Promise<void> {
  const [command, ...rest] = asRoot ? ['runuser', '-u', 'postgres', '--', path.join(PG_BIN, tool), ...args] : [path.join(PG_BIN, tool), ...args];
  return new Promise((resolve, reject) => {
    const child = spawn(command!, rest, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${tool} ${args.join(' ')} failed (${code}): ${stderr.trim()}`))));
  });
}

/** The numeric user and group of the `postgres` account, which must own the cluster's folder. */
function postgresOwner(): { uid: number; gid: number } {
  const id = (flag: string) => Number(spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' }).stdout.trim());
  return { uid: id('-u'), gid: id('-g') };
}

type Outcome = { sentAt: number; doneAt: number; answer: number | 'hang' | 'network' };

const root = mkdtempSync(path.join(os.tmpdir(), 'orbit-dbrestart-'));
const pgData = path.join(root, 'pgdata');
const serverData = path.join(root, 'server');
mkdirSync(serverData);
if (asRoot) {
  const { uid, gid } = postgresOwner();
  chownSync(root, uid, gid);
}
let clusterStarted = false;
let server: ReturnType<typeof startServer> | undefined;

try {
  const pgPort = await freePort();
  await pgTool('initdb', ['-D', pgData, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C', '--no-sync']);
  const pgOptions = `-p ${pgPort} -k ${root} -c listen_addresses=127.0.0.1`;
  await pgTool('pg_ctl', ['start', '-D', pgData, '-l', path.join(root, 'postgres.log'), '-w', '-o', pgOptions]);
  clusterStarted = true;
  console.log(`private PostgreSQL cluster on 127.0.0.1:${pgPort} (${pgData})`);

  const port = await freePort();
  server = startServer({
    DATABASE_URL: `postgres://postgres@127.0.0.1:${pgPort}/postgres`,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: serverData,
    CAPTCHA_ENABLED: 'false',
    LOG_LEVEL: 'warn',
  });
  if (!(await waitUntilServing(port, 120_000))) throw new Error(`the server did not start:\n${server.output()}`);
  const base = `http://127.0.0.1:${port}/dev-api`;
  const login = await fetch(`${base}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: 'admin123' }),
  });
  const { token } = (await login.json()) as { token: string };

  // Each client alternates a signed-in read (session and user rows) and a public write (a captcha row).
  const outcomes: Outcome[] = [];
  let driving = true;
  const client = async (n: number) => {
    for (let i = n; driving; i++) {
      const sentAt = performance.now();
      const url = i % 2 ? `${base}/getInfo` : `${base}/captchaImage`;
      let answer: Outcome['answer'];
      try {
        const res = await fetch(url, { headers: { authorization: `Bearer ${token}` }, signal: AbortSignal.timeout(HANG_MS) });
        await res.arrayBuffer();
        answer = res.status;
      } catch (error) {
        answer = (error as Error).name === 'TimeoutError' ? 'hang' : 'network';
      }
      outcomes.push({ sentAt, doneAt: performance.now(), answer });
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  const clients = Array.from({ length: CLIENTS }, (_, n) => client(n));
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

  await sleep(2_000);
  const restartAt = performance.now();
  await pgTool('pg_ctl', ['restart', '-D', pgData, '-m', 'fast', '-w', '-o', pgOptions]);
  const backAt = performance.now();
  const firstSuccess = async () => {
    const deadline = backAt + 30_000;
    while (performance.now() < deadline) {
      const success = outcomes.find((o) => o.sentAt >= backAt && o.answer === 200);
      if (success) return success;
      await sleep(50);
    }
    return undefined;
  };
  const recovered = await firstSuccess();
  await sleep(2_000);
  driving = false;
  await Promise.all(clients);

  const survived = server.child.exitCode === null;
  const duringOutage = outcomes.filter((o) => o.doneAt >= restartAt && (!recovered || o.sentAt < recovered.sentAt));
  const count = (answer: Outcome['answer'], list = outcomes) => list.filter((o) => o.answer === answer).length;
  const other = outcomes.filter((o) => ![200, 503, 500, 'hang'].includes(o.answer));
  const recoveredIn = recovered ? ((recovered.doneAt - backAt) / 1000).toFixed(2) : undefined;

  console.log(`requests: ${outcomes.length} in all; during the outage ${duringOutage.length}: 200 ${count(200, duringOutage)}, 503 ${count(503, duringOutage)}, 500 ${count(500, duringOutage)}, hangs ${count('hang', duringOutage)}`);
  console.log(`database restart (pg_ctl restart -m fast) took ${((backAt - restartAt) / 1000).toFixed(2)} s`);
  if (other.length) console.log(`other answers: ${[...new Set(other.map((o) => o.answer))].join(', ')} (${other.length})`);
  if (!survived) console.log(`server output:\n${server.output().slice(-4000)}`);
  console.log(
    `dbRestart: survived ${survived ? 'yes' : 'no'}, 503 ${count(503)}, 500 ${count(500)}, recovered in ${recoveredIn ?? 'never'}${recoveredIn ? ' s' : ''}`,
  );
  const withinBudget = survived && count(500) === 0 && count('hang') === 0 && other.length === 0 && recoveredIn !== undefined && Number(recoveredIn) <= RECOVERY_BUDGET_S;
  if (!withinBudget) process.exitCode = 1;
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  if (clusterStarted) console.error(readFileSync(path.join(root, 'postgres.log'), 'utf8').slice(-2000));
  process.exitCode = 1;
} finally {
  if (server && server.child.exitCode === null) {
    server.child.kill('SIGTERM');
    await server.exited;
  }
  if (clusterStarted) await pgTool('pg_ctl', ['stop', '-D', pgData, '-m', 'immediate']).catch(() => undefined);
  rmSync(root, { recursive: true, force: true });
}
