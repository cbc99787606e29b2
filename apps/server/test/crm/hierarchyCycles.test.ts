import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, loginAs, type TestApp } from '../helpers/testApp';
import { caller } from '../helpers/adminApi';
import { getRecord } from '../helpers/crmApi';

type Call = ReturnType<typeof caller>;

/**
 * The engine's hierarchy rule: any lookup of a module to itself (parent account, parent campaign)
 * never makes a record its own ancestor, by update or mass update; the refusal names the field,
 * in the request's language, and writes nothing.
 */
describe.each([
  { module: 'account', field: 'parentAccountId', label: 'Parent Account', labelZh: '上级客户' },
  { module: 'campaign', field: 'parentCampaignId', label: 'Parent Campaign', labelZh: '上级市场活动' },
])('hierarchy cycles: $module.$field', ({ module, field, label, labelZh }) => {
  let app: TestApp;
  let admin: Call;
  // top ← child ← grandchild, and a separate record
  let top: number, child: number, grandchild: number, other: number;
  const unique = `${module}-${Date.now()}`;

  async function create(name: string, parent: number | null = null): Promise<number> {
    const res = await admin('POST', `/crm/${module}`, { name: `${unique} ${name}`, [field]: parent });
    expect(res.body.code, res.body.msg).toBe(200);
    return res.body.data as number;
  }

  beforeAll(async () => {
    app = await createTestApp();
    admin = caller(app, await loginAs(app, 'admin'));
    top = await create('top');
    child = await create('child', top);
    grandchild = await create('grandchild', child);
    other = await create('other');
  });
  afterAll(() => app.teardown());

  const cycleMessage = `${label} cannot be this record itself or a record below it in the hierarchy`;

  it.each([
    ['itself', () => top, () => top],
    ['its child', () => top, () => child],
    ['its grandchild', () => top, () => grandchild],
    ['a child under its own child', () => child, () => grandchild],
  ])('refuses making a record the parent of %s, and writes nothing', async (_, target, parent) => {
    const before = await getRecord(admin, module, target());
    const res = await admin('PUT', `/crm/${module}`, { id: target(), version: before.version, [field]: parent(), description: 'not saved' });
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe(cycleMessage);
    expect(res.body.errors).toEqual({ [field]: cycleMessage });
    const after = await getRecord(admin, module, target());
    expect(after.version).toBe(before.version);
    expect(after[field]).toBe(before[field]);
    expect(after.description ?? null).toBe(before.description ?? null);
  });

  it('answers in Chinese with the field label', async () => {
    const before = await getRecord(admin, module, top);
    const res = await admin('PUT', `/crm/${module}`, { id: top, version: before.version, [field]: grandchild }, { 'accept-language': 'zh-CN' });
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe(`${labelZh}不能是记录本身或层级中位于其下的记录`);
  });

  it('refuses a mass update that would close a loop for any record, and changes none of them', async () => {
    const res = await admin('POST', `/crm/${module}/mass/update`, { ids: [other, top], field, value: grandchild });
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe(cycleMessage);
    expect((await getRecord(admin, module, other))[field]).toBeNull();
    expect((await getRecord(admin, module, top))[field]).toBeNull();
    const self = await admin('POST', `/crm/${module}/mass/update`, { ids: [other], field, value: other });
    expect(self.status).toBe(400);
  });

  it('allows moves that keep a tree: a record under a sibling branch, a grandchild to the top, an empty parent', async () => {
    const o = await getRecord(admin, module, other);
    expect((await admin('PUT', `/crm/${module}`, { id: other, version: o.version, [field]: grandchild })).body.code).toBe(200);
    const g = await getRecord(admin, module, grandchild);
    expect((await admin('PUT', `/crm/${module}`, { id: grandchild, version: g.version, [field]: top })).body.code).toBe(200);
    expect((await admin('POST', `/crm/${module}/mass/update`, { ids: [child], field, value: null })).body.code).toBe(200);
    // Now child is a root: making top its child is fine, and then child is top's ancestor, so the reverse is refused.
    const t = await getRecord(admin, module, top);
    expect((await admin('PUT', `/crm/${module}`, { id: top, version: t.version, [field]: child })).body.code).toBe(200);
    const c = await getRecord(admin, module, child);
    expect((await admin('PUT', `/crm/${module}`, { id: child, version: c.version, [field]: other })).status).toBe(400);
  });

  it('sees through the recycle bin: a deleted record in the chain still counts', async () => {
    // chain: a ← b ← c; b is deleted; making a a child of c would close a loop once b came back.
    const a = await create('a');
    const b = await create('b', a);
    const c = await create('c', b);
    expect((await admin('DELETE', `/crm/${module}/${b}`)).body.code).toBe(200);
    const before = await getRecord(admin, module, a);
    expect((await admin('PUT', `/crm/${module}`, { id: a, version: before.version, [field]: c })).status).toBe(400);
  });
});
