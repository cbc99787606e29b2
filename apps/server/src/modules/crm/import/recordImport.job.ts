import { and, asc, eq, sql } from 'drizzle-orm';
import dayjs from 'dayjs';
import { CODE, FILE_STATUS, FILE_TYPE, type Language } from '@orbit/shared/constants';
import type { ImportResult, ImportSettings } from '@orbit/shared/contract/recordImport';
import type { CrmModule } from '@orbit/shared/crm/modules';
import { translate } from '@orbit/shared/messages';
import { PERMISSIONS } from '@orbit/shared/permissions';
import type { Config } from '../../../config';
import type { Db } from '../../../db/client';
import { insertRows } from '../../../db/jsonInsert';
import { crmImport, crmImportRow } from '../../../db/schema/crmImport';
import { sysUserFile } from '../../../db/schema/files';
import { AppError } from '../../../lib/errors';
import { hasPermission } from '../../auth/currentUser';
import { loadCurrentUser } from '../../auth/loadCurrentUser';
import { resolveStoredFile } from '../../files/fileStorage';
import type { JobRow } from '../../jobs/jobQueue';
import { holdJob, JobReleased, type JobHandler } from '../../jobs/jobRunner';
import { metadataOf } from '../engine/metadata/metadataStore';
import { createImportRepository } from './import.repository';
import { writeErrorFile } from './importErrorFile';
import { importPlan } from './importPlan';
import { createBatchImporter, type RowOutcome } from './importBatch';
import type { DataRow } from './importSheet';
import { openKeptRows } from './keptRows';
import { analyseIfStale, flushPendingIndexEntries, probesTrigramIndexes } from './tableStatistics';
import { rulesOf } from '../engine/duplicates/duplicateRules';

export type ImportJobPayload = { lang: Language; module: CrmModule };

/**
 * Rows written per transaction. Each batch commits with its checkpoint, so a batch is the most a
 * crash can take back, and it holds its locks (the job's row, the records it updates) until it
 * commits. On the embedded database small, so that on PGlite's one connection other requests wait
 * at most half a second or so between batches (docs/decisions.md, "Excel import"). On PostgreSQL
 * other requests do not wait on the batch, and a batch's fixed cost (its transaction and checkpoint,
 * the duplicate rules' and the assignment's statements, each planned anew) of some 40 ms was a
 * quarter of a 100,000-row run at 250 rows: 1,000 rows (~0.4 s a batch) took the run from 52.5 to
 * 39.7 s (bench/import.ts, docs/decisions.md).
 */
export const IMPORT_BATCH = { embedded: 250, postgres: 1000 } as const;

/** The batch size for the database the server runs on. */
export const importBatchSize = (config: Pick<Config, 'databaseUrl'>) => (config.databaseUrl ? IMPORT_BATCH.postgres : IMPORT_BATCH.embedded);

/**
 * The least time between two writes of the run's progress: each is a transaction of its own (and a
 * flush of the log to disk), while a batch holds the job by itself (holdJob), so a job taken from
 * this process stops at its next batch whether its progress was written or not. The job runner's
 * heartbeat keeps it alive in between.
 */
const PROGRESS_EVERY_MS = 1000;

/** Rows written between two looks at the table's statistics (tableStatistics.ts). */
const ANALYSE_EVERY = 1000;

export type ImportJobOptions = {
  batchSize?: number;
  /** Called for each row once its batch is written, inside the batch's transaction (tests stop a run there, as a crash would). */
  afterRow?: (row: DataRow) => Promise<void> | void;
};

/** The user who asked, as they are now: still there, still allowed to add records of the module. */
export async function importingUser(db: Db, job: JobRow, module: CrmModule) {
  const user = await loadCurrentUser(db, job.userId);
  if (!user) throw new AppError(CODE.forbidden, 'job.userGone');
  if (!hasPermission(user, PERMISSIONS[module].add)) throw new AppError(CODE.forbidden, 'common.forbidden');
  return user;
}

/** The counts the run has committed. */
async function countsOf(db: Db, fileId: number): Promise<ImportResult> {
  const [row] = await db
    .select({ created: crmImport.created, updated: crmImport.updated, skipped: crmImport.skipped, failed: crmImport.failed })
    .from(crmImport)
    .where(eq(crmImport.fileId, fileId));
  return row!;
}

/**
 * Runs an import (the upload's settings were recorded when it was started): rows in batches, each
 * batch and its checkpoint (`next_row`, the counts, what each row did) in one transaction taken
 * only while this process still holds the job. A run taken up again after its process died goes on
 * from the checkpoint: nothing half-written, nothing twice. Then the error file of the rows that
 * failed. Every row passes the engine's create or update, as the user who asked, under their data
 * scope and permissions as they are when the job runs.
 */
