import { and, count, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { NoticeReadersQuery } from '@orbit/shared/contract/notice';
import type { Executor } from '../../../db/client';
import { DEL_FLAG_PRESENT } from '../../../db/schema/columns';
import { sysNoticeRead } from '../../../db/schema/notices';
import { sysDept, sysUser } from '../../../db/schema/organisation';
import { containsPattern, offsetOf, orderByOf, toCount } from '../../../lib/listQuery';

const sortable = {
  userName: sysUser.userName,
  nickName: sysUser.nickName,
  readTime: sysNoticeRead.readAt,
};

/**
 * Who read a notice: its read marks (`sys_notice_read`, written by the bell) joined to the
 * readers, present users only, within `userScope` (the caller's data scope on `sys_user`). The
 * index on (notice_id, read_at, user_id) finds a notice's marks in the default order. Marks belong
 * to present users only (deleting a user deletes theirs), so with no search and no scope the total
 * is counted from that index alone, without reading every reader's row.
 */
export async function listNoticeReaders(db: Executor, query: NoticeReadersQuery, userScope: SQL | undefined) {
  const search = query.searchValue ? containsPattern(query.searchValue) : undefined;
  const where = and(
    eq(sysNoticeRead.noticeId, query.noticeId),
    eq(sysUser.delFlag, DEL_FLAG_PRESENT),
    search ? or(ilike(sysUser.userName, search), ilike(sysUser.nickName, search)) : undefined,
    userScope,
  );
  const counted = search || userScope
    ? db.select({ count: count() }).from(sysNoticeRead).innerJoin(sysUser, eq(sysUser.userId, sysNoticeRead.userId)).where(where)
    : db.select({ count: count() }).from(sysNoticeRead).where(eq(sysNoticeRead.noticeId, query.noticeId));
  const total = toCount(await counted);
  const rows = await db
    .select({
      userId: sysUser.userId,
      userName: sysUser.userName,
      nickName: sysUser.nickName,
      deptName: sysDept.deptName,
      phonenumber: sysUser.phonenumber,
      readTime: sysNoticeRead.readAt,
    })
    .from(sysNoticeRead)
    .innerJoin(sysUser, eq(sysUser.userId, sysNoticeRead.userId))
    .leftJoin(sysDept, eq(sysDept.deptId, sysUser.deptId))
    .where(where)
    .orderBy(...orderByOf(sortable, query, [sysNoticeRead.readAt, sysNoticeRead.userId], 'desc'))
    .limit(query.pageSize)
    .offset(offsetOf(query));
  return { total, rows };
}
