import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { pooledTransaction } from './pooledTransaction';

/** The one database type the code sees, whichever driver is underneath. */
export type Db = PgDatabase<PgQueryResultHKT>;
/**
 * The name of drizzle's prepared queries: none. Their SQL is still built once in the process, but
 * PostgreSQL is sent an unnamed statement each time: a named one lives on one server connection,
 * and behind PgBouncer in transaction pooling its next execution may reach another, which has never
 * heard of it (docs/scaling.md, "PgBouncer"). Planning these small lookups costs microseconds.
 */
export const UNNAMED_STATEMENT = '';

/** A transaction handle or the database itself: repositories accept either. */
export type Executor = Pick<Db, 'select' | 'insert' | 'update' | 'delete' | 'execute' | 'selectDistinct'>;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  /** Runs `work` holding a database-wide lock: processes starting together migrate and seed in turn. */
  exclusive<T>(work: () => Promise<T>): Promise<T>;
  /** The embedded database only: a copy of its data directory as it is now (for backups: modules/backup). */
  snapshot?: () => Promise<Blob>;
  close(): Promise<void>;
};

/** Key of the advisory lock taken for start-up work (any constant shared by every process). */
const STARTUP_LOCK = 727_274_201;
/** How long a query waits for a connection (a new one, or a free one of the pool) before it fails with a 503. */
const CONNECT_TIMEOUT_MS = 10_000;

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export type DatabaseOptions = {
  databaseUrl?: string;
  pgliteDir?: string | 'memory';
  /** A PGlite database to start from, as `dumpDataDir` gave it (tests start from one migrated and seeded copy). */
  pgliteLoad?: Blob;
  /** Told when PostgreSQL closes a connection (restart, failover, pg_terminate_backend); default: a warning on stderr. */
  onConnectionLost?: (error: Error) => void;
  /** How long a query waits for a connection; default CONNECT_TIMEOUT_MS (the reporting replica's is shorter: the primary can answer instead). */
  connectTimeoutMs?: number;
  /** Told the text of every statement drizzle runs (tests check that no request text reaches it). */
  onStatement?: (text: string) => void;
};

/** The default report of a lost connection: one line on stderr (the server passes its logger once it has one). */
export const warnConnectionLost = (error: Error) => console.warn(`Database connection lost: ${error.message}`);

/** drizzle's logger for `onStatement`; none when nobody listens. */
const statementLogger = (onStatement?: (text: string) => void) => (onStatement ? { logQuery: (text: string) => onStatement(text) } : undefined);

/** PostgreSQL through a pool when a URL is given; otherwise embedded PGlite in `dataDir` (or in memory). */
export function openDatabase(options: DatabaseOptions): Database {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10, connectionTimeoutMillis: options.connectTimeoutMs ?? CONNECT_TIMEOUT_MS });
    // A connection the server closes raises an 'error' event on its client, whether idle in the
    // pool or checked out; unheard, it ends the process. The pool drops a dead connection (idle at
    // once, checked out when released) and opens a new one for the next query, so the app recovers
    // by itself once the database is back; queries in between fail and are answered 503.
    const onConnectionLost = options.onConnectionLost ?? warnConnectionLost;
    pool.on('connect', (client) => client.on('error', onConnectionLost));
    // An idle client's error is re-emitted on the pool as well: already told by the listener above.
    pool.on('error', () => undefined);
    const logger = statementLogger(options.onStatement);
    const db = drizzlePg(pool, { logger }) as unknown as Db;
    db.transaction = pooledTransaction(pool, logger);
    return {
      db,
      kind: 'postgres',
      migrate: () => migratePg(db as never, { migrationsFolder }),
      async exclusive(work) {
        // A transaction-scoped lock, held by a transaction left open on a connection of its own while
        // `work` runs on the others: behind PgBouncer in transaction pooling a session-level lock and
        // its unlock could reach two different server connections (and the lock would never be freed),
        // while an open transaction keeps its server connection until it ends.
        const client = await pool.connect();
        try {
          await client.query('begin');
          await client.query('select pg_advisory_xact_lock($1)', [STARTUP_LOCK]);
          return await work();
        } finally {
          await client.query('commit').catch(() => undefined);
          client.release();
        }
      },
      close: () => pool.end(),
    };
  }
  let dir: string | undefined;
  if (options.pgliteDir && options.pgliteDir !== 'memory') {
    mkdirSync(options.pgliteDir, { recursive: true });
    dir = options.pgliteDir;
  }
  // pg_trgm backs the trigram indexes of the "contains" filters, as on PostgreSQL.
  const client = new PGlite({ dataDir: dir, loadDataDir: options.pgliteLoad, extensions: { pg_trgm } });
  const db = drizzlePglite(client, { logger: statementLogger(options.onStatement) }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(db as never, { migrationsFolder }),
    // An embedded database belongs to one process: nobody to wait for.
    exclusive: (work) => work(),
    snapshot: () => client.dumpDataDir('none'),
    close: () => client.close(),
  };
}