export function importJob(options: ImportJobOptions = {}): JobHandler {
  return async ({ db, config, job, payload, progress }) => {
    const batchSize = options.batchSize ?? importBatchSize(config);
    const { lang, module } = payload as ImportJobPayload;
    const user = await importingUser(db, job, module);
    const found = await createImportRepository(db).byFile(job.fileId);
    const upload = found && resolveStoredFile(config.dataDir, found.file.storagePath);
    if (!found || !upload || !found.imp.settings) throw new AppError(CODE.error, 'job.failed');
    const { imp, file } = found;

    const meta = metadataOf(db);
    await meta.fresh();
    const caller = { user, lang };
    // Checked again as the user is now (an owner disabled, `edit` taken away since the start).
    const plan = await importPlan(db, meta, module, caller, imp.headers, imp.settings as ImportSettings);
    const importer = createBatchImporter(db, meta, plan);
    const flush = probesTrigramIndexes(plan, await rulesOf(db, module, lang, true));

    async function writeBatch(batch: DataRow[], from: number): Promise<number> {
      const next = batch.at(-1)!.index + 1;
      await db.transaction(async (tx) => {
        // A batch commits with its own checkpoint, so it need not wait for the log to reach the disk:
        // a crash of the database that takes the last batches back takes their checkpoints with them,
        // and the run goes on from the last one that stayed (one flush a batch saved).
        await tx.execute(sql`set local synchronous_commit = off`);
        await holdJob(tx, job);
        const [checkpoint] = await tx.select({ nextRow: crmImport.nextRow }).from(crmImport).where(eq(crmImport.fileId, job.fileId)).for('update');
        if (checkpoint?.nextRow !== from) throw new JobReleased();
        const counts = { create: 0, update: 0, skip: 0, fail: 0 } satisfies Record<RowOutcome['action'], number>;
        const done: Array<typeof crmImportRow.$inferInsert> = [];
        const outcomes = await importer.importBatch(tx, batch, true);
        for (const [i, row] of batch.entries()) {
          const outcome = outcomes[i]!;
          counts[outcome.action]++;
          if (outcome.action === 'create') done.push({ fileId: job.fileId, rowNo: row.rowNo, action: 'create', recordId: outcome.recordId });
          else if (outcome.action === 'update') {
            done.push({ fileId: job.fileId, rowNo: row.rowNo, action: 'update', recordId: outcome.recordId, oldValues: outcome.before, version: outcome.version });
          } else if (outcome.action === 'fail') done.push({ fileId: job.fileId, rowNo: row.rowNo, action: 'fail', message: outcome.messages.join('; ') });
          await options.afterRow?.(row);
        }
        await insertRows(tx, crmImportRow, done);
        await tx
          .update(crmImport)
          .set({
            nextRow: next,
            created: sql`${crmImport.created} + ${counts.create}`,
            updated: sql`${crmImport.updated} + ${counts.update}`,
            skipped: sql`${crmImport.skipped} + ${counts.skip}`,
            failed: sql`${crmImport.failed} + ${counts.fail}`,
          })
          .where(eq(crmImport.fileId, job.fileId));
      });
      return next;
    }

    let next = imp.nextRow;
    await progress(next, imp.rowCount);
    // The table grows as the run goes: its statistics are looked at again every ANALYSE_EVERY rows.
    await analyseIfStale(db, plan.def.table);
    let analysedAt = next;
    let progressAt = Date.now();
    const { rows } = await openKeptRows(upload);
    let batch: DataRow[] = [];
    for await (const row of rows) {
      if (row.index < next) continue;
      batch.push(row);
      if (batch.length < batchSize) continue;
      next = await writeBatch(batch, next);
      batch = [];
      if (flush) await flushPendingIndexEntries(db, plan.def.table);
      if (Date.now() - progressAt >= PROGRESS_EVERY_MS) {
        progressAt = Date.now();
        await progress(next, imp.rowCount);
      }
      if (next - analysedAt >= ANALYSE_EVERY) {
        await analyseIfStale(db, plan.def.table);
        analysedAt = next;
      }
    }
    if (batch.length) next = await writeBatch(batch, next);
    if (flush) await flushPendingIndexEntries(db, plan.def.table);

    const result = await countsOf(db, job.fileId);
    // A run taken up again after its error file was made does not make another.
    if (result.failed && imp.errorFileId === null) {
      const failures = await db
        .select({ rowNo: crmImportRow.rowNo, message: crmImportRow.message })
        .from(crmImportRow)
        .where(and(eq(crmImportRow.fileId, job.fileId), eq(crmImportRow.action, 'fail')))
        .orderBy(asc(crmImportRow.rowNo));
      const storagePath = await writeErrorFile(config.dataDir, job.userId, upload, new Map(failures.map((f) => [f.rowNo, f.message ?? ''])), lang);
      const fileName = `${translate(lang, 'import.errorFileName', { module: `module.${module}`, date: dayjs().format('YYYY-MM-DD HHmmss') })}.xlsx`;
      await db.transaction(async (tx) => {
        await holdJob(tx, job);
        const [created] = await tx
          .insert(sysUserFile)
          .values({ userId: job.userId, type: FILE_TYPE.download, fileName, status: FILE_STATUS.available, storagePath })
          .returning({ id: sysUserFile.id });
        await tx.update(crmImport).set({ errorFileId: created!.id }).where(eq(crmImport.fileId, job.fileId));
      });
    }
    await db.update(crmImport).set({ finishTime: new Date() }).where(eq(crmImport.fileId, job.fileId));
    return { storagePath: file.storagePath, done: imp.rowCount, result };
  };
}

/** The run as the job runner knows it (plugins/jobs.ts). */
export const recordImportJob = importJob();
