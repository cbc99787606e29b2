/**
 * Login log and operation log at scale: a million rows each on PostgreSQL, listed with every filter
 * and sort their pages offer, through the real API as an administrator. Rows get times in id order,
 * as the server writes them (one row per request, stamped now()).
 */
import { sql } from 'drizzle-orm';
import { BENCH_ROWS, timeListCases, weekAgo, withListBench } from './lib/listBench';

await withListBench(
  async (db) => {
    // A login every 30 s, one in twenty failed, from 5000 users on varied addresses.
    await db.execute(sql`
      insert into sys_logininfor (user_name, ipaddr, browser, os, status, msg, login_time)
      select 'bench.user' || (g % 5000), '10.' || (g % 251) || '.' || (g % 241) || '.' || (g % 239), 'Chrome 120', 'Linux',
             case when g % 20 = 0 then '1' else '0' end, case when g % 20 = 0 then 'Wrong password' else 'Signed in' end,
             now() - make_interval(secs => (${BENCH_ROWS} - g) * 30)
      from generate_series(1, ${BENCH_ROWS}) g`);
    // A write request every 30 s over the administration areas, one in twenty failed.
    await db.execute(sql`
      insert into sys_oper_log (title, business_type, method, request_method, oper_name, dept_name, oper_url, oper_ip,
                                oper_param, json_result, status, error_msg, oper_time, cost_time)
      select (array['User', 'Role', 'Department', 'Menu', 'Dictionary type', 'Dictionary data', 'Login log', 'Operation log'])[1 + g % 8],
             g % 10, 'PUT /system/user', 'PUT', 'bench.user' || (g % 5000), 'Sales East', '/dev-api/system/user',
             '10.' || (g % 251) || '.' || (g % 241) || '.' || (g % 239), '{"userId":' || g || ',"password":"******"}',
             '{"code":200,"msg":"Success"}', case when g % 20 = 0 then 1 else 0 end, '',
             now() - make_interval(secs => (${BENCH_ROWS} - g) * 30), g % 997
      from generate_series(1, ${BENCH_ROWS}) g`);
    await db.execute(sql`vacuum analyze sys_logininfor`);
    await db.execute(sql`vacuum analyze sys_oper_log`);
  },
  async ({ app, token }) => {
    const admin = await token('admin');
    const since = `params%5BbeginTime%5D=${weekAgo()}`;
    const login = (query: string) => ({ token: admin, url: `/monitor/logininfor/list?pageSize=10&${query}` });
    const oper = (query: string) => ({ token: admin, url: `/monitor/operlog/list?pageSize=10&${query}` });
    await timeListCases(app, [
      { name: 'login log: first page', ...login('') },
      { name: 'login log: page 1000', ...login('pageNum=1000') },
      { name: 'login log: user name contains', ...login('userName=user4242') },
      { name: 'login log: address contains', ...login('ipaddr=10.17.') },
      { name: 'login log: failures', ...login('status=1') },
      { name: 'login log: last week', ...login(since) },
      { name: 'login log: by user name', ...login('orderByColumn=userName&isAsc=asc') },
      { name: 'login log: by address desc', ...login('orderByColumn=ipaddr&isAsc=desc') },
      { name: 'login log: by status desc', ...login('orderByColumn=status&isAsc=desc') },
      { name: 'login log: by time asc', ...login('orderByColumn=loginTime&isAsc=asc') },
      { name: 'operation log: first page', ...oper('') },
      { name: 'operation log: page 1000', ...oper('pageNum=1000') },
      { name: 'operation log: title contains', ...oper('title=Dictionary') },
      { name: 'operation log: operator contains', ...oper('operName=user4242') },
      { name: 'operation log: type = delete', ...oper('businessType=3') },
      { name: 'operation log: failures', ...oper('status=1') },
      { name: 'operation log: last week', ...oper(since) },
      { name: 'operation log: by title', ...oper('orderByColumn=title&isAsc=asc') },
      { name: 'operation log: by operator desc', ...oper('orderByColumn=operName&isAsc=desc') },
      { name: 'operation log: by type', ...oper('orderByColumn=businessType&isAsc=asc') },
      { name: 'operation log: by status desc', ...oper('orderByColumn=status&isAsc=desc') },
      { name: 'operation log: by cost desc', ...oper('orderByColumn=costTime&isAsc=desc') },
      { name: 'operation log: by time asc', ...oper('orderByColumn=operTime&isAsc=asc') },
    ]);
  },
);
