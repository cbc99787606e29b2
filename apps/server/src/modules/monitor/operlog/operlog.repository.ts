import { and, count, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
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

/**
 * "Title contains": titles are few (one per module area, see plugins/operLog.ts), so the matching
 * titles are found first by a loose index scan of sys_oper_log_title_idx (one probe per distinct
 * title), and the rows are then counted and listed by equality on that index. A plain ILIKE
 * '%…%' would recheck every matching row in the table: a quarter of a million for a common area.
 */
function titleContains(text: string): SQL {
  return sql`${sysOperLog.title} in (
    with recursive titles(title) as (
      (select title from sys_oper_log order by title limit 1)
      union all
      select (select s.title from sys_oper_log s where s.title > titles.title order by s.title limit 1)
      from titles where titles.title is not null
    )
    select title from titles where title ilike ${containsPattern(text)})`;
}

/** Reads and removes operation-log rows; the rows themselves are written by plugins/operLog.ts. */
export function createOperLogRepository(db: Executor) {
  return {
    async list(query: OperlogListQuery) {
      const where = and(
        query.operIp ? ilike(sysOperLog.operIp, containsPattern(query.operIp)) : undefined,
        query.title ? titleContains(query.title) : undefined,
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
        .orderBy(...orderByOf(sortColumns, query, [sysOperLog.operId], 'desc'))
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
