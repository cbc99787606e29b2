import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db, Executor } from '../../db/client';
import { primaryOnly, type Reporting } from '../../db/reporting';
import { sysJob } from '../../db/schema/jobs';
import type { MessageKey } from '@orbit/shared/messages';
import { AppError } from '../../lib/errors';
import type { JobKind, JobPayload, JobQueue, JobRow } from './jobQueue';

/** How often an idle process looks for work. */
const POLL_MS = 1000;
/** A running job's heartbeat; one silent for JOB_STALE_SECONDS has lost its process (looked for every quarter of that). */
const HEARTBEAT_MS = 1000;

/** The job was taken from this process (presumed dead) or the process is closing: stop quietly. */
export class JobReleased extends Error {}

/**
 * Inside a transaction that commits a step of `job` (an import's batch and its checkpoint): locks
 * the job's row while it is still running on the process that claimed it, else throws
 * JobReleased — the step then commits nothing, and a process presumed dead never writes a batch
 * that the process which took its job over writes too.
 */
export async function holdJob(tx: Executor, job: JobRow): Promise<void> {
  const held = await tx
    .select({ id: sysJob.id })
    .from(sysJob)
    .where(and(eq(sysJob.id, job.id), eq(sysJob.state, 'running'), eq(sysJob.lockedBy, job.lockedBy ?? '')))
    .for('update');
  if (!held.length) throw new JobReleased();
}

export type JobContext = {
  db: Db;
  /** Where an export's reads go (the reporting replica, or the primary): db/reporting.ts. */
  reporting: Reporting;
  config: Config;
  job: JobRow;
  payload: JobPayload;
  /** Records progress and keeps the job alive; throws JobReleased when the job is no longer ours. */
  progress(done: number, total: number | null): Promise<void>;
};

export type JobOutcome = { storagePath: string | null; done: number; result?: Record<string, number> };
export type JobHandler = (ctx: JobContext) => Promise<JobOutcome>;
/** How a run ended here: its file is ready, it failed for a reason (a message key), or it is no longer this process's. */
export type JobEnd = 'done' | 'released' | { failed: MessageKey };

/**
 * Runs queued jobs in this process, at most `concurrency` at once: polls for work (and is woken
 * when a request queues some), takes up the jobs of processes that died, and on close gives its
 * unfinished jobs back to the queue for another process (or this one's next start).
 */
export class JobRunner {
  readonly worker = `${os.hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  private readonly running = new Set<Promise<unknown>>();
  private timer: NodeJS.Timeout | undefined;
  private lastReap = 0;
  private ticking = false;
  private closed = false;

  constructor(
    private readonly queue: JobQueue,
    private readonly handlers: Partial<Record<JobKind, JobHandler>>,
    private readonly deps: { db: Db; config: Config; log: FastifyBaseLogger; reporting?: Reporting },
  ) {}

  start(): void {
    if (this.deps.config.jobConcurrency === 0) return;
    this.timer = setInterval(() => this.wake(), POLL_MS);
    this.timer.unref();
    this.wake();
  }

  /** Looks for work now (a request has just queued some). */
  wake(): void {
    if (this.deps.config.jobConcurrency > 0) void this.tick(this.deps.config.jobConcurrency);
  }

  private async tick(slots: number): Promise<void> {
    if (this.closed || this.ticking) return;
    this.ticking = true;
    try {
      const staleMs = this.deps.config.jobStaleSeconds * 1000;
      if (Date.now() - this.lastReap > staleMs / 4) {
        this.lastReap = Date.now();
        const reaped = await this.queue.reapStale(new Date(Date.now() - staleMs));
        if (reaped.retried || reaped.failed) this.deps.log.warn(reaped, 'jobs of a stopped process taken up again');
      }
      while (!this.closed && this.running.size < slots) {
        const job = await this.queue.claim(this.worker);
        if (!job) break;
        const run: Promise<unknown> = this.run(job).finally(() => {
          this.running.delete(run);
          this.wake();
        });
        this.running.add(run);
      }
    } catch (err) {
      this.deps.log.warn({ err }, 'could not look for background jobs');
    } finally {
      this.ticking = false;
    }
  }

  /**
   * Runs a job this process has claimed already (jobQueue.enqueueClaimed) and waits for its end,
   * outside the concurrency slots: it is a request's own work, as short as the request.
   */
  runClaimed(job: JobRow): Promise<JobEnd> {
    return this.run(job);
  }

  private async run(job: JobRow): Promise<JobEnd> {
    const { queue, worker } = this;
    let last: { done: number; total: number | null } = { done: 0, total: null };
    const beat = async () => {
      if (this.closed) throw new JobReleased();
      if (!(await queue.progress(job, worker, last.done, last.total))) throw new JobReleased();
    };
    const heartbeat = setInterval(() => void beat().catch(() => undefined), HEARTBEAT_MS);
    heartbeat.unref();
    try {
      const handler = this.handlers[job.kind as JobKind];
      if (!handler) throw new AppError(500, 'job.failed');
      const outcome = await handler({
        db: this.deps.db,
        reporting: this.deps.reporting ?? primaryOnly(this.deps.db),
        config: this.deps.config,
        job,
        payload: job.payload as JobPayload,
        progress: async (done, total) => {
          last = { done, total };
          await beat();
        },
      });
      return (await queue.complete(job, worker, outcome)) ? 'done' : 'released';
    } catch (err) {
      if (err instanceof JobReleased) {
        if (this.closed) await queue.release(job, worker).catch(() => undefined);
        return 'released';
      }
      this.deps.log.error({ err, jobId: job.id, kind: job.kind }, 'background job failed');
      const reason = err instanceof AppError ? err.key : 'job.failed';
      await queue.fail(job, worker, reason).catch((e: unknown) => this.deps.log.error({ err: e }, 'could not record a failed job'));
      return { failed: reason };
    } finally {
      clearInterval(heartbeat);
    }
  }

  /** Runs every queued job to its end, here or wherever it runs (tests; at least one at a time even when this process takes none). */
  async drain(): Promise<void> {
    for (;;) {
      await this.tick(Math.max(1, this.deps.config.jobConcurrency));
      await Promise.all(this.running);
      if (!(await this.queue.busy())) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.timer);
    await Promise.allSettled(this.running);
  }
}
