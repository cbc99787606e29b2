import { and, count, desc, eq, ilike, type SQL } from 'drizzle-orm';
import dayjs from 'dayjs';
import type { FileRecord } from '@orbit/shared/contract/files';
import type { Executor } from '../../db/client';
import { sysUserFile } from '../../db/schema/files';

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The file records of one user only: every query is filtered by the owner. */
export function createFilesRepository(db: Executor) {
  return {
    async page(userId: number, filter: { type: number; fileName?: string; pageNum: number; pageSize: number }): Promise<{ total: number; rows: FileRecord[] }> {
      const conditions: SQL[] = [eq(sysUserFile.userId, userId), eq(sysUserFile.type, filter.type)];
      if (filter.fileName) conditions.push(ilike(sysUserFile.fileName, `%${escapeLike(filter.fileName)}%`));
      const where = and(...conditions);
      const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(sysUserFile).where(where);
      const rows = await db
        .select({
          id: sysUserFile.id,
          fileName: sysUserFile.fileName,
          status: sysUserFile.status,
          progressDone: sysUserFile.progressDone,
          progressTotal: sysUserFile.progressTotal,
          errorMsg: sysUserFile.errorMsg,
          createTime: sysUserFile.createTime,
        })
        .from(sysUserFile)
        .where(where)
        .orderBy(desc(sysUserFile.createTime), desc(sysUserFile.id))
        .limit(filter.pageSize)
        .offset((filter.pageNum - 1) * filter.pageSize);
      return {
        total: Number(total),
        rows: rows.map(({ createTime, ...row }) => ({ ...row, createTimeStr: dayjs(createTime).format('YYYY-MM-DD HH:mm:ss') })),
      };
    },

    async findOwned(userId: number, id: number) {
      const [row] = await db
        .select()
        .from(sysUserFile)
        .where(and(eq(sysUserFile.id, id), eq(sysUserFile.userId, userId)));
      return row ?? null;
    },
  };
}
