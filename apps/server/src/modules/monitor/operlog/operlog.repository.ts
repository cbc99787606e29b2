import { and, count, desc, eq, ilike, inArray, sql } from 'drizzle-orm';
import type { OperlogListQuery } from '@orbit/shared/contract/monitor';
import type { Executor } from '../../../db/client';
import { sysOperLog } from '../../../db/schema/logs';
import { containsPattern, dateRangeOf, offsetOf, orderByOf, toCount } from '../../../lib/listQuery';

const sortColumns = {
  operId: sysOperLog.operId,
  title: sysOperLog.title,
  businessType: sysOperLog.businessType,
  operName: sysOperLog.operName,
  status: sysOperLog.status,
  operTime: sysOperLog.operTime,
  costTime: sysOperLog.costTime,
};

/** Reads and removes operation-log rows; the rows themselves are written by plugins/operLog.ts. */
export function createOperLogRepository(db: Executor) {
  return {
    async list(query: OperlogListQuery) {
      const where = and(
        query.operIp ? ilike(sysOperLog.operIp, containsPattern(query.operIp)) : undefined,
        query.title ? ilike(sysOperLog.title, containsPattern(query.title)) : undefined,
        query.operName ? ilike(sysOperLog.operName, containsPattern(query.operName)) : undefined,
        typeof query.businessType === 'number' ? eq(sysOperLog.businessType, query.businessType) : undefined,
        query.status ? eq(sysOperLog.status, Number(query.status)) : undefined,
        dateRangeOf(sysOperLog.operTime, query),
      );
      const total = toCount(await db.select({ count: count() }).from(sysOperLog).where(where));
      const rows = await db
        .select()
        .from(sysOperLog)
        .where(where)
        .orderBy(...orderByOf(sortColumns, query, desc(sysOperLog.operId)))
        .limit(query.pageSize)
        .offset(offsetOf(query));
      return { total, rows };
    },

    async findById(operId: number) {
      const [row] = await db.select().from(sysOperLog).where(eq(sysOperLog.operId, operId)).limit(1);
      return row;
    },

    async remove(operIds: number[]): Promise<void> {
      await db.delete(sysOperLog).where(inArray(sysOperLog.operId, operIds));
    },

    async clean(): Promise<void> {
      await db.delete(sysOperLog).where(sql`true`);
    },
  };
}
