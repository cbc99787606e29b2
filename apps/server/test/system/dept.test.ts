import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAs, type TestApp } from '../helpers/testApp';
import { signedInApp } from '../helpers/signedInApp';
import { caller, deptIds } from '../helpers/adminApi';

describe('department tree', () => {
  let app: TestApp;
  let admin: ReturnType<typeof caller>;
  let depts: Record<string, number>;

  beforeAll(async () => {
    ({ app, as: { admin } } = await signedInApp(['admin']));
    depts = await deptIds(admin);
  });
  afterAll(() => app.teardown());

  const create = async (deptName: string, parentId: number) => {
    const res = await admin('POST', '/system/dept', { deptName, parentId, orderNum: 1 });
    expect(res.body.code, res.body.msg).toBe(200);
    return res.body.data as number;
  };
  const get = async (deptId: number) => (await admin('GET', `/system/dept/${deptId}`)).body.data;

  it('creates departments with their chain of ancestors', async () => {
    const north = await create('Sales North', depts['Head Office']!);
    const team = await create('North Team A', north);
    expect((await get(team)).ancestors).toBe(`0,${depts['Head Office']},${north}`);
    const dup = await admin('POST', '/system/dept', { deptName: 'sales north', parentId: depts['Head Office'] });
    expect(Object.keys(dup.body.errors)).toEqual(['deptName']);
    expect((await admin('GET', '/system/dept/list?deptName=north')).body.data).toHaveLength(2);
  });

  it('moves a department and rewrites the ancestors of everything below it', async () => {
    const branch = await create('Branch', depts['Sales West']!);
    const leaf = await create('Branch Leaf', branch);
    const move = await admin('PUT', '/system/dept', { ...(await get(branch)), parentId: depts['Marketing'] });
    expect(move.body.code).toBe(200);
    expect((await get(branch)).ancestors).toBe(`0,${depts['Head Office']},${depts['Marketing']}`);
    expect((await get(leaf)).ancestors).toBe(`0,${depts['Head Office']},${depts['Marketing']},${branch}`);
  });

  it('refuses cycles: a department under itself or under one of its descendants', async () => {
    const east = await get(depts['Sales East']!);
    const self = await admin('PUT', '/system/dept', { ...east, parentId: east.deptId });
    expect(self.status).toBe(400);
    expect(self.body.errors).toHaveProperty('parentId');
    const below = await admin('PUT', '/system/dept', { ...east, parentId: depts['Key Accounts East'] });
    expect(below.status).toBe(400);
    expect(below.body.msg).toBe('The parent department cannot be the department itself or one of its sub-departments');
    const root = await get(depts['Head Office']!);
    expect((await admin('PUT', '/system/dept', { ...root, parentId: depts['Support'] })).status).toBe(400);
    const excluded = await admin('GET', `/system/dept/list/exclude/${depts['Sales East']}`);
    const names = excluded.body.data.map((d: { deptName: string }) => d.deptName);
    expect(names).not.toContain('Sales East');
    expect(names).not.toContain('Key Accounts East');
    expect(names).toContain('Sales West');
  });

  it('refuses to delete a department with children or with users', async () => {
    const children = await admin('DELETE', `/system/dept/${depts['Sales East']}`);
    expect(children.status).toBe(400);
    expect(children.body.msg).toBe('The department has sub-departments and cannot be deleted');
    const users = await admin('DELETE', `/system/dept/${depts['Support']}`);
    expect(users.body.msg).toBe('The department has users and cannot be deleted');
    const empty = await create('Empty', depts['Support']!);
    expect((await admin('DELETE', `/system/dept/${empty}`)).body.code).toBe(200);
    expect((await admin('GET', `/system/dept/${empty}`)).status).toBe(404);
  });

  it('cannot disable a department with enabled sub-departments, nor add under a disabled one', async () => {
    const east = await get(depts['Sales East']!);
    expect((await admin('PUT', '/system/dept', { ...east, status: '1' })).body.errors).toHaveProperty('status');
    const off = await create('Closed', depts['Support']!);
    await admin('PUT', '/system/dept', { ...(await get(off)), status: '1' });
    expect((await admin('POST', '/system/dept', { deptName: 'Under closed', parentId: off })).body.errors).toHaveProperty('parentId');
  });

  it('a sales manager sees their department and below only', async () => {
    // emma.stone has no department permission: the reach shows through the user dialog's tree.
    const emma = caller(app, await loginAs(app, 'emma.stone'));
    expect((await emma('GET', '/system/dept/list')).status).toBe(403);
  });
});
