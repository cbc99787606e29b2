import { and, eq, lt, sql } from 'drizzle-orm';
import { FILE_STATUS, type Language } from '@orbit/shared/constants';
import { translate, type MessageKey } from '@orbit/shared/messages';
import type { Db, Executor } from '../../db/client';
import { sysUserFile } from '../../db/schema/files';
import { sysJob } from '../../db/schema/jobs';

/** Kinds of background work (plugins/jobs.ts maps each to its handler): a records list's export, a report's, an administration list's, an Excel import's run, its revert, an e-mail's send, a mass e-mail's sends, and a sharing rule's recalculation. */
export type JobKind = 'export' | 'reportExport' | 'systemExport' | 'import' | 'importRevert' | 'emailSend' | 'massEmailSend' | 'sharingRule';

/**
 * The `fileId` of a job that fills no file-centre record (an e-mail's send): no record has it
 * (ids start at 1), so the queue's writes of the job's file change nothing.
 */
export const NO_FILE = 0;
export type JobRow = typeof sysJob.$inferSelect;

/** Every job's payload carries the language its file's messages are written in. */
export type JobPayload = { lang: Language } & Record<string, unknown>;

/** A job whose process died is run once more, then failed: a second death is likely the job's own doing. */
export const MAX_ATTEMPTS = 2;

/**
 * The job table: enqueue (in the caller's transaction, with its file record), claim with
 * `FOR UPDATE SKIP LOCKED` so that processes never take the same job, heartbeat, end. Every
 * update of a running job names the process holding it, so a process that was presumed dead and
 * whose job went to another cannot write over it.
 */
/** The job, still running on `worker`: every write of a running job goes through this condition. */
const heldBy = (job: JobRow, worker: string) => and(eq(sysJob.id, job.id), eq(sysJob.state, 'running'), eq(sysJob.lockedBy, worker));

/**
 * What a kind of job ends of its own records when the queue fails it for good (its handler threw,
 * or its process died MAX_ATTEMPTS times), in the same transaction: an e-mail's send leaves its mail
 * failed rather than queued for ever. A file-centre record is failed for every kind.
 */
export type JobFailureHooks = Partial<Record<JobKind, (tx: Executor, payload: JobPayload) => Promise<void>>>;

