// PgBouncer in transaction pooling in front of the PostgreSQL of TEST_PG_ADMIN_URL (default
// 127.0.0.1:5432), on a free port, for the server tests' PostgreSQL step (`npm test` starts it) —
// or by hand: `node scripts/pgbouncer.mjs` prints its URL and runs until Ctrl-C. Settings and why:
// docs/scaling.md, "PgBouncer".
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const freePort = () =>
  new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

/** Whether the pgbouncer program is installed (Debian's `pgbouncer` package). */
export const hasPgBouncer = () => spawnSync('sh', ['-c', 'command -v pgbouncer || test -x /usr/sbin/pgbouncer'], { stdio: 'ignore' }).status === 0;

/** Starts PgBouncer; answers its URL (without a database name) and how to stop it. */
export async function startPgBouncer(adminUrl = process.env.TEST_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres') {
  const server = new URL(adminUrl);
  const user = decodeURIComponent(server.username || 'postgres');
  const port = await freePort();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'orbit-pgbouncer-'));
  // PgBouncer refuses to run as root: as root it is started as the postgres system user (-u), who must read its files.
  const asRoot = process.getuid?.() === 0;
  if (asRoot) chmodSync(dir, 0o777);
  writeFileSync(path.join(dir, 'users.txt'), `"${user}" ""\n`, { mode: 0o644 });
  writeFileSync(
    path.join(dir, 'pgbouncer.ini'),
    [
      '[databases]',
      // Every database of the server, by the name the client asks for (the tests create theirs as they go).
      `* = host=${server.hostname} port=${server.port || 5432}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      "unix_socket_dir = ''",
      'auth_type = trust',
      `auth_file = ${path.join(dir, 'users.txt')}`,
      'pool_mode = transaction',
      // Up to ten test apps of ten connections each at once, beside the direct admin connections.
      'max_client_conn = 1000',
      'default_pool_size = 20',
      'max_db_connections = 40',
      // node-postgres sends none of these; psql and pg_dump may.
      'ignore_startup_parameters = extra_float_digits,options',
      `logfile = ${path.join(dir, 'pgbouncer.log')}`,
      `pidfile = ${path.join(dir, 'pgbouncer.pid')}`,
      '',
    ].join('\n'),
    { mode: 0o644 },
  );
  const binary = spawnSync('sh', ['-c', 'command -v pgbouncer || echo /usr/sbin/pgbouncer'], { encoding: 'utf8' }).stdout.trim();
  const child = spawn(binary, [...(asRoot ? ['-u', 'postgres'] : []), path.join(dir, 'pgbouncer.ini')], { stdio: ['ignore', 'ignore', 'pipe'] });
  let errors = '';
  child.stderr.on('data', (d) => (errors += d));
  // Serving once it accepts a connection.
  const deadline = Date.now() + 10_000;
  for (;;) {
    const up = await new Promise((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => (socket.end(), resolve(true)));
      socket.on('error', () => resolve(false));
    });
    if (up) break;
    if (child.exitCode !== null || Date.now() > deadline) {
      rmSync(dir, { recursive: true, force: true });
      throw new Error(`PgBouncer did not start: ${errors.trim()}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  const url = new URL(adminUrl);
  url.port = String(port);
  url.pathname = '/';
  return {
    url: url.toString(),
    async stop() {
      child.kill('SIGTERM');
      if (child.exitCode === null) await new Promise((r) => child.on('exit', r));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const bouncer = await startPgBouncer();
  console.log(`PgBouncer (transaction pooling) on ${bouncer.url}<database>`);
  process.on('SIGINT', () => void bouncer.stop().then(() => process.exit(0)));
}
