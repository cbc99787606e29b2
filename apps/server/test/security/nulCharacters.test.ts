import { sql } from 'drizzle-orm';
import { translate } from '@orbit/shared/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fieldLabel } from '../../src/lib/errors';
import { api, bearer, type TestApp } from '../helpers/testApp';
import { signedInApp } from '../helpers/signedInApp';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
/** A route and a valid request to it; each of its string fields is sent once with a NUL in it. */
type Case = { method: Method; url: string; query?: Record<string, string>; body?: Record<string, unknown>; anonymous?: boolean };

const EMAIL = 'noah.king@example.com';
const cases: Case[] = [
  { method: 'POST', url: '/login', body: { username: 'admin', password: 'admin123', code: '1234', uuid: 'abc' }, anonymous: true },
  { method: 'GET', url: '/sendCode', query: { email: EMAIL }, anonymous: true },
  { method: 'GET', url: '/resendCode', query: { email: EMAIL }, anonymous: true },
  { method: 'POST', url: '/checkCode', body: { email: EMAIL, code: '123456' }, anonymous: true },
  { method: 'PUT', url: '/resetPwd', body: { email: EMAIL, code: '123456', password: 'Brand-New-Pass-1' }, anonymous: true },
  { method: 'POST', url: '/email', body: { email: EMAIL }, anonymous: true },
  { method: 'POST', url: '/switchLogin', body: { email: EMAIL, code: '123456' }, anonymous: true },
  { method: 'PUT', url: '/system/user/profile', body: { nickName: 'Admin', email: 'admin@example.com', phonenumber: '15888888888', sex: '1' } },
  { method: 'PUT', url: '/system/user/profile/updatePwd', body: { oldPassword: 'admin123', newPassword: 'Brand-New-Pass-2' } },
  { method: 'GET', url: '/system/user/list', query: { userName: 'a', nickName: 'a', phonenumber: '1', 'params[beginTime]': '2020-01-01' } },
  { method: 'GET', url: '/system/role/list', query: { roleName: 'a', roleKey: 'a', 'params[endTime]': '2020-01-01' } },
  { method: 'GET', url: '/system/dept/list', query: { deptName: 'a' } },
  { method: 'GET', url: '/system/menu/list', query: { menuName: 'a' } },
  { method: 'GET', url: '/system/dict/type/list', query: { dictName: 'a', dictType: 'a' } },
  { method: 'GET', url: '/system/dict/data/list', query: { dictType: 'sys_user_sex', dictLabel: 'a' } },
  { method: 'GET', url: '/monitor/operlog/list', query: { title: 'a', operName: 'a', operIp: '1' } },
  { method: 'GET', url: '/monitor/logininfor/list', query: { userName: 'a', ipaddr: '1' } },
  {
    method: 'POST',
    url: '/system/user',
    body: { userName: 'nul.user', nickName: 'Nul', password: 'Brand-New-Pass-3', email: 'nul@example.com', phonenumber: '15811112222', sex: '1', remark: 'r' },
  },
  { method: 'PUT', url: '/system/user/resetPwd', body: { userId: 2, password: 'Brand-New-Pass-4' } },
  { method: 'POST', url: '/system/role', body: { roleName: 'Nul role', roleKey: 'nul_role', remark: 'r' } },
  { method: 'POST', url: '/system/dept', body: { parentId: 100, deptName: 'Nul dept', leader: 'l', phone: '123', email: 'dept@example.com' } },
  { method: 'POST', url: '/system/menu', body: { menuName: 'Nul menu', menuType: 'C', path: 'nul', component: 'nul/index', perms: 'nul:list', icon: 'user', remark: 'r' } },
  { method: 'POST', url: '/system/dict/type', body: { dictName: 'Nul type', dictType: 'nul_type', remark: 'r' } },
  { method: 'POST', url: '/system/dict/data', body: { dictType: 'sys_user_sex', dictLabel: 'Nul', dictValue: '9', cssClass: 'c', listClass: 'default', remark: 'r', extra: { labelZh: '空' } } },
];

/** Every string in a body, with the path the answer names it by. */
function stringFields(value: unknown, path: string[] = []): string[][] {
  if (typeof value === 'string') return [path];
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([key, item]) => stringFields(item, [...path, key]));
  return [];
}

function withNul(value: unknown, path: string[]): unknown {
  if (!path.length) return `${String(value)}\u0000x`;
  const [key, ...rest] = path as [string, ...string[]];
  return { ...(value as object), [key]: withNul((value as Record<string, unknown>)[key], rest) };
}

const refusal = (field: string, lang: 'en' | 'zh' = 'en') => translate(lang, 'validation.nulCharacter', { field: fieldLabel(field) });

/** Everything a request could have written, except the logs of requests and the sliding session expiry. */
const TABLES = ['sys_user', 'sys_user_role', 'sys_role', 'sys_role_menu', 'sys_role_dept', 'sys_dept', 'sys_menu', 'sys_dict_type', 'sys_dict_data', 'sys_logininfor', 'sys_email_code'];

