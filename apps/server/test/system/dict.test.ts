import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAs, type TestApp } from '../helpers/testApp';
import { signedInApp } from '../helpers/signedInApp';
import { caller } from '../helpers/adminApi';

describe('dictionaries', () => {
  let app: TestApp;
  let admin: ReturnType<typeof caller>;
  beforeAll(async () => void ({ app, as: { admin } } = await signedInApp(['admin'])));
  afterAll(() => app.teardown());

  it('serves the values of a type in the request’s language, with their extras', async () => {
    const rep = caller(app, await loginAs(app, 'olivia.park'));
    const en = await rep('GET', '/system/dict/data/type/crm_opportunity_stage');
    expect(en.body.code).toBe(200);
    expect(en.body.data[0]).toMatchObject({ dictLabel: 'Prospecting', dictValue: 'prospecting', listClass: 'info', isDefault: 'N', extra: { probability: 10 } });
    expect(en.body.data.at(-2)).toMatchObject({ dictValue: 'closed_won', extra: { probability: 100 } });
    const zh = await rep('GET', '/system/dict/data/type/crm_opportunity_stage', undefined, { 'accept-language': 'zh-CN,zh;q=0.9' });
    expect(zh.body.data[0].dictLabel).toBe('初步接洽');
    for (const type of ['crm_lead_source', 'crm_lead_status', 'crm_industry', 'crm_rating', 'crm_opportunity_type', 'crm_task_status', 'crm_task_priority', 'crm_campaign_type', 'crm_campaign_status', 'sys_user_sex', 'sys_normal_disable']) {
      expect((await rep('GET', `/system/dict/data/type/${type}`)).body.data.length, type).toBeGreaterThan(1);
    }
    expect((await rep('GET', '/system/dict/data/type/nope')).body.data).toEqual([]);
    expect((await rep('GET', `/system/dict/data/type/${encodeURIComponent("x' or 1=1")}`)).status).toBe(400);
  });

  it('an opportunity stage must carry a win probability from 0 to 100', async () => {
    const stage = (extra: Record<string, unknown> | null) => ({ dictType: 'crm_opportunity_stage', dictLabel: 'Verbal yes', dictValue: 'verbal_yes', dictSort: 55, extra });
    for (const extra of [null, { labelZh: '口头同意' }, { probability: 101 }, { probability: -1 }, { probability: 'high' }, { probability: 55.5 }]) {
      const res = await admin('POST', '/system/dict/data', stage(extra));
      expect(res.status, JSON.stringify(extra)).toBe(400);
      expect(res.body.errors).toEqual({ probability: 'An opportunity stage needs a win probability from 0 to 100' });
    }
    const created = await admin('POST', '/system/dict/data', stage({ labelZh: '口头同意', probability: 90 }));
    expect(created.body.code).toBe(200);
    const values = (await admin('GET', '/system/dict/data/type/crm_opportunity_stage')).body.data as Array<{ dictValue: string; extra: { probability: number } }>;
    expect(values.find((v) => v.dictValue === 'verbal_yes')?.extra.probability).toBe(90);
    // Other dictionaries need no probability.
    expect((await admin('POST', '/system/dict/data', { dictType: 'crm_rating', dictLabel: 'Lukewarm', dictValue: 'lukewarm' })).body.code).toBe(200);
  });

  it('manages types and values with unique names', async () => {
    const type = await admin('POST', '/system/dict/type', { dictName: 'Buying role', dictType: 'crm_buying_role' });
    expect(type.body.code).toBe(200);
    const dup = await admin('POST', '/system/dict/type', { dictName: 'Again', dictType: 'crm_buying_role' });
    expect(Object.keys(dup.body.errors)).toEqual(['dictType']);
    const value = await admin('POST', '/system/dict/data', { dictType: 'crm_buying_role', dictLabel: 'Decision maker', dictValue: 'dm', extra: { labelZh: '决策者' } });
    expect(value.body.code).toBe(200);
    const again = await admin('POST', '/system/dict/data', { dictType: 'crm_buying_role', dictLabel: 'Other', dictValue: 'dm' });
    expect(Object.keys(again.body.errors)).toEqual(['dictValue']);
    expect((await admin('POST', '/system/dict/data', { dictType: 'no_such_type', dictLabel: 'x', dictValue: 'x' })).body.errors).toHaveProperty('dictType');

    const list = await admin('GET', '/system/dict/data/list?dictType=crm_buying_role');
    expect(list.body).toMatchObject({ total: 1, rows: [{ dictLabel: 'Decision maker' }] });
    const types = await admin('GET', '/system/dict/type/list?dictName=contact');
    expect(types.body.total).toBe(1);
    expect((await admin('GET', '/system/dict/type/optionselect')).body.data.length).toBeGreaterThan(10);

    // Renaming the type carries its values along.
    const typeRow = (await admin('GET', `/system/dict/type/${type.body.data}`)).body.data;
    expect((await admin('PUT', '/system/dict/type', { ...typeRow, dictType: 'crm_buying_roles' })).body.code).toBe(200);
    expect((await admin('GET', '/system/dict/data/type/crm_buying_roles')).body.data).toHaveLength(1);

    const inUse = await admin('DELETE', `/system/dict/type/${type.body.data}`);
    expect(inUse.body.msg).toBe('Buying role still has values and cannot be deleted');
    const data = (await admin('GET', `/system/dict/data/${value.body.data}`)).body.data;
    expect((await admin('PUT', '/system/dict/data', { ...data, dictLabel: 'Decider' })).body.code).toBe(200);
    expect((await admin('DELETE', `/system/dict/data/${value.body.data}`)).body.code).toBe(200);
    expect((await admin('DELETE', `/system/dict/type/${type.body.data}`)).body.code).toBe(200);
    expect((await admin('DELETE', '/system/dict/type/refreshCache')).body.code).toBe(200);
  });
});
