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

/** The one database type the code sees, whichever driver is underneath. */
export type Db = PgDatabase<PgQueryResultHKT>;
/** A transaction handle or the database itself: repositories accept either. */
export type Executor = Pick<Db, 'select' | 'insert' | 'update' | 'delete' | 'execute' | 'selectDistinct'>;

export type Database = { db: Db; kind: 'pglite' | 'postgres'; migrate(): Promise<void>; close(): Promise<void> };

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** PostgreSQL through a pool when a URL is given; otherwise embedded PGlite in `dataDir` (or in memory). */
export function openDatabase(options: { databaseUrl?: string; pgliteDir?: string | 'memory' }): Database {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    const db = drizzlePg(pool) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      migrate: () => migratePg(db as never, { migrationsFolder }),
      close: () => pool.end(),
    };
  }
  let dir: string | undefined;
  if (options.pgliteDir && options.pgliteDir !== 'memory') {
    mkdirSync(options.pgliteDir, { recursive: true });
    dir = options.pgliteDir;
  }
  // pg_trgm backs the trigram indexes of the "contains" filters, as on PostgreSQL.
  const client = new PGlite({ dataDir: dir, extensions: { pg_trgm } });
  const db = drizzlePglite(client) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(db as never, { migrationsFolder }),
    close: () => client.close(),
  };
}