describe('NUL characters in request text', () => {
  let app: TestApp;
  let token: string;
  beforeAll(async () => void ({ app, tokens: { admin: token } } = await signedInApp(['admin'])));
  afterAll(() => app.teardown());

  const fingerprint = async () => {
    const hashes: Record<string, string> = {};
    for (const table of TABLES) {
      const result = await app.db.execute(sql.raw(`select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as h from ${table} t`));
      hashes[table] = (result as unknown as { rows: Array<{ h: string }> }).rows[0]!.h;
    }
    return hashes;
  };

  const send = (method: Method, url: string, { query, body, anonymous, lang }: Omit<Case, 'method' | 'url'> & { lang?: string } = {}) =>
    app.inject({
      method,
      url: api(url) + (query ? `?${new URLSearchParams(query)}` : ''),
      headers: { ...(anonymous ? {} : bearer(token)), ...(lang ? { 'accept-language': lang } : {}) },
      ...(body ? { payload: body } : {}),
    });

  it('refuses a NUL in any string field of the sign-in, code, profile, list and form routes with a 400 naming the field, writing nothing', async () => {
    const before = await fingerprint();
    const mails = app.mails.length;
    let sent = 0;
    for (const { method, url, query, body, anonymous } of cases) {
      for (const path of stringFields(body ?? query)) {
        const res = body
          ? await send(method, url, { body: withNul(body, path) as Record<string, unknown>, anonymous })
          : await send(method, url, { query: withNul(query, path) as Record<string, string>, anonymous });
        const field = path.join('.');
        expect({ route: `${method} ${url}`, field, status: res.statusCode, body: res.json() }).toEqual({
          route: `${method} ${url}`,
          field,
          status: 400,
          body: { code: 400, msg: refusal(field), errors: { [field]: refusal(field) } },
        });
        sent++;
      }
    }
    expect(sent).toBeGreaterThan(60);
    expect(await fingerprint()).toEqual(before);
    expect(app.mails.length).toBe(mails);
  });

  it('answers in the request language', async () => {
    const res = await send('POST', '/login', { body: { username: 'ad\u0000min', password: 'admin123' }, anonymous: true, lang: 'zh' });
    expect(res.json()).toMatchObject({ code: 400, msg: refusal('username', 'zh'), errors: { username: '用户名不能包含空字符（NUL）' } });
  });

  it('refuses it inside the JSON a query parameter carries (a list’s filter and totals, the board’s filter), naming where it sits', async () => {
    const json = (value: unknown) => encodeURIComponent(JSON.stringify(value));
    const nul = 'Zeta\u0000';
    const cases: Array<[string, string]> = [
      [`/crm/leads/list?filter=${json({ field: 'company', op: 'eq', value: nul })}`, 'filter.value'],
      [`/crm/leads/list?filter=${json({ and: [{ field: 'company', op: 'in', value: ['Acme', nul] }] })}`, 'filter.and.0.value.1'],
      [`/crm/leads/list?filter=${json({ not: { field: 'relatedTo', op: 'eq', value: { module: `leads${nul}`, id: 1 } } })}`, 'filter.not.value.module'],
      [`/crm/account/list?totals=${json([{ field: 'annualRevenue', filter: { field: 'name', op: 'contains', value: nul } }])}`, 'totals.0.filter.value'],
      [`/crm/opportunity/board?filter=${json({ field: 'name', op: 'startsWith', value: nul })}`, 'filter.value'],
    ];
    for (const [url, field] of cases) {
      const res = await send('GET', url);
      expect({ url, status: res.statusCode, body: res.json() }).toEqual({ url, status: 400, body: { code: 400, msg: refusal(field), errors: { [field]: refusal(field) } } });
    }
    const zh = await send('GET', `/crm/leads/list?filter=${json({ field: 'company', op: 'eq', value: nul })}`, { lang: 'zh' });
    expect(zh.json()).toMatchObject({ code: 400, errors: { 'filter.value': refusal('filter.value', 'zh') } });
  });

  it('refuses it in path parameters, in keys, in text bodies and at any depth', async () => {
    expect((await send('GET', '/system/user/1%00')).json()).toMatchObject({ code: 400, errors: { userId: refusal('userId') } });
    const key = await send('POST', '/system/dict/data', { body: { dictType: 'sys_user_sex', dictLabel: 'Nul', dictValue: '9', extra: { 'label\u0000Zh': 'x' } } });
    expect(key.json()).toMatchObject({ code: 400, errors: { 'extra.label\\0Zh': refusal('extra.label\\0Zh') } });
    const text = await app.inject({ method: 'POST', url: api('/system/dept'), headers: { ...bearer(token), 'content-type': 'text/plain' }, payload: 'dept\u0000name' });
    expect(text.json()).toEqual({ code: 400, msg: 'The request is invalid' });
    const deep = `${'{"a":'.repeat(100_000)}"\\u0000"${'}'.repeat(100_000)}`;
    const nested = await app.inject({ method: 'POST', url: api('/system/dept'), headers: { ...bearer(token), 'content-type': 'application/json' }, payload: deep });
    expect(nested.json()).toMatchObject({ code: 400, errors: { 'a.a.a.a.a.a.a.a': refusal('a.a.a.a.a.a.a.a') } });
  });
});
