import type { FastifyInstance } from 'fastify';
import dayjs from 'dayjs';
import { CODE, FILE_STATUS, FILE_TYPE } from '@orbit/shared/constants';
import type { Executor } from '../../db/client';
import { sysUserFile } from '../../db/schema/files';
import { AppError } from '../../lib/errors';
import type { JobKind, JobPayload } from './jobQueue';

type FileJob = { kind: JobKind; userId: number; title: string; payload: JobPayload };

/** The file-centre record of a file to generate (status 0), named after what it holds and when it was asked for. */
async function createFileRecord(tx: Executor, job: FileJob): Promise<number> {
  const fileName = `${job.title} ${dayjs().format('YYYY-MM-DD HHmmss')}.xlsx`;
  const [file] = await tx.insert(sysUserFile).values({ userId: job.userId, type: FILE_TYPE.download, fileName, status: FILE_STATUS.generating }).returning({ id: sysUserFile.id });
  return file!.id;
}

/**
 * The file-centre record of a file to generate (status 0) and the job that will fill it, in one
 * transaction — never a record without its job — then this process is woken to start on it.
 * Answers the record's id.
 */
export async function queueFileJob(app: FastifyInstance, job: FileJob): Promise<number> {
  const fileId = await app.db.transaction(async (tx) => {
    const fileId = await createFileRecord(tx, job);
    await app.jobQueue.enqueue(tx, { kind: job.kind, userId: job.userId, fileId, payload: job.payload });
    return fileId;
  });
  app.jobs.wake();
  return fileId;
}

/**
 * The same record and job, but the job run here and now while the caller waits (a short export
 * that downloads at once): the file ends in the file centre as any job's does. Answers the
 * record's id and whether the file is ready; a failed job throws its reason (the record shows it too).
 */
export async function runFileJobNow(app: FastifyInstance, job: FileJob): Promise<{ fileId: number; ready: boolean }> {
  const claimed = await app.db.transaction(async (tx) => {
    const fileId = await createFileRecord(tx, job);
    return app.jobQueue.enqueueClaimed(tx, { kind: job.kind, userId: job.userId, fileId, payload: job.payload }, app.jobs.worker);
  });
  const end = await app.jobs.runClaimed(claimed);
  if (typeof end === 'object') throw new AppError(CODE.error, end.failed);
  return { fileId: claimed.fileId, ready: end === 'done' };
}
