import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { FILE_STATUS, FILE_TYPE } from '@orbit/shared/constants';
import { sysUserFile } from '../../src/db/schema/files';
import { sysJob } from '../../src/db/schema/jobs';
import { createJobQueue, MAX_ATTEMPTS } from '../../src/modules/jobs/jobQueue';
import { JobRunner, type JobHandler } from '../../src/modules/jobs/jobRunner';
import { createTestApp, type TestApp } from '../helpers/testApp';

/**
 * The job table shared by every server process: claims never overlap, a dead process's job is
 * taken up again once and then failed with a reason, a closing process gives its jobs back, and a
 * process presumed dead cannot write over a job that has moved on.
 */
describe('background jobs', () => {
  let app: TestApp;
  const silent = { warn: () => undefined, error: () => undefined } as never;

  beforeAll(async () => {
    app = await createTestApp({ JOB_CONCURRENCY: '0' });
  });
  afterAll(() => app.teardown());

  async function queued(lang: 'en' | 'zh' = 'en') {
    return app.db.transaction(async (tx) => {
      const [file] = await tx.insert(sysUserFile).values({ userId: 1, type: FILE_TYPE.download, fileName: 'job.xlsx' }).returning();
      const jobId = await createJobQueue(app.db).enqueue(tx, { kind: 'export', userId: 1, fileId: file!.id, payload: { lang } });
      return { fileId: file!.id, jobId };
    });
  }
  const fileOf = async (id: number) => (await app.db.select().from(sysUserFile).where(eq(sysUserFile.id, id)))[0]!;
  const jobOf = async (id: number) => (await app.db.select().from(sysJob).where(eq(sysJob.id, id)))[0]!;
  const age = (id: number, ms: number) => app.db.update(sysJob).set({ heartbeatAt: new Date(Date.now() - ms) }).where(eq(sysJob.id, id));

  it('two processes claiming at once never take the same job', async () => {
    const a = await queued();
    const b = await queued();
    const [one, two, none] = await Promise.all([createJobQueue(app.db).claim('p1'), createJobQueue(app.db).claim('p2'), createJobQueue(app.db).claim('p3')]);
    const claimed = [one, two, none].filter(Boolean).map((j) => j!.id);
    expect(claimed.sort()).toEqual([a.jobId, b.jobId].sort());
    const queue = createJobQueue(app.db);
    for (const job of [one, two, none]) if (job) await queue.complete(job, job.lockedBy!, { storagePath: null, done: 0 });
  });

  it('a job whose process died is retried once, then failed with a reason — never left generating', async () => {
    const queue = createJobQueue(app.db);
    const { fileId, jobId } = await queued('zh');
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      const job = await queue.claim(`dead-${attempt}`);
      expect(job!.id).toBe(jobId);
      expect(job!.attempts).toBe(attempt);
      await age(jobId, 10 * 60_000);
      await queue.reapStale(new Date(Date.now() - 60_000));
    }
    expect((await jobOf(jobId)).state).toBe('failed');
    const file = await fileOf(fileId);
    expect(file.status).toBe(FILE_STATUS.failed);
    expect(file.errorMsg).toBe('生成文件时服务器已停止，请重试');
  });

  it('a live heartbeat is left alone, and a process that lost its job cannot complete it', async () => {
    const queue = createJobQueue(app.db);
    const { fileId, jobId } = await queued();
    const job = (await queue.claim('slow'))!;
    expect(await queue.reapStale(new Date(Date.now() - 60_000))).toEqual({ retried: 0, failed: 0 });
    await age(jobId, 10 * 60_000);
    expect((await queue.reapStale(new Date(Date.now() - 60_000))).retried).toBe(1);
    const again = (await queue.claim('other'))!;
    // The slow one wakes up: its progress and its result are refused.
    expect(await queue.progress(job, 'slow', 5, 10)).toBe(false);
    expect(await queue.complete(job, 'slow', { storagePath: 'exports/x.xlsx', done: 10 })).toBe(false);
    expect((await fileOf(fileId)).status).toBe(FILE_STATUS.generating);
    expect(await queue.complete(again, 'other', { storagePath: 'exports/y.xlsx', done: 10 })).toBe(true);
    expect(await fileOf(fileId)).toMatchObject({ status: FILE_STATUS.available, storagePath: 'exports/y.xlsx', progressDone: 10 });
  });

  it('a runner records progress, and on close gives its unfinished job back without using up an attempt', async () => {
    const queue = createJobQueue(app.db);
    const { fileId, jobId } = await queued();
    let release!: () => void;
    const started = new Promise<void>((resolve) => (release = resolve));
    const handler: JobHandler = async ({ progress }) => {
      await progress(3, 10);
      release();
      for (;;) {
        await new Promise((r) => setTimeout(r, 20));
        await progress(4, 10);
      }
    };
    const runner = new JobRunner(queue, { export: handler }, { db: app.db, config: { ...app.config, jobConcurrency: 1 }, log: silent });
    runner.start();
    await started;
    expect(await fileOf(fileId)).toMatchObject({ progressDone: 3, progressTotal: 10 });
    await runner.close();
    expect(await jobOf(jobId)).toMatchObject({ state: 'queued', attempts: 0, lockedBy: null });
    await app.db.update(sysJob).set({ state: 'done' }).where(eq(sysJob.id, jobId));
  });

  it('a job that throws fails its file with the reason; an unknown failure with a general one', async () => {
    const queue = createJobQueue(app.db);
    const { fileId } = await queued();
    const runner = new JobRunner(queue, { export: async () => Promise.reject(new Error('disk on fire')) }, { db: app.db, config: app.config, log: silent });
    await runner.drain();
    expect(await fileOf(fileId)).toMatchObject({ status: FILE_STATUS.failed, errorMsg: 'The file could not be generated; please try again' });
  });
});
