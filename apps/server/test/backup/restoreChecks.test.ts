import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { openDatabase } from '../../src/db/client';
import { writeBackup } from '../../src/modules/backup/writeBackup';
import { restoreBackup } from '../../src/modules/backup/restoreBackup';
import { createPostgresDatabase, migrateAndSeed, testDatabaseKind } from '../helpers/testApp';

/** A restore that does not give back exactly what was backed up fails, and leaves the target empty. */
describe('a restore checks every table against the backup', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'orbit-restore-checks-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  // The embedded database's backup (the PostgreSQL step runs the case below).
  it.runIf(testDatabaseKind === 'pglite')('refuses a backup whose rows were changed, a damaged files folder, and a target that is not empty', async () => {
    const seeded = inject('seededDatabase');
    const database = openDatabase({ pgliteDir: 'memory', pgliteLoad: seeded?.kind === 'pglite' ? new Blob([readFileSync(seeded.dumpFile)]) : undefined });
    if (seeded?.kind !== 'pglite') await migrateAndSeed(database);
    const dataDir = path.join(dir, 'data');
    const backupDir = path.join(dir, 'backup');
    const manifest = await writeBackup({ kind: 'pglite', snapshot: database.snapshot! }, dataDir, backupDir);
    await database.close();
    expect(manifest.tables['public.sys_user']!.rows).toBeGreaterThan(1);

    // One user's row removed from the dump: the restore counts one row less and undoes everything.
    const sqlFile = path.join(backupDir, 'database.sql');
    const dump = readFileSync(sqlFile, 'utf8');
    const lines = dump.split('\n');
    const userRow = lines.findIndex((l) => l.startsWith('INSERT INTO public.sys_user '));
    writeFileSync(sqlFile, lines.filter((_, i) => i !== userRow).join('\n'));
    const target = path.join(dir, 'target', 'pglite');
    await expect(restoreBackup(backupDir, { kind: 'pglite', dir: target }, path.join(dir, 'target'))).rejects.toThrow(
      `public.sys_user: ${manifest.tables['public.sys_user']!.rows} rows in the backup, ${manifest.tables['public.sys_user']!.rows - 1} restored`,
    );
    const left = new PGlite({ dataDir: target });
    expect((await left.query<{ n: number }>("select count(*)::int as n from information_schema.tables where table_schema = 'public'")).rows[0]!.n).toBe(0);
    await left.close();

    // The dump as it was restores; a second restore into the same database is refused.
    writeFileSync(sqlFile, dump);
    expect((await restoreBackup(backupDir, { kind: 'pglite', dir: target }, path.join(dir, 'target'))).tables).toEqual(manifest.tables);
    await expect(restoreBackup(backupDir, { kind: 'pglite', dir: target }, path.join(dir, 'other'))).rejects.toThrow('the target database is not empty');

    // A file of the backup changed after it was written: the backup is damaged, nothing is restored.
    mkdirSync(path.join(backupDir, 'files'), { recursive: true });
    writeFileSync(path.join(backupDir, 'files', 'planted.txt'), 'not in the manifest');
    await expect(restoreBackup(backupDir, { kind: 'pglite', dir: path.join(dir, 'third', 'pglite') }, path.join(dir, 'third'))).rejects.toThrow('the backup is damaged');
  }, 120_000);

  // The same snapshot for pg_dump and the manifest: leads written all through the backup are either
  // in both or in neither, so the restore's check of every table passes.
  it.runIf(testDatabaseKind === 'postgres')('backs up PostgreSQL while it is written to, consistently, and restores it into an empty database', async () => {
    const seeded = inject('seededDatabase');
    const source = await createPostgresDatabase(seeded?.kind === 'postgres' ? seeded.name : undefined);
    const target = await createPostgresDatabase();
    const writer = new pg.Client({ connectionString: source.url });
    await writer.connect();
    let writing = true;
    let written = 0;
    const writes = (async () => {
      while (writing) {
        await writer.query(`insert into crm_lead (last_name, owner_id, dept_id, create_by) select 'During backup', user_id, dept_id, user_id from sys_user where user_name = 'admin'`);
        written += 1;
      }
    })();
    try {
      const backupDir = path.join(dir, 'postgres-backup');
      // pg_dump straight to PostgreSQL: its session settings would not survive PgBouncer's transaction pooling (docs/backups.md).
      const manifest = await writeBackup({ kind: 'postgres', url: source.directUrl }, path.join(dir, 'pg-data'), backupDir);
      writing = false;
      await writes;
      expect(written).toBeGreaterThan(0);
      expect(manifest.source).toBe('postgres');
      const restored = await restoreBackup(backupDir, { kind: 'postgres', url: target.url }, path.join(dir, 'pg-restored'));
      expect(restored.tables['public.crm_lead']!.rows).toBe(manifest.tables['public.crm_lead']!.rows);
    } finally {
      writing = false;
      await writes.catch(() => undefined);
      await writer.end();
      await source.drop();
      await target.drop();
    }
  }, 120_000);
});
