import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS } from '@orbit/shared/permissions';
import { sysNoticeRead } from '../../src/db/schema/notices';
import { caller, createRole, createUser, deptIds, FORBIDDEN_EN, NEW_USER_PASSWORD, userIds } from '../helpers/adminApi';
import { createTestApp, loginAs, type TestApp } from '../helpers/testApp';

type Call = ReturnType<typeof caller>;
type Reader = { userId: number; userName: string; nickName: string; deptName: string | null; phonenumber: string; readTime: string };

/**
 * `GET /system/notice/readUsers/list` (RuoYi's "read users" dialog): who read a notice, from the
 * read marks the bell keeps; the notice within the caller's reach, the readers within their data scope.
 */
describe('the readers of a notice (/system/notice/readUsers/list)', () => {
  let app: TestApp;
  let admin: Call;
  let depts: Record<string, number>;
  let ids: Record<string, number>;
  let forEveryone: number;
  let forEast: number;

  const publish = async (noticeTitle: string, targets: number[] = []) => {
    const res = await admin('POST', '/system/notice', { noticeTitle, noticeType: '1', noticeContent: 'x', deptIds: targets });
    return res.body.data as number;
  };
  /** Marks the notice read by a user at a given minute of one day, so the order is known. */
  const readAt = async (noticeId: number, userName: string, minute: number) => {
    const userId = ids[userName]!;
    const as = caller(app, await loginAs(app, userName));
    expect((await as('POST', `/system/notice/markRead?noticeId=${noticeId}`)).body.code).toBe(200);
    await app.db
      .update(sysNoticeRead)
      .set({ readAt: new Date(Date.UTC(2026, 10, 20, 9, minute)) })
      .where(and(eq(sysNoticeRead.noticeId, noticeId), eq(sysNoticeRead.userId, userId)));
  };
  const names = (rows: Reader[]) => rows.map((r) => r.userName);

  beforeAll(async () => {
    app = await createTestApp();
    admin = caller(app, await loginAs(app, 'admin'));
    depts = await deptIds(admin);
    ids = await userIds(admin);
    forEveryone = await publish('Office closed Friday');
    forEast = await publish('East targets', [depts['Sales East']!]);
    await readAt(forEveryone, 'olivia.park', 1);
    await readAt(forEveryone, 'mia.chen', 3);
    await readAt(forEveryone, 'grace.hall', 2);
    await readAt(forEast, 'olivia.park', 5);
    await readAt(forEast, 'grace.hall', 4);
  });
  afterAll(() => app.teardown());

  it('lists who read it, last read first, with RuoYi’s columns and the total', async () => {
    const res = await admin('GET', `/system/notice/readUsers/list?noticeId=${forEveryone}&pageNum=1&pageSize=10`);
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(3);
    expect(names(res.body.rows)).toEqual(['mia.chen', 'grace.hall', 'olivia.park']);
    expect(res.body.rows[0]).toEqual({
      userId: ids['mia.chen'],
      userName: 'mia.chen',
      nickName: 'Mia Chen',
      deptName: 'Marketing',
      phonenumber: '15888888807',
      readTime: expect.any(String),
    });
  });

  it('pages, sorts by a whitelisted column and searches user name or nickname, as RuoYi’s dialog does', async () => {
    const page = await admin('GET', `/system/notice/readUsers/list?noticeId=${forEveryone}&pageNum=2&pageSize=2`);
    expect([page.body.total, names(page.body.rows)]).toEqual([3, ['olivia.park']]);
    const sorted = await admin('GET', `/system/notice/readUsers/list?noticeId=${forEveryone}&orderByColumn=userName&isAsc=ascending`);
    expect(names(sorted.body.rows)).toEqual(['grace.hall', 'mia.chen', 'olivia.park']);
    const byNickname = await admin('GET', `/system/notice/readUsers/list?noticeId=${forEveryone}&orderByColumn=nickName&isAsc=desc`);
    expect(names(byNickname.body.rows)).toEqual(['olivia.park', 'mia.chen', 'grace.hall']);
    expect((await admin('GET', `/system/notice/readUsers/list?noticeId=${forEveryone}&orderByColumn=deptName`)).status).toBe(400);
    expect(names((await admin('GET', `/system/notice/readUsers/list?noticeId=${forEveryone}&searchValue=OLIV`)).body.rows)).toEqual(['olivia.park']);
    expect(names((await admin('GET', `/system/notice/readUsers/list?noticeId=${forEveryone}&searchValue=Hall`)).body.rows)).toEqual(['grace.hall']);
    // The wildcard of LIKE is a character like any other.
    expect((await admin('GET', `/system/notice/readUsers/list?noticeId=${forEveryone}&searchValue=%25`)).body.total).toBe(0);
    expect((await admin('GET', `/system/notice/readUsers/list?noticeId=${forEveryone}&orderByColumn=password`)).status).toBe(400);
    expect((await admin('GET', '/system/notice/readUsers/list')).body.errors).toHaveProperty('noticeId');
  });

  it('a delegated administrator sees the readers inside their data scope, of notices within their reach only', async () => {
    const roleId = await createRole(admin, 'notice_east_only', [...Object.values(PERMISSIONS.notice)], '3');
    await createUser(admin, 'east.readers', depts['Sales East']!, [roleId]);
    const east = caller(app, await loginAs(app, 'east.readers', NEW_USER_PASSWORD));
    // Grace works in Key Accounts East, below Sales East: outside "own department".
    const res = await east('GET', `/system/notice/readUsers/list?noticeId=${forEast}`);
    expect([res.body.total, names(res.body.rows)]).toEqual([1, ['olivia.park']]);
    // A notice to everyone is beyond their reach: answered as a missing one.
    expect((await east('GET', `/system/notice/readUsers/list?noticeId=${forEveryone}`)).status).toBe(404);
    expect((await admin('GET', '/system/notice/readUsers/list?noticeId=999999')).status).toBe(404);
  });

  it('needs the notice list permission', async () => {
    const olivia = caller(app, await loginAs(app, 'olivia.park'));
    const res = await olivia('GET', `/system/notice/readUsers/list?noticeId=${forEveryone}`);
    expect([res.status, res.body.msg]).toEqual([403, FORBIDDEN_EN]);
  });

  it('a deleted notice or a deleted reader leaves no read marks behind, so the total counts present readers', async () => {
    const gone = await publish('Short-lived');
    await readAt(gone, 'mia.chen', 7);
    expect((await admin('DELETE', `/system/notice/${gone}`)).body.code).toBe(200);
    expect(await app.db.select().from(sysNoticeRead).where(eq(sysNoticeRead.noticeId, gone))).toEqual([]);

    const leaving = await createUser(admin, 'leaving.reader', depts.Support!, []);
    const as = caller(app, await loginAs(app, 'leaving.reader', NEW_USER_PASSWORD));
    expect((await as('POST', `/system/notice/markRead?noticeId=${forEveryone}`)).body.code).toBe(200);
    expect((await admin('GET', `/system/notice/readUsers/list?noticeId=${forEveryone}`)).body.total).toBe(4);
    expect((await admin('DELETE', `/system/user/${leaving}`)).body.code).toBe(200);
    expect(await app.db.select().from(sysNoticeRead).where(eq(sysNoticeRead.userId, leaving))).toEqual([]);
    const after = await admin('GET', `/system/notice/readUsers/list?noticeId=${forEveryone}`);
    expect([after.body.total, after.body.rows.length]).toEqual([3, 3]);
  });
});
