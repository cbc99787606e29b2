import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sysUser } from '../../src/db/schema/organisation';
import { api, createTestApp, orbitWeb, type TestApp } from '../helpers/testApp';
import { ruoyiClient } from './ruoyiClient';

const RUOYI_TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;
const ISO_TIME = /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const pad = (n: number) => String(n).padStart(2, '0');
/** The server's wall clock, written independently of the code under test. */
const wallClock = (date: Date) =>
  `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;

/** Every string in an answer, with the path that leads to it. */
function strings(value: unknown, path = ''): Array<[string, string]> {
  if (typeof value === 'string') return [[path, value]];
  if (Array.isArray(value)) return value.flatMap((item, i) => strings(item, `${path}[${i}]`));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([key, item]) => strings(item, `${path}.${key}`));
  return [];
}

/**
 * Dates on the RuoYi-compatible routes (issue 29): RuoYi's server writes `yyyy-MM-dd HH:mm:ss` in its
 * own time zone and its pages print many of them as they come, so an unmodified client gets that;
 * Orbit's own web app says who it is (`Orbit-Client: web`) and keeps exact ISO instants.
 */
describe('dates on the RuoYi-compatible routes', () => {
  let app: TestApp;
  let client: ReturnType<typeof ruoyiClient>;
  let urls: string[];

  // A zone away from UTC, so that a date written in UTC could not pass; restored for the next file.
  const zoneBefore = process.env.TZ;
  beforeAll(async () => {
    process.env.TZ = 'Asia/Shanghai';
    app = await createTestApp({ API_ERROR_STATUS: 'envelope' });
    client = ruoyiClient(app);
    client.setToken((await client.send('POST', '/login', { username: 'admin', password: 'admin123' })).body.token);
    const noticeId = (await client.send('POST', '/system/notice', { noticeTitle: 'Dated', noticeType: '1', noticeContent: 'x' })).body.data;
    await client.send('PUT', '/system/notice', { noticeId, noticeTitle: 'Dated again', noticeType: '1', noticeContent: 'x' });
    await client.send('POST', '/system/notice/markRead', undefined, { noticeId });
    const operId = (await client.get('/monitor/operlog/list')).body.rows[0].operId;
    const dictCode = (await client.get('/system/dict/data/list', { dictType: 'sys_user_sex' })).body.rows[0].dictCode;
    const [head, east] = (await client.get('/system/dept/list')).body.data.map((d: { deptId: number }) => d.deptId);
    urls = [
      '/getInfo',
      '/system/user/list?pageSize=50',
      '/system/user/1',
      '/system/user/',
      '/system/user/profile',
      '/system/user/authRole/3',
      '/system/role/list',
      '/system/role/2',
      '/system/role/optionselect',
      '/system/role/authUser/allocatedList?roleId=2',
      '/system/role/authUser/unallocatedList?roleId=2',
      '/system/dept/list',
      `/system/dept/${head}`,
      `/system/dept/list/exclude/${east}`,
      '/system/menu/list',
      '/system/menu/1',
      '/system/dict/type/list',
      '/system/dict/type/1',
      '/system/dict/type/optionselect',
      '/system/dict/data/list?dictType=sys_user_sex',
      `/system/dict/data/${dictCode}`,
      '/system/dict/data/type/sys_user_sex',
      '/system/config/list',
      '/system/config/1',
      '/system/notice/list',
      `/system/notice/${noticeId}`,
      '/system/notice/listTop',
      `/system/notice/readUsers/list?noticeId=${noticeId}`,
      '/monitor/operlog/list',
      `/monitor/operlog/${operId}`,
      '/monitor/logininfor/list',
    ];
  });
  afterAll(async () => {
    await app.teardown();
    if (zoneBefore === undefined) delete process.env.TZ;
    else process.env.TZ = zoneBefore;
  });

  it('a RuoYi client reads every date as yyyy-MM-dd HH:mm:ss, never an ISO instant', async () => {
    let dated = 0;
    for (const url of urls) {
      const res = await client.get(url);
      expect(res.body.code, `${url}: ${res.body.msg}`).toBe(200);
      for (const [path, value] of strings(res.body)) {
        if (/(Time|Date)$/.test(path)) {
          expect(value, `${url} ${path}`).toMatch(RUOYI_TIME);
          dated++;
        } else expect(value, `${url} ${path}`).not.toMatch(ISO_TIME);
      }
    }
    expect(dated).toBeGreaterThan(50);
  });

  it('in the server’s time zone, to the second', async () => {
    const [admin] = await app.db.select().from(sysUser).where(eq(sysUser.userId, 1));
    const res = await client.get('/system/user/1');
    expect(res.body.data.createTime).toBe(wallClock(admin!.createTime));
    // Shanghai is UTC+8: the wall clock is not the instant's UTC reading.
    expect(res.body.data.createTime).not.toBe(admin!.createTime.toISOString().slice(0, 19).replace('T', ' '));
    expect(res.body.data.loginDate).toBe(wallClock(admin!.loginDate!));
    expect((await client.get('/getInfo')).body.user.createTime).toBe(wallClock(admin!.createTime));
  });

  it('Orbit’s own web app keeps ISO instants, on the same routes', async () => {
    const [admin] = await app.db.select().from(sysUser).where(eq(sysUser.userId, 1));
    const headers = { authorization: `Bearer ${await loginToken()}`, ...orbitWeb };
    const res = (await app.inject({ method: 'GET', url: api('/system/user/1'), headers })).json();
    expect(res.data.createTime).toBe(admin!.createTime.toISOString());
    const log = (await app.inject({ method: 'GET', url: api('/monitor/logininfor/list'), headers })).json();
    expect(log.rows[0].loginTime).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  });

  const loginToken = async () => (await app.inject({ method: 'POST', url: api('/login'), payload: { username: 'admin', password: 'admin123' } })).json().token as string;
});