export function createJobQueue(db: Db, onFailed: JobFailureHooks = {}) {
  async function endFailed(tx: Executor, job: JobRow, key: MessageKey): Promise<void> {
    const payload = job.payload as JobPayload;
    await tx
      .update(sysUserFile)
      .set({ status: FILE_STATUS.failed, errorMsg: translate(payload.lang ?? 'en', key), updateTime: new Date() })
      .where(eq(sysUserFile.id, job.fileId));
    await onFailed[job.kind as JobKind]?.(tx, payload);
  }

  return {
    async enqueue(tx: Executor, job: { kind: JobKind; userId: number; fileId: number; payload: JobPayload }): Promise<number> {
      const [row] = await tx.insert(sysJob).values(job).returning({ id: sysJob.id });
      return row!.id;
    },

    /**
     * A job that `worker` runs at once (a short export, while its request waits): written already
     * claimed, so no other process takes it; should this one die, the job is stale like any other
     * and is taken up again by whoever is left.
     */
    async enqueueClaimed(tx: Executor, job: { kind: JobKind; userId: number; fileId: number; payload: JobPayload }, worker: string): Promise<JobRow> {
      const [row] = await tx.insert(sysJob).values({ ...job, state: 'running', attempts: 1, lockedBy: worker, heartbeatAt: new Date() }).returning();
      return row!;
    },

    /** The oldest queued job, now running on `worker`; null when there is none to take. */
    async claim(worker: string): Promise<JobRow | null> {
      return db.transaction(async (tx) => {
        const [next] = await tx
          .select({ id: sysJob.id })
          .from(sysJob)
          .where(eq(sysJob.state, 'queued'))
          .orderBy(sysJob.id)
          .limit(1)
          .for('update', { skipLocked: true });
        if (!next) return null;
        const [job] = await tx
          .update(sysJob)
          .set({ state: 'running', attempts: sql`${sysJob.attempts} + 1`, lockedBy: worker, heartbeatAt: new Date() })
          .where(eq(sysJob.id, next.id))
          .returning();
        return job ?? null;
      });
    },

    /** Keeps the job alive and records its progress; false when it is no longer this worker's. */
    async progress(job: JobRow, worker: string, done: number, total: number | null): Promise<boolean> {
      return db.transaction(async (tx) => {
        const held = await tx
          .update(sysJob)
          .set({ heartbeatAt: new Date() })
          .where(heldBy(job, worker))
          .returning({ id: sysJob.id });
        if (!held.length) return false;
        await tx.update(sysUserFile).set({ progressDone: done, progressTotal: total }).where(eq(sysUserFile.id, job.fileId));
        return true;
      });
    },

    /** The job's file is ready: both change together, or neither (a worker no longer holding it changes nothing). */
    async complete(job: JobRow, worker: string, file: { storagePath: string | null; result?: Record<string, number>; done: number }): Promise<boolean> {
      return db.transaction(async (tx) => {
        const held = await tx
          .update(sysJob)
          .set({ state: 'done', finishTime: new Date() })
          .where(heldBy(job, worker))
          .returning({ id: sysJob.id });
        if (!held.length) return false;
        await tx
          .update(sysUserFile)
          .set({ status: FILE_STATUS.available, storagePath: file.storagePath, result: file.result ?? null, progressDone: file.done, updateTime: new Date() })
          .where(eq(sysUserFile.id, job.fileId));
        return true;
      });
    },

    /** Gives a job back to the queue (its process is closing), without counting the attempt. */
    async release(job: JobRow, worker: string): Promise<void> {
      await db
        .update(sysJob)
        .set({ state: 'queued', lockedBy: null, attempts: sql`${sysJob.attempts} - 1` })
        .where(heldBy(job, worker));
    },

    /** The job failed for `reason` (a message key, translated into the file record's language). */
    async fail(job: JobRow, worker: string, reason: MessageKey): Promise<void> {
      await db.transaction(async (tx) => {
        const held = await tx
          .update(sysJob)
          .set({ state: 'failed', finishTime: new Date() })
          .where(heldBy(job, worker))
          .returning({ id: sysJob.id });
        if (held.length) await endFailed(tx, job, reason);
      });
    },

    /**
     * Running jobs whose heartbeat stopped before `staleBefore` (their process died): queued again
     * while attempts remain, else failed with 'job.processDied'. Never left at "being generated".
     */
    async reapStale(staleBefore: Date): Promise<{ retried: number; failed: number }> {
      return db.transaction(async (tx) => {
        const stale = await tx
          .select()
          .from(sysJob)
          .where(and(eq(sysJob.state, 'running'), lt(sysJob.heartbeatAt, staleBefore)))
          .for('update', { skipLocked: true });
        let retried = 0;
        for (const job of stale) {
          if (job.attempts < MAX_ATTEMPTS) {
            await tx.update(sysJob).set({ state: 'queued', lockedBy: null }).where(eq(sysJob.id, job.id));
            await tx.update(sysUserFile).set({ progressDone: 0 }).where(eq(sysUserFile.id, job.fileId));
            retried++;
          } else {
            await tx.update(sysJob).set({ state: 'failed', finishTime: new Date() }).where(eq(sysJob.id, job.id));
            await endFailed(tx, job, 'job.processDied');
          }
        }
        return { retried, failed: stale.length - retried };
      });
    },

    /** Whether any job is still queued or running (tests wait for the queue to empty). */
    async busy(): Promise<boolean> {
      const rows = await db.select({ id: sysJob.id }).from(sysJob).where(sql`${sysJob.state} in ('queued', 'running')`).limit(1);
      return rows.length > 0;
    },
  };
}

export type JobQueue = ReturnType<typeof createJobQueue>;
