import { eq, sql } from 'drizzle-orm';
import { NOTICE_TOP_SHOWN, type CreateNoticeBody, type NoticeListQuery, type NoticeReader, type NoticeReadersQuery, type NoticeRow, type TopNotice, type UpdateNoticeBody } from '@orbit/shared/contract/notice';
import { PERMISSIONS } from '@orbit/shared/permissions';
import type { Db } from '../../../db/client';
import { sysDept } from '../../../db/schema/organisation';
import { dataScopeFilter } from '../../../lib/dataScope';
import { fieldError, notFound } from '../../../lib/errors';
import { allInScope } from '../../../lib/scopedIds';
import { hasPermission, type CurrentUser } from '../../auth/currentUser';
import { deptScopeOf, deptsById } from '../dept/dept.service';
import { userScopeOf } from '../user/userScope';
import { cleanRichText } from '../../../lib/richText';
import { addressedByName, addressedTo, createNoticeRepository, notPersonal, withinReach, type NoticeRecord } from './notice.repository';
import { listNoticeReaders } from './noticeReaders.repository';

const toRow = (record: NoticeRecord): NoticeRow => ({
  noticeId: record.noticeId,
  noticeTitle: record.noticeTitle,
  noticeType: record.noticeType,
  noticeContent: record.noticeContent,
  status: record.status,
  remark: record.remark,
  createBy: record.createBy,
  createTime: record.createTime.toISOString(),
  updateBy: record.updateBy,
  updateTime: record.updateTime?.toISOString() ?? null,
  deptIds: record.deptIds,
});

/**
 * Notices: administrators publish them to everyone or to departments; every signed-in user reads
 * those addressed to them (the bell). A delegated administrator reaches the notices addressed only
 * to departments in their data scope, addresses notices only there, and cannot address everyone
 * (only someone who sees every department can). A notice beyond reach answers as a missing one.
 */
export function createNoticeService(db: Db) {
  const repo = createNoticeRepository(db);
  const reachOf = (user: CurrentUser) => {
    const reach = withinReach(dataScopeFilter(user, { dept: sql`nd.dept_id` }));
    return reach ? sql`${notPersonal} and ${reach}` : notPersonal;
  };

  /** The user's department and those above it: a notice to any of them reaches the user. */
  async function chainOf(user: CurrentUser): Promise<number[]> {
    if (user.deptId === null) return [];
    const [dept] = await db.select({ ancestors: sysDept.ancestors }).from(sysDept).where(eq(sysDept.deptId, user.deptId));
    const above = (dept?.ancestors ?? '').split(',').map(Number).filter((id) => id > 0);
    return [user.deptId, ...above];
  }

  async function assertTargets(user: CurrentUser, deptIds: number[]): Promise<void> {
    const scope = deptScopeOf(user);
    if (!deptIds.length && scope !== undefined) throw fieldError('deptIds', 'notice.everyoneNotReachable');
    if (!(await allInScope(db, deptsById, deptIds, scope))) throw fieldError('deptIds', 'notice.deptNotReachable');
  }

  async function reachable(user: CurrentUser, noticeIds: number[]): Promise<NoticeRecord[]> {
    const found = await repo.findMany(noticeIds, reachOf(user));
    if (found.length !== new Set(noticeIds).size) throw notFound();
    return found;
  }

  const values = (body: CreateNoticeBody) => ({
    noticeTitle: body.noticeTitle,
    noticeType: body.noticeType,
    noticeContent: cleanRichText(body.noticeContent),
    status: body.status,
    remark: body.remark,
  });

  return {
    async list(user: CurrentUser, query: NoticeListQuery) {
      const page = await repo.list(query, reachOf(user));
      return { total: page.total, rows: page.rows.map(toRow) };
    },

    /**
     * One notice: an administrator of notices reads any within reach; anyone else only one addressed
     * to them (the bell's preview in RuoYi's clients goes through this path too).
     */
    async get(user: CurrentUser, noticeId: number): Promise<NoticeRow> {
      const condition = hasPermission(user, PERMISSIONS.notice.query)
        ? sql`((${reachOf(user)}) or (${addressedByName(user.userId)}))`
        : addressedTo(await chainOf(user), user.userId);
      const [found] = await repo.findMany([noticeId], condition);
      if (!found) throw notFound();
      return toRow(found);
    },

    async create(user: CurrentUser, body: CreateNoticeBody): Promise<number> {
      const deptIds = [...new Set(body.deptIds)];
      await assertTargets(user, deptIds);
      return db.transaction((tx) => createNoticeRepository(tx).insert({ ...values(body), createBy: user.userName }, deptIds));
    },

    async update(user: CurrentUser, body: UpdateNoticeBody): Promise<void> {
      await reachable(user, [body.noticeId]);
      const deptIds = [...new Set(body.deptIds)];
      await assertTargets(user, deptIds);
      await db.transaction((tx) => createNoticeRepository(tx).update(body.noticeId, { ...values(body), updateBy: user.userName, updateTime: new Date() }, deptIds));
    },

    async remove(user: CurrentUser, noticeIds: number[]): Promise<void> {
      await reachable(user, noticeIds);
      await db.transaction((tx) => createNoticeRepository(tx).remove(noticeIds));
    },

    /** Who read a notice within the caller's reach (else 404): the readers within their data scope. */
    async readers(user: CurrentUser, query: NoticeReadersQuery): Promise<{ total: number; rows: NoticeReader[] }> {
      await reachable(user, [query.noticeId]);
      const page = await listNoticeReaders(db, query, userScopeOf(user));
      return { total: page.total, rows: page.rows.map((r) => ({ ...r, readTime: r.readTime.toISOString() })) };
    },

    /** The bell: the newest notices addressed to the user, each marked read or not, and how many are unread. */
    async top(user: CurrentUser): Promise<{ data: TopNotice[]; unreadCount: number }> {
      const { rows, unread } = await repo.top(user.userId, await chainOf(user), NOTICE_TOP_SHOWN);
      const data = rows.map((r) => ({ ...r, isRead: Boolean(r.isRead), createTime: r.createTime.toISOString(), updateTime: r.updateTime?.toISOString() ?? null }));
      return { data, unreadCount: unread };
    },

    /** Marks notices read for the user; ids not addressed to them change nothing and answer 404. No ids: all of theirs. */
    async markRead(user: CurrentUser, noticeIds: number[] | undefined): Promise<number> {
      const chain = await chainOf(user);
      const ids = await repo.addressedIds(chain, user.userId, noticeIds);
      if (noticeIds && ids.length !== new Set(noticeIds).size) throw notFound();
      await repo.markRead(user.userId, ids);
      return ids.length;
    },
  };
}
