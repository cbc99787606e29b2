import { and, count, desc, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import type { NoticeListQuery } from '@orbit/shared/contract/notice';
import type { Executor } from '../../../db/client';
import { sysNotice, sysNoticeDept, sysNoticeRead, sysNoticeUser } from '../../../db/schema/notices';
import { containsPattern, dateRangeOf, offsetOf, orderByOf, toCount } from '../../../lib/listQuery';

export type NoticeRecord = typeof sysNotice.$inferSelect & { deptIds: number[] };

const sortable = {
  noticeId: sysNotice.noticeId,
  noticeTitle: sysNotice.noticeTitle,
  noticeType: sysNotice.noticeType,
  status: sysNotice.status,
  createTime: sysNotice.createTime,
};

const targets = sql`select nd.dept_id from sys_notice_dept nd where nd.notice_id = ${sysNotice.noticeId}`;
const people = sql`select nu.user_id from sys_notice_user nu where nu.notice_id = ${sysNotice.noticeId}`;

/**
 * A notice the user is addressed by: open, and for everyone, for their department or one above
 * it (`chain`: the user's department and its ancestors), or for them by name (a mention).
 */
export const addressedTo = (chain: number[], userId: number): SQL =>
  sql`${sysNotice.status} = '0' and ((not exists (${targets}) and not exists (${people}))${chain.length ? sql` or exists (${targets} and nd.dept_id in ${chain})` : sql``} or exists (${people} and nu.user_id = ${userId}))`;

/** A notice addressed to the user by name (a mention): theirs to read whatever else they administer. */
export const addressedByName = (userId: number): SQL => sql`${sysNotice.status} = '0' and exists (${people} and nu.user_id = ${userId})`;

/** Notices administrators manage: not those addressed to users by name (a mention is its reader's, not an announcement). */
export const notPersonal: SQL = sql`not exists (${people})`;

/**
 * A notice within an administrator's reach: addressed to departments only, every one of them in
 * `scopeOnTarget` (their department scope applied to `nd.dept_id`). Undefined: they reach all.
 */
export const withinReach = (scopeOnTarget: SQL | undefined): SQL | undefined =>
  scopeOnTarget && sql`(exists (${targets}) and not exists (${targets} and not (${scopeOnTarget})))`;

export function createNoticeRepository(db: Executor) {
  async function withDepts<T extends { noticeId: number }>(rows: T[]): Promise<Array<T & { deptIds: number[] }>> {
    if (!rows.length) return [];
    const links = await db.select().from(sysNoticeDept).where(inArray(sysNoticeDept.noticeId, rows.map((r) => r.noticeId)));
    return rows.map((row) => ({ ...row, deptIds: links.filter((l) => l.noticeId === row.noticeId).map((l) => l.deptId).sort((a, b) => a - b) }));
  }

  return {
    async list(query: NoticeListQuery, reach: SQL | undefined) {
      const where = and(
        query.noticeTitle ? ilike(sysNotice.noticeTitle, containsPattern(query.noticeTitle)) : undefined,
        query.noticeType ? eq(sysNotice.noticeType, query.noticeType) : undefined,
        query.createBy ? ilike(sysNotice.createBy, containsPattern(query.createBy)) : undefined,
        query.status ? eq(sysNotice.status, query.status) : undefined,
        dateRangeOf(sysNotice.createTime, query),
        reach,
      );
      const total = toCount(await db.select({ count: count() }).from(sysNotice).where(where));
      const rows = await db
        .select()
        .from(sysNotice)
        .where(where)
        .orderBy(...orderByOf(sortable, query, [sysNotice.noticeId], 'desc'))
        .limit(query.pageSize)
        .offset(offsetOf(query));
      return { total, rows: await withDepts(rows) };
    },

    /** The notices with these ids that pass `condition` (reach, or being addressed to the reader). */
    async findMany(noticeIds: number[], condition: SQL | undefined): Promise<NoticeRecord[]> {
      if (!noticeIds.length) return [];
      return withDepts(await db.select().from(sysNotice).where(and(inArray(sysNotice.noticeId, noticeIds), condition)));
    },

    /** The newest notices addressed to a reader, with whether they read each, and how many they have not read. */
    async top(userId: number, chain: number[], limit: number) {
      const addressed = addressedTo(chain, userId);
      const read = sql<boolean>`exists (select 1 from sys_notice_read r where r.notice_id = ${sysNotice.noticeId} and r.user_id = ${userId})`;
      const rows = await db
        .select({
          noticeId: sysNotice.noticeId,
          noticeTitle: sysNotice.noticeTitle,
          noticeType: sysNotice.noticeType,
          noticeContent: sysNotice.noticeContent,
          status: sysNotice.status,
          createBy: sysNotice.createBy,
          createTime: sysNotice.createTime,
          updateTime: sysNotice.updateTime,
          isRead: read,
        })
        .from(sysNotice)
        .where(addressed)
        .orderBy(desc(sysNotice.noticeId))
        .limit(limit);
      const unread = toCount(await db.select({ count: count() }).from(sysNotice).where(and(addressed, sql`not ${read}`)));
      return { rows, unread };
    },

    async markRead(userId: number, noticeIds: number[]): Promise<void> {
      if (!noticeIds.length) return;
      await db.insert(sysNoticeRead).values(noticeIds.map((noticeId) => ({ noticeId, userId }))).onConflictDoNothing();
    },

    async addressedIds(chain: number[], userId: number, noticeIds?: number[]): Promise<number[]> {
      const rows = await db
        .select({ noticeId: sysNotice.noticeId })
        .from(sysNotice)
        .where(and(addressedTo(chain, userId), noticeIds ? inArray(sysNotice.noticeId, noticeIds) : undefined));
      return rows.map((r) => r.noticeId);
    },

    async insert(values: typeof sysNotice.$inferInsert, deptIds: number[]): Promise<number> {
      const [row] = await db.insert(sysNotice).values(values).returning({ noticeId: sysNotice.noticeId });
      if (deptIds.length) await db.insert(sysNoticeDept).values(deptIds.map((deptId) => ({ noticeId: row!.noticeId, deptId })));
      return row!.noticeId;
    },

    async update(noticeId: number, values: Partial<typeof sysNotice.$inferInsert>, deptIds: number[]): Promise<void> {
      await db.update(sysNotice).set(values).where(eq(sysNotice.noticeId, noticeId));
      await db.delete(sysNoticeDept).where(eq(sysNoticeDept.noticeId, noticeId));
      if (deptIds.length) await db.insert(sysNoticeDept).values(deptIds.map((deptId) => ({ noticeId, deptId })));
    },

    /** A notice addressed to these users alone (a mention): answers its id. */
    async insertForUsers(values: typeof sysNotice.$inferInsert, userIds: number[]): Promise<number> {
      const [row] = await db.insert(sysNotice).values(values).returning({ noticeId: sysNotice.noticeId });
      await db.insert(sysNoticeUser).values(userIds.map((userId) => ({ noticeId: row!.noticeId, userId })));
      return row!.noticeId;
    },

    async remove(noticeIds: number[]): Promise<void> {
      await db.delete(sysNoticeUser).where(inArray(sysNoticeUser.noticeId, noticeIds));
      await db.delete(sysNoticeDept).where(inArray(sysNoticeDept.noticeId, noticeIds));
      await db.delete(sysNoticeRead).where(inArray(sysNoticeRead.noticeId, noticeIds));
      await db.delete(sysNotice).where(inArray(sysNotice.noticeId, noticeIds));
    },
  };
}
