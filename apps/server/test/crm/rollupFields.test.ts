import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { translate } from '@orbit/shared/messages';
import { createTestApp, loginAs, type TestApp } from '../helpers/testApp';
import { caller } from '../helpers/adminApi';
import { ok, rowsOf } from '../helpers/setupFieldTests';
import { getRecord } from '../helpers/crmApi';

type Call = ReturnType<typeof caller>;

/** Roll-up summary fields (docs/records-engine.md): kept by triggers on the child's table, checked against a recomputation after random changes. */
describe('roll-up summary fields', () => {
  let app: TestApp;
  let admin: Call;

  beforeAll(async () => {
    app = await createTestApp();
    admin = caller(app, await loginAs(app, 'admin'));
  });
  afterAll(() => app.teardown());

  const rows = <T = Record<string, unknown>>(q: ReturnType<typeof sql>) => rowsOf<T>(app, q);
  const rollupField = (name: string, rollup: Record<string, unknown>) => ({ name, type: 'number', labelEn: name, labelZh: name, filterable: true, rollup });

  it('refuses a roll-up of a list that does not point at the module, of a field it cannot sum, or with a bad filter', async () => {
    const wrongChild = await admin('POST', '/setup/account/fields', rollupField('x1', { child: 'opportunity', via: 'campaignId', fn: 'count' }), { 'accept-language': 'zh' });
    expect(wrongChild.body.msg).toBe(translate('zh', 'rollup.unknownChild'));
    const notNumeric = await admin('POST', '/setup/account/fields', rollupField('x2', { child: 'opportunity', via: 'accountId', fn: 'sum', field: 'name' }));
    expect(notNumeric.body.msg).toBe(translate('en', 'rollup.fieldNotNumeric'));
    const badFilter = await admin('POST', '/setup/account/fields', rollupField('x3', { child: 'opportunity', via: 'accountId', fn: 'count', filter: { field: 'nope', op: 'eq', value: 1 } }));
    expect(badFilter.body.msg).toBe(translate('en', 'filter.unknownField', { name: 'nope' }));
    expect(await rows(sql`select 1 from crm_field where module = 'account' and name in ('x1', 'x2', 'x3')`)).toEqual([]);
  });

  it('keeps a filter value that holds the trigger body\'s quote tags a value: nothing runs but the roll-up', async () => {
    const hostile = "$rollup$ $rollup0$'; drop table crm_lead; --";
    await ok(admin('POST', '/setup/account/fields', rollupField('hostileCount', { child: 'opportunity', via: 'accountId', fn: 'count', filter: { field: 'name', op: 'eq', value: hostile } })));
    expect(await rows(sql`select 1 from information_schema.tables where table_name = 'crm_lead'`)).toHaveLength(1);
    const accountId = (await ok(admin('POST', '/crm/account', { name: 'Hostile filter' }))).data as number;
    for (const name of [hostile, 'plain']) await ok(admin('POST', '/crm/opportunity', { name, accountId, amount: '1.00', stage: 'prospecting', closeDate: '2026-03-01' }));
    expect((await getRecord(admin, 'account', accountId)).hostileCount).toBe(1);
    await ok(admin('DELETE', '/setup/account/fields/hostileCount'));
  });

  it('keeps every roll-up equal to a recomputation after random creates, updates, re-parents, deletes, restores and purges', async () => {
    const account = async (name: string) => (await ok(admin('POST', '/crm/account', { name }))).data as number;
    const accounts = [await account('Rollup A'), await account('Rollup B'), await account('Rollup C')];
    const opp = async (accountId: number, amount: string, stage: string, closeDate: string) =>
      (await ok(admin('POST', '/crm/opportunity', { name: `Rollup opp ${amount}`, accountId, amount, stage, closeDate }))).data as number;
    // Children that exist before the roll-ups are defined: the definition computes them.
    const before = await opp(accounts[0]!, '100.25', 'prospecting', '2026-03-01');

    await ok(admin('POST', '/setup/account/fields', rollupField('oppCount', { child: 'opportunity', via: 'accountId', fn: 'count' })));
    await ok(admin('POST', '/setup/account/fields', rollupField('openPipeline', { child: 'opportunity', via: 'accountId', fn: 'sum', field: 'amount', filter: { field: 'stage', op: 'notIn', value: ['closed_won', 'closed_lost'] } })));
    await ok(admin('POST', '/setup/account/fields', rollupField('largestDeal', { child: 'opportunity', via: 'accountId', fn: 'max', field: 'amount' })));
    await ok(admin('POST', '/setup/account/fields', rollupField('firstClose', { child: 'opportunity', via: 'accountId', fn: 'min', field: 'closeDate' })));
    await ok(admin('POST', '/setup/account/fields', rollupField('contactCount', { child: 'contact', via: 'accountId', fn: 'count' })));
    const meta = (await admin('GET', '/crm/meta/account')).body.data.fields.filter((f: { rollup?: unknown }) => f.rollup);
    expect(meta.map((f: { name: string; type: string; readOnly: boolean }) => [f.name, f.type, f.readOnly])).toEqual([
      ['oppCount', 'number', true],
      ['openPipeline', 'currency', true],
      ['largestDeal', 'currency', true],
      ['firstClose', 'date', true],
      ['contactCount', 'number', true],
    ]);
    expect(await getRecord(admin, 'account', accounts[0]!)).toMatchObject({ oppCount: 1, openPipeline: '100.25', largestDeal: '100.25', firstClose: '2026-03-01' });

    // A seeded pseudo-random sequence: the same run every time.
    let seed = 33;
    const next = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed % n;
    };
    const pick = <T,>(list: T[]) => list[next(list.length)]!;
    const stages = ['prospecting', 'closed_won', 'closed_lost', 'prospecting'];
    const live = [before];
    const deleted: number[] = [];
    const contacts: number[] = [];
    for (let step = 0; step < 40; step++) {
      const action = next(7);
      if (action <= 1 || !live.length) {
        live.push(await opp(pick(accounts), `${next(5000)}.${String(next(100)).padStart(2, '0')}`, pick(stages), `2026-0${1 + next(9)}-1${next(9)}`));
      } else if (action === 2) {
        const id = pick(live);
        const current = await getRecord(admin, 'opportunity', id);
        await ok(admin('PUT', '/crm/opportunity', { id, version: current.version, amount: `${next(9000)}.50`, stage: pick(stages) }));
      } else if (action === 3) {
        const id = pick(live);
        const current = await getRecord(admin, 'opportunity', id);
        await ok(admin('PUT', '/crm/opportunity', { id, version: current.version, accountId: pick(accounts) }));
      } else if (action === 4) {
        const id = live.splice(next(live.length), 1)[0]!;
        await ok(admin('DELETE', `/crm/opportunity/${id}`));
        deleted.push(id);
      } else if (action === 5 && deleted.length) {
        const id = deleted.splice(next(deleted.length), 1)[0]!;
        await ok(admin('PUT', '/crm/opportunity/restore', { ids: [id] }));
        live.push(id);
      } else {
        const body = (await ok(admin('POST', '/crm/contact', { lastName: `Rollup ${step}`, accountId: pick(accounts) }))).data as number;
        contacts.push(body);
      }
    }
    // A write no route makes (a purge of the recycle bin, a script): the trigger covers it too.
    if (deleted.length) await app.db.execute(sql`delete from crm_opportunity where id = ${deleted[0]!}`);
    await app.db.execute(sql`update crm_opportunity set account_id = ${accounts[2]!} where id = ${live[0]!}`);

    const opps = await rows<{ account_id: string; amount: string | null; stage: string; close_date: string | Date; deleted_at: unknown }>(
      sql`select account_id, amount, stage, close_date, deleted_at from crm_opportunity where account_id in ${accounts}`,
    );
    const people = await rows<{ account_id: string; deleted_at: unknown }>(sql`select account_id, deleted_at from crm_contact where account_id in ${accounts}`);
    for (const id of accounts) {
      const mine = opps.filter((o) => Number(o.account_id) === id && o.deleted_at === null);
      const amounts = mine.filter((o) => o.amount !== null).map((o) => Number(o.amount));
      const open = mine.filter((o) => !['closed_won', 'closed_lost'].includes(o.stage) && o.amount !== null).reduce((s, o) => s + Math.round(Number(o.amount) * 100), 0);
      const dates = mine.map((o) => (o.close_date instanceof Date ? o.close_date.toISOString() : String(o.close_date)).slice(0, 10)).sort();
      const record = await getRecord(admin, 'account', id);
      expect(record, `account ${id}`).toMatchObject({
        oppCount: mine.length,
        openPipeline: (open / 100).toFixed(2),
        largestDeal: amounts.length ? Math.max(...amounts).toFixed(2) : null,
        firstClose: dates[0] ?? null,
        contactCount: people.filter((p) => Number(p.account_id) === id && p.deleted_at === null).length,
      });
    }
  });

  it('sums money of several currencies in the organisation currency, kept in the parent\'s own currency, converted again when it changes', async () => {
    await ok(admin('POST', '/crm/exchangeRate', { currency: 'CHF', rate: '1.25', validFrom: '2020-01-01' }));
    await ok(admin('POST', '/setup/account/fields', rollupField('dealTotal', { child: 'opportunity', via: 'accountId', fn: 'sum', field: 'amount' })));
    const francs = (await ok(admin('POST', '/crm/account', { name: 'Rollup Francs', currency: 'CHF' }))).data as number;
    const dollars = (await ok(admin('POST', '/crm/account', { name: 'Rollup Dollars' }))).data as number;
    for (const [accountId, amount, currency] of [[francs, '100.00', 'USD'], [francs, '80.00', 'CHF'], [dollars, '80.00', 'CHF'], [dollars, '0.10', 'USD']] as const) {
      await ok(admin('POST', '/crm/opportunity', { name: `Rollup ${currency} ${amount}`, accountId, amount, currency, stage: 'prospecting', closeDate: '2026-05-01' }));
    }
    // 100 USD + 80 CHF × 1.25 = 200 USD, kept in francs: 160.00 CHF; the dollar account: 100.10 USD.
    expect(await getRecord(admin, 'account', francs)).toMatchObject({ currency: 'CHF', dealTotal: '160.00' });
    expect(await getRecord(admin, 'account', dollars)).toMatchObject({ currency: 'USD', dealTotal: '100.10' });
    const before = await getRecord(admin, 'account', francs);
    await ok(admin('PUT', '/crm/account', { id: francs, version: before.version, currency: 'USD' }));
    expect(await getRecord(admin, 'account', francs)).toMatchObject({ currency: 'USD', dealTotal: '200.00' });
    // Deleting the roll-up drops its triggers, the parent's too: the currency changes freely again.
    const currencyTriggers = async () => (await rows(sql`select tgname from pg_trigger where tgname like 'orbit_rollup_%_cur_trg'`)).length;
    const kept = await currencyTriggers();
    await ok(admin('DELETE', '/setup/account/fields/dealTotal'));
    expect(await currencyTriggers()).toBe(kept - 1);
  });

  it('refuses deleting a child field a roll-up reads; deleting the roll-up drops its trigger', async () => {
    await ok(admin('POST', '/setup/opportunity/fields', { name: 'weight', type: 'number', labelEn: 'Weight', labelZh: '权重', filterable: true }));
    await ok(admin('POST', '/setup/account/fields', rollupField('totalWeight', { child: 'opportunity', via: 'accountId', fn: 'sum', field: 'weight' })));
    const refused = await admin('DELETE', '/setup/opportunity/fields/weight');
    expect(refused.body.msg).toBe(translate('en', 'formula.fieldInUse', { field: 'weight', by: 'totalWeight' }));
    await ok(admin('DELETE', '/setup/account/fields/totalWeight'));
    expect(await rows(sql`select 1 from pg_trigger where tgname like 'orbit_rollup_%' and tgrelid = 'crm_opportunity'::regclass and not tgisinternal`)).toHaveLength(4);
    await ok(admin('DELETE', '/setup/opportunity/fields/weight'));
  });
});
