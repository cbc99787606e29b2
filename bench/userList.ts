/**
 * User list at scale: a million users on PostgreSQL, listed, filtered, sorted and counted through
 * the real API, as an administrator (scope all) and as a sales manager (own department and below).
 * Newer users get lower ids here, the opposite of real life, so no case leans on that correlation.
 * Also the readers of a notice to everyone that every second user has read (RuoYi's "read users"
 * dialog, `/system/notice/readUsers/list`), with its search and sorts.
 */
import { sql } from 'drizzle-orm';
import { BENCH_ROWS, timeListCases, weekAgo, withListBench } from './lib/listBench';

await withListBench(
  async (db) => {
    // Spread over the seeded departments; one in ten disabled; one a minute back in time.
    await db.execute(sql`
      insert into sys_user (dept_id, user_name, nick_name, email, phonenumber, sex, password, status, create_time, create_by)
      select d.ids[1 + (g % array_length(d.ids, 1))], 'bench.user' || g, 'Bench User ' || g, 'bench' || g || '@example.com',
             '1' || lpad(g::text, 10, '0'), (g % 2)::text, 'not-a-hash', case when g % 10 = 0 then '1' else '0' end,
             now() - make_interval(mins => g), 'bench'
      from generate_series(1, ${BENCH_ROWS}) g, (select array_agg(dept_id order by dept_id) ids from sys_dept) d`);
    // As autovacuum would have done on a live system: statistics and the visibility map.
    await db.execute(sql`vacuum analyze sys_user`);
    // A notice to everyone, read by every second user, one a second back in time.
    await db.execute(sql`insert into sys_notice (notice_id, notice_title, notice_type, create_by) overriding system value values (900001, 'Bench notice', '1', 'bench')`);
    await db.execute(sql`
      insert into sys_notice_read (notice_id, user_id, read_at)
      select 900001, u.user_id, now() - make_interval(secs => u.user_id) from sys_user u where u.user_id % 2 = 0`);
    await db.execute(sql`vacuum analyze sys_notice_read`);
    // Let sales managers list users for the scope-4 case.
    await db.execute(sql`
      insert into sys_role_menu (role_id, menu_id)
      select r.role_id, m.menu_id from sys_role r, sys_menu m where r.role_key = 'sales_manager' and m.perms = 'system:user:list'`);
  },
  async ({ app, db, token }) => {
    const admin = await token('admin');
    const manager = await token('emma.stone');
    const deptRows = await db.execute(sql`select dept_id from sys_dept where dept_name = 'Sales East'`);
    const eastId = Number((deptRows as unknown as { rows: Array<{ dept_id: number }> }).rows[0]!.dept_id);
    const list = (query: string) => `/system/user/list?pageNum=1&pageSize=10&${query}`;
    const readers = (query: string) => `/system/notice/readUsers/list?noticeId=900001&pageSize=10&${query}`;
    await timeListCases(app, [
      { name: 'first page, default order', token: admin, url: list('') },
      { name: 'page 1000', token: admin, url: '/system/user/list?pageNum=1000&pageSize=10' },
      { name: 'status = disabled', token: admin, url: list('status=1') },
      { name: 'department and below', token: admin, url: list(`deptId=${eastId}`) },
      { name: 'user name contains', token: admin, url: list('userName=user12345') },
      { name: 'phone contains', token: admin, url: list('phonenumber=0099') },
      { name: 'created in the last week', token: admin, url: list(`params%5BbeginTime%5D=${weekAgo()}`) },
      { name: 'sorted by create time desc', token: admin, url: list('orderByColumn=createTime&isAsc=desc') },
      { name: 'sorted by user name asc', token: admin, url: list('orderByColumn=userName&isAsc=asc') },
      { name: 'sorted by nickname desc', token: admin, url: list('orderByColumn=nickName&isAsc=desc') },
      { name: 'sorted by id asc', token: admin, url: list('orderByColumn=userId&isAsc=asc') },
      { name: 'manager scope (dept and below)', token: manager, url: list('') },
      { name: 'notice readers: first page', token: admin, url: readers('') },
      { name: 'notice readers: page 1000', token: admin, url: readers('pageNum=1000') },
      { name: 'notice readers: search', token: admin, url: readers('searchValue=user12345') },
      { name: 'notice readers: by user name', token: admin, url: readers('orderByColumn=userName&isAsc=asc') },
      { name: 'notice readers: by nickname desc', token: admin, url: readers('orderByColumn=nickName&isAsc=desc') },
      { name: 'notice readers: by read time asc', token: admin, url: readers('orderByColumn=readTime&isAsc=asc') },
    ]);
  },
);
