import type { FastifyInstance } from 'fastify';
import dayjs from 'dayjs';
import { FILE_STATUS, FILE_TYPE } from '@orbit/shared/constants';
import { sysUserFile } from '../../db/schema/files';
import type { JobKind, JobPayload } from './jobQueue';

/**
 * The file-centre record of a file to generate (status 0) and the job that will fill it, in one
 * transaction — never a record without its job — then this process is woken to start on it.
 * The file is named after what it holds and when it was asked for. Answers the record's id.
 */
export async function queueFileJob(app: FastifyInstance, job: { kind: JobKind; userId: number; title: string; payload: JobPayload }): Promise<number> {
  const fileName = `${job.title} ${dayjs().format('YYYY-MM-DD HHmmss')}.xlsx`;
  const fileId = await app.db.transaction(async (tx) => {
    const [file] = await tx.insert(sysUserFile).values({ userId: job.userId, type: FILE_TYPE.download, fileName, status: FILE_STATUS.generating }).returning({ id: sysUserFile.id });
    await app.jobQueue.enqueue(tx, { kind: job.kind, userId: job.userId, fileId: file!.id, payload: job.payload });
    return file!.id;
  });
  app.jobs.wake();
  return fileId;
}
