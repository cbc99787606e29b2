import { and, count, eq, ilike, inArray, sql } from 'drizzle-orm';
import type { LogininforListQuery } from '@orbit/shared/contract/monitor';
import type { Executor } from '../../../db/client';
import { sysLogininfor } from '../../../db/schema/logs';
import type { ClientInfo } from '../../../lib/clientInfo';
import { containsPattern, dateRangeOf, offsetOf, orderByOf, toCount } from '../../../lib/listQuery';

export type LoginEvent = { userName: string; success: boolean; msg: string; client: ClientInfo };

const sortColumns = {
  infoId: sysLogininfor.infoId,
  userName: sysLogininfor.userName,
  ipaddr: sysLogininfor.ipaddr,
  status: sysLogininfor.status,
  loginTime: sysLogininfor.loginTime,
};

/** The login log: one row per sign-in attempt, code sign-in and sign-out; listed, deleted and cleaned by administrators. */
export function createLoginLogRepository(db: Executor) {
  return {
    async record(event: LoginEvent): Promise<void> {
      await db.insert(sysLogininfor).values({
        userName: event.userName.slice(0, 100),
        ipaddr: event.client.ipaddr,
        browser: event.client.browser,
        os: event.client.os,
        status: event.success ? '0' : '1',
        msg: event.msg,
      });
    },

    async list(query: LogininforListQuery) {
      const where = and(
        query.ipaddr ? ilike(sysLogininfor.ipaddr, containsPattern(query.ipaddr)) : undefined,
        query.userName ? ilike(sysLogininfor.userName, containsPattern(query.userName)) : undefined,
        query.status ? eq(sysLogininfor.status, query.status) : undefined,
        dateRangeOf(sysLogininfor.loginTime, query),
      );
      const total = toCount(await db.select({ count: count() }).from(sysLogininfor).where(where));
      const rows = await db
        .select()
        .from(sysLogininfor)
        .where(where)
        .orderBy(...orderByOf(sortColumns, query, [sysLogininfor.infoId], 'desc'))
        .limit(query.pageSize)
        .offset(offsetOf(query));
      return { total, rows };
    },

    async remove(infoIds: number[]): Promise<void> {
      await db.delete(sysLogininfor).where(inArray(sysLogininfor.infoId, infoIds));
    },

    async clean(): Promise<void> {
      await db.delete(sysLogininfor).where(sql`true`);
    },
  };
}
