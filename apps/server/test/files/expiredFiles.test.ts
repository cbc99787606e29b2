import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { FILE_STATUS, FILE_TYPE } from '@orbit/shared/constants';
import { sysUserFile } from '../../src/db/schema/files';
import { sysJob } from '../../src/db/schema/jobs';
import { purgeExpiredFiles } from '../../src/modules/files/expiredFiles';
import { filesRoot } from '../../src/modules/files/fileStorage';
import { createTestApp, type TestApp } from '../helpers/testApp';

describe('expired files', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({ JOB_CONCURRENCY: '0' });
  });
  afterAll(() => app.teardown());

  it('go with their records and finished jobs after FILE_RETENTION_DAYS; newer ones stay', async () => {
    const root = filesRoot(app.config.dataDir);
    mkdirSync(path.join(root, 'exports/1'), { recursive: true });
    const make = async (name: string, daysOld: number) => {
      writeFileSync(path.join(root, 'exports/1', name), 'x');
      // The rows an import read from an upload, kept beside it, go with it. Written before the record,
      // since the server's housekeeping may take the record (and its files) the moment it exists.
      writeFileSync(path.join(root, 'exports/1', `${name}.rows`), '["Last Name"]');
      // The record and its job together, as an export leaves them: the housekeeping sees both or neither.
      return app.db.transaction(async (tx) => {
        const [file] = await tx
          .insert(sysUserFile)
          .values({ userId: 1, type: FILE_TYPE.download, fileName: name, status: FILE_STATUS.available, storagePath: `exports/1/${name}`, createTime: new Date(Date.now() - daysOld * 86_400_000) })
          .returning();
        await tx.insert(sysJob).values({ kind: 'export', state: 'done', userId: 1, fileId: file!.id, payload: { lang: 'en' } });
        return file!.id;
      });
    };
    const old = await make('old.xlsx', 8);
    const fresh = await make('fresh.xlsx', 6);

    // The server's own housekeeping (at start, then every ten minutes) may take the old file first:
    // what counts is what is left.
    expect(await purgeExpiredFiles(app.db, app.config.dataDir, 7)).toBeLessThanOrEqual(1);
    expect(await app.db.select().from(sysUserFile).where(eq(sysUserFile.id, old))).toEqual([]);
    expect(await app.db.select().from(sysJob).where(eq(sysJob.fileId, old))).toEqual([]);
    // When the housekeeping took it, it removes the file just after the rows: wait for it.
    await expect.poll(() => existsSync(path.join(root, 'exports/1/old.xlsx')), { timeout: 10_000 }).toBe(false);
    await expect.poll(() => existsSync(path.join(root, 'exports/1/old.xlsx.rows')), { timeout: 10_000 }).toBe(false);
    expect(existsSync(path.join(root, 'exports/1/fresh.xlsx.rows'))).toBe(true);
    expect(await app.db.select().from(sysUserFile).where(eq(sysUserFile.id, fresh))).toHaveLength(1);
    expect(existsSync(path.join(root, 'exports/1/fresh.xlsx'))).toBe(true);
  });
});
