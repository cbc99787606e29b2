import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caller, deptIds, userIds } from '../helpers/adminApi';
import { createTestApp, loginAs, type TestApp } from '../helpers/testApp';

const PICK_ONE = 'Please pick one option only';
const PICK_ONE_ZH = '只能选择一个选项';
const ZH = { 'accept-language': 'zh' };

/**
 * A field that takes one of a set of values, sent several at once (`["0","1"]`): "pick one option
 * only" on that field, in the request's language, and nothing written — not a generic "invalid
 * value", and never a value picked for the caller.
 */
describe('single-choice fields sent several values', () => {
  let app: TestApp;
  let admin: ReturnType<typeof caller>;
  let olivia: ReturnType<typeof caller>;
  beforeAll(async () => {
    app = await createTestApp();
    admin = caller(app, await loginAs(app, 'admin'));
    olivia = caller(app, await loginAs(app, 'olivia.park'));
  });
  afterAll(() => app.teardown());

  const count = async (table: string, where: string) =>
    Number(((await app.db.execute(sql.raw(`select count(*) as n from ${table} where ${where}`))) as unknown as { rows: Array<{ n: unknown }> }).rows[0]!.n);

  it('a user’s sex and status, on create and on the status switch', async () => {
    const deptId = (await deptIds(admin))['Support'];
    const body = { userName: 'choice.user', nickName: 'Choice', password: 'Lantern-Orchid-84', deptId, sex: ['0', '1'], status: ['0', '1'] };
    const res = await admin('POST', '/system/user', body);
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ sex: PICK_ONE, status: PICK_ONE });
    expect((await admin('POST', '/system/user', body, ZH)).body.errors).toEqual({ sex: PICK_ONE_ZH, status: PICK_ONE_ZH });
    expect(await count('sys_user', "user_name = 'choice.user'")).toBe(0);

    const noah = (await userIds(admin))['noah.king'];
    const toggle = await admin('PUT', '/system/user/changeStatus', { userId: noah, status: ['1', '0'] });
    expect(toggle.body.errors).toEqual({ status: PICK_ONE });
    expect(await count('sys_user', `user_id = ${noah} and status = '0'`)).toBe(1);
    // One value outside the set is still "invalid value", not "pick one".
    expect((await admin('PUT', '/system/user/changeStatus', { userId: noah, status: '7' })).body.errors).toEqual({ status: 'Status has an invalid value' });
  });

  it('one’s own profile’s sex', async () => {
    const res = await olivia('PUT', '/system/user/profile', { nickName: 'Olivia Park', phonenumber: '', sex: ['1', '2'] });
    expect(res.body.errors).toEqual({ sex: PICK_ONE });
  });

  it('a role’s data scope and a menu’s type', async () => {
    const roleId = (await admin('POST', '/system/role', { roleName: 'Choice role', roleKey: 'choice_role', roleSort: 9, menuIds: [] })).body.data as number;
    const before = (await admin('GET', `/system/role/${roleId}`)).body.data.dataScope;
    const scope = await admin('PUT', '/system/role/dataScope', { roleId, dataScope: ['1', '5'], deptIds: [] });
    expect(scope.body.errors).toEqual({ dataScope: PICK_ONE });
    expect((await admin('GET', `/system/role/${roleId}`)).body.data.dataScope).toBe(before);
    const menu = await admin('POST', '/system/menu', { parentId: 0, menuName: 'Choice menu', menuType: ['M', 'C'], orderNum: 9, path: 'choice' });
    expect(menu.body.errors).toMatchObject({ menuType: PICK_ONE });
    expect(await count('sys_menu', "menu_name = 'Choice menu'")).toBe(0);
  });

  it('a record’s picklist field (a lead’s status and source), on create and update', async () => {
    const before = await count('crm_lead', "last_name = 'Choice'");
    const res = await olivia('POST', '/crm/leads', { lastName: 'Choice', company: 'Choice Ltd', status: ['new', 'working'], leadSource: ['web', 'phone'] });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ status: PICK_ONE, leadSource: PICK_ONE });
    expect((await olivia('POST', '/crm/leads', { lastName: 'Choice', status: ['new', 'working'] }, ZH)).body.errors).toEqual({ status: PICK_ONE_ZH });
    expect(await count('crm_lead', "last_name = 'Choice'")).toBe(before);
    // A multi-picklist takes a list; one value where a list is due stays "invalid value".
  });

  it('a report’s format and chart type', async () => {
    const definition = { module: 'leads', columns: ['company'], format: ['tabular', 'summary'], chart: { type: ['bar', 'pie'] } };
    const manager = caller(app, await loginAs(app, 'mia.chen'));
    const res = await manager('POST', '/crm/report/preview', { definition });
    expect(res.status).toBe(400);
    expect(Object.entries(res.body.errors as Record<string, string>).filter(([, message]) => message === PICK_ONE).map(([field]) => field).sort()).toEqual(['definition.chart.type', 'definition.format']);
  });
});
