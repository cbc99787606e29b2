import { rm } from 'node:fs/promises';
import { and, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sysUserFile } from '../../db/schema/files';
import { sysJob } from '../../db/schema/jobs';
import { resolveStoredFile, storedRowsOf } from './fileStorage';

/**
 * Removes files older than the retention (FILE_RETENTION_DAYS) with their file-centre records
 * and finished jobs. The rows go first: a file whose removal fails is only an orphan on disk,
 * never a record pointing at nothing. Answers how many records went.
 */
export async function purgeExpiredFiles(db: Db, dataDir: string, retentionDays: number, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - retentionDays * 86_400_000);
  const gone = await db.transaction(async (tx) => {
    const rows = await tx.delete(sysUserFile).where(lt(sysUserFile.createTime, before)).returning({ id: sysUserFile.id, storagePath: sysUserFile.storagePath });
    if (rows.length) await tx.delete(sysJob).where(and(inArray(sysJob.fileId, rows.map((r) => r.id)), sql`${sysJob.state} in ('done', 'failed')`));
    return rows;
  });
  for (const { storagePath } of gone) {
    const absolute = resolveStoredFile(dataDir, storagePath);
    if (!absolute) continue;
    await rm(absolute, { force: true });
    await rm(storedRowsOf(absolute), { force: true });
  }
  return gone.length;
}
