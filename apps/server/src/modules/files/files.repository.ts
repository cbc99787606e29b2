import { and, count, desc, eq, ilike, type SQL } from 'drizzle-orm';
import dayjs from 'dayjs';
import type { FileRecord } from '@orbit/shared/contract/files';
import type { ImportResult } from '@orbit/shared/contract/recordImport';
import type { Executor } from '../../db/client';
import { crmImport } from '../../db/schema/crmImport';
import { sysUserFile } from '../../db/schema/files';
import type { CurrentUser } from '../auth/currentUser';
import { fileImportInfo } from '../crm/import/import.repository';

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The file records of one user only: every query is filtered by the owner. */
export function createFilesRepository(db: Executor) {
  return {
    async page(user: CurrentUser, filter: { type: number; fileName?: string; pageNum: number; pageSize: number }): Promise<{ total: number; rows: FileRecord[] }> {
      const conditions: SQL[] = [eq(sysUserFile.userId, user.userId), eq(sysUserFile.type, filter.type)];
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
          result: sysUserFile.result,
          imp: crmImport,
        })
        .from(sysUserFile)
        // An upload record's import, if any (docs/records-engine.md, "Import").
        .leftJoin(crmImport, eq(crmImport.fileId, sysUserFile.id))
        .where(where)
        .orderBy(desc(sysUserFile.createTime), desc(sysUserFile.id))
        .limit(filter.pageSize)
        .offset((filter.pageNum - 1) * filter.pageSize);
      return {
        total: Number(total),
        rows: rows.map(({ createTime, imp, result, ...row }) => ({
          ...row,
          createTimeStr: dayjs(createTime).format('YYYY-MM-DD HH:mm:ss'),
          result: (result as ImportResult | null) ?? null,
          importInfo: imp ? fileImportInfo(user, imp, row) : null,
        })),
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
