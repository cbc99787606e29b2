import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { CODE } from '@orbit/shared/constants';
import type { ImportResult } from '@orbit/shared/contract/recordImport';
import { PERMISSIONS } from '@orbit/shared/permissions';
import { crmImport, crmImportRow } from '../../../db/schema/crmImport';
import { sysUserFile } from '../../../db/schema/files';
import { AppError } from '../../../lib/errors';
import { hasPermission } from '../../auth/currentUser';
import { holdJob, type JobHandler } from '../../jobs/jobRunner';
import { metadataOf } from '../engine/metadata/metadataStore';
import { createRecordsService } from '../engine/records/recordsService';
import { isRefusedValue } from './importBatch';
import { importingUser, type ImportJobPayload } from './recordImport.job';

/** Rows undone per transaction (each with its mark, so a revert taken up again never undoes a row twice). */
export const REVERT_BATCH = 100;

const WRITES = ['create', 'update'];

/**
 * Undoes an import, newest row first: records it created go to the recycle bin (the engine's delete,
 * with its rules: an account with opportunities since is kept), records it updated get the values it
 * replaced back (the engine's update, at the version the import left — a record changed since is
 * kept as it is). What cannot be undone any more, or is now beyond the user's reach, is counted as
 * kept. Each row is marked done or kept in the transaction that undoes it. The user needs, when it
 * runs as when it was asked, `remove` if it has created records to delete and `edit` if it has
 * updated ones to restore: an undo is the deletes and edits it makes.
 */
export function importRevertJob(batchSize = REVERT_BATCH): JobHandler {
  return async ({ db, job, payload, progress }) => {
    const { lang, module } = payload as ImportJobPayload;
    const user = await importingUser(db, job, module);
    const pending = and(eq(crmImportRow.fileId, job.fileId), inArray(crmImportRow.action, WRITES), isNull(crmImportRow.revert));
    // Checked again as the user is now: deleting what the import created needs `remove`, editing back what it updated `edit`.
    const left = await db.select({ action: crmImportRow.action, n: count() }).from(crmImportRow).where(pending).groupBy(crmImportRow.action);
    const needs = { create: PERMISSIONS[module].remove, update: PERMISSIONS[module].edit };
    for (const { action, n } of left) if (n > 0 && !hasPermission(user, needs[action as keyof typeof needs])) throw new AppError(CODE.forbidden, 'common.forbidden');

    await metadataOf(db).fresh();
    const records = createRecordsService(db, module);
    const caller = { user, lang };
    const [all] = await db.select({ n: count() }).from(crmImportRow).where(and(eq(crmImportRow.fileId, job.fileId), inArray(crmImportRow.action, WRITES)));
    const total = all!.n;
    const [before] = await db.select({ n: count() }).from(crmImportRow).where(and(eq(crmImportRow.fileId, job.fileId), inArray(crmImportRow.action, WRITES), sql`${crmImportRow.revert} is not null`));
    let done = before!.n;
    await progress(done, total);

    for (;;) {
      const batch = await db.select().from(crmImportRow).where(pending).orderBy(desc(crmImportRow.id)).limit(batchSize);
      if (!batch.length) break;
      await db.transaction(async (tx) => {
        await holdJob(tx, job);
        for (const row of batch) {
          let outcome: 'done' | 'kept' = 'done';
          try {
            await tx.transaction(async (savepoint) => {
              // The values the import replaced, put back as they were (field-level security does not filter a restore).
              if (row.action === 'create') await records.removeIn(savepoint, caller, [row.recordId!]);
              else await records.updateIn(savepoint, { ...caller, serverBuilt: true }, { ...(row.oldValues ?? {}), id: row.recordId!, version: row.version! });
            });
          } catch (error) {
            // Gone, beyond reach, changed since, or refused by the module's rule or the database: left as it is.
            if (!(error instanceof AppError) && !isRefusedValue(error)) throw error;
            outcome = 'kept';
          }
          await tx.update(crmImportRow).set({ revert: outcome }).where(and(eq(crmImportRow.id, row.id), isNull(crmImportRow.revert)));
        }
      });
      done += batch.length;
      await progress(done, total);
    }

    const [imp] = await db.select().from(crmImport).where(eq(crmImport.fileId, job.fileId));
    const outcomes = await db
      .select({ revert: crmImportRow.revert, n: count() })
      .from(crmImportRow)
      .where(and(eq(crmImportRow.fileId, job.fileId), inArray(crmImportRow.action, WRITES)))
      .groupBy(crmImportRow.revert);
    const [file] = await db.select({ storagePath: sysUserFile.storagePath }).from(sysUserFile).where(eq(sysUserFile.id, job.fileId));
    const result: ImportResult = {
      created: imp!.created,
      updated: imp!.updated,
      skipped: imp!.skipped,
      failed: imp!.failed,
      reverted: outcomes.find((o) => o.revert === 'done')?.n ?? 0,
      revertKept: outcomes.find((o) => o.revert === 'kept')?.n ?? 0,
    };
    return { storagePath: file?.storagePath ?? null, done: total, result: result as Record<string, number> };
  };
}

/** The revert as the job runner knows it (plugins/jobs.ts). */
export const recordImportRevertJob = importRevertJob();
