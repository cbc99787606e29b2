import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/db/client';
import { createPostgresDatabase, migrateAndSeed, testDatabaseKind } from './testApp';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's migrated and seeded database: a PGlite dump file, or a PostgreSQL database name to use as a template. */
    seededDatabase: { kind: 'pglite'; dumpFile: string } | { kind: 'postgres'; name: string } | null;
  }
}

/**
 * Global setup of the server tests: migrates and seeds one database before the first file, and
 * every test app starts from a copy of it (a PGlite dump loaded, or PostgreSQL's `create database
 * … template`) rather than running every migration and the demo seed again — which was most of a
 * test app's start, and there are about ninety of them per run.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (testDatabaseKind === 'postgres') {
    const template = await createPostgresDatabase();
    // Direct, not through PgBouncer: a pooled server connection left open would stop the copies.
    const database = openDatabase({ databaseUrl: template.directUrl });
    await migrateAndSeed(database);
    await database.close();
    project.provide('seededDatabase', { kind: 'postgres', name: new URL(template.url).pathname.slice(1) });
    return () => template.drop();
  }
  const database = openDatabase({ pgliteDir: 'memory' });
  await migrateAndSeed(database);
  const dump = await (database.db as unknown as { $client: PGlite }).$client.dumpDataDir('none');
  await database.close();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'orbit-test-seeded-'));
  const dumpFile = path.join(dir, 'seeded.tar');
  writeFileSync(dumpFile, Buffer.from(await dump.arrayBuffer()));
  project.provide('seededDatabase', { kind: 'pglite', dumpFile });
  return async () => rmSync(dir, { recursive: true, force: true });
}
