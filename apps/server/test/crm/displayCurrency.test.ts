import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { caller } from '../helpers/adminApi';
import { createTestApp, loginAs, type TestApp } from '../helpers/testApp';

type Call = ReturnType<typeof caller>;
type Column = { value: string | null; count: number; sums: Record<string, string>; converted?: boolean };

/**
 * A viewer's display currency (issue 33): every total that mixes currencies is converted to the
 * currency the reader chose in their profile (else the organisation's), at the same dated rates, to
 * the cent, and says which; each amount keeps its record's own currency.
 */
describe('the viewer’s display currency', () => {
  let app: TestApp;
  let admin: Call;
  let olivia: Call;
  let account: number;
  const token = 'Dispboard';

  const profile = async (who: Call) => (await who('GET', '/system/user/profile')).body as { data: Record<string, unknown>; displayCurrencies: string[] };
  const choose = async (who: Call, displayCurrency: string | null, headers?: Record<string, string>) => {
    const { data } = await profile(who);
    return who('PUT', '/system/user/profile', { nickName: data.nickName, phonenumber: data.phonenumber, sex: data.sex, displayCurrency }, headers);
  };
  const board = async (who: Call) => {
    const res = await who('GET', `/crm/opportunity/board?field=type&q=${token}`);
    expect(res.body.code, res.body.msg).toBe(200);
    return res.body.data as { currency: string; columns: Column[] };
  };
  const column = (columns: Column[], value: string) => columns.find((c) => c.value === value)!;
  const opportunity = async (body: Record<string, unknown>) => {
    const res = await olivia('POST', '/crm/opportunity', { accountId: account, stage: 'proposal', ...body });
    expect(res.body, res.body.msg).toMatchObject({ code: 200 });
    return res.body.data as number;
  };

  beforeAll(async () => {
    app = await createTestApp({ JOB_CONCURRENCY: '0' });
    admin = caller(app, await loginAs(app, 'admin'));
    olivia = caller(app, await loginAs(app, 'olivia.park'));
    account = (await olivia('POST', '/crm/account', { name: 'Display Currency Account' })).body.data as number;
    for (const [currency, rate, validFrom] of [['EUR', '1.10', '2026-01-01'], ['EUR', '1.20', '2026-06-01'], ['GBP', '1.25', '2020-01-01']]) {
      expect((await admin('POST', '/crm/exchangeRate', { currency, rate, validFrom })).body.code).toBe(200);
    }
    await opportunity({ name: `${token} march`, type: 'new_business', closeDate: '2026-03-01', amount: '100.00', currency: 'EUR' });
    await opportunity({ name: `${token} july`, type: 'new_business', closeDate: '2026-07-01', amount: '100.00', currency: 'EUR' });
    await opportunity({ name: `${token} dollars`, type: 'new_business', closeDate: '2026-03-01', amount: '55.00', currency: 'USD' });
    await opportunity({ name: `${token} pounds`, type: 'new_business', closeDate: '2026-07-01', amount: '10.00', currency: 'GBP' });
    await opportunity({ name: `${token} renewal`, type: 'existing_renewal', closeDate: '2026-07-01', amount: '20.00', currency: 'EUR' });
  });
  afterAll(() => app.teardown());

  describe('the preference', () => {
    it('is the organisation currency until chosen; the choices are it and the active currencies with a rate', async () => {
      const { data, displayCurrencies } = await profile(olivia);
      expect(data.displayCurrency).toBeNull();
      expect(displayCurrencies[0]).toBe('USD');
      expect(displayCurrencies).toEqual(expect.arrayContaining(['EUR', 'GBP']));
      // No rate, no way to convert to it.
      expect(displayCurrencies).not.toContain('BRL');
    });

    it('refuses a currency without a rate, a disabled or an unknown one, translated, and keeps the one chosen', async () => {
      expect((await choose(olivia, 'GBP')).body.code).toBe(200);
      const en = await choose(olivia, 'BRL');
      expect(en.status).toBe(400);
      expect(en.body.errors).toEqual({ displayCurrency: 'The display currency must be the organisation currency or an active currency with an exchange rate' });
      const zh = await choose(olivia, 'XYZ', { 'accept-language': 'zh' });
      expect(zh.status).toBe(400);
      expect(Object.keys(zh.body.errors)).toEqual(['displayCurrency']);
      expect(Object.values(zh.body.errors)[0]).toBe('显示货币须为组织货币，或已有汇率的启用货币');
      await app.db.execute(sql`update sys_dict_data set status = '1' where dict_type = 'crm_currency' and dict_value = 'EUR'`);
      try {
        expect((await choose(olivia, 'EUR')).status).toBe(400);
      } finally {
        await app.db.execute(sql`update sys_dict_data set status = '0' where dict_type = 'crm_currency' and dict_value = 'EUR'`);
      }
      expect((await profile(olivia)).data.displayCurrency).toBe('GBP');
      expect((await choose(olivia, null)).body.code).toBe(200);
      expect((await profile(olivia)).data.displayCurrency).toBeNull();
    });
  });

  describe('the same totals asked by two readers', () => {
    beforeAll(async () => {
      expect((await choose(olivia, 'EUR')).body.code).toBe(200);
    });

    it('board columns: each reader’s sums in their currency, at the rates of each deal’s date, to the cent, saying which', async () => {
      const dollars = await board(admin);
      const euros = await board(olivia);
      expect(dollars.currency).toBe('USD');
      expect(euros.currency).toBe('EUR');
      // 100 € × 1.10 + 100 € × 1.20 + 55 $ + 10 £ × 1.25 = 297.50 $; proposal 60 %: 178.50.
      expect(column(dollars.columns, 'new_business')).toMatchObject({ count: 4, sums: { amount: '297.50', weighted: '178.50' }, converted: true });
      // 100 € + 100 € + 55 $ / 1.10 (March) + 12.50 $ / 1.20 (July) = 260.416… €; 60 %: 156.25.
      expect(column(euros.columns, 'new_business')).toMatchObject({ count: 4, sums: { amount: '260.42', weighted: '156.25' }, converted: true });
      // A column all in euros: nothing converted for the reader of euros, converted for the reader of dollars.
      expect(column(euros.columns, 'existing_renewal').sums.amount).toBe('20.00');
      expect(column(euros.columns, 'existing_renewal').converted).toBeUndefined();
      expect(column(dollars.columns, 'existing_renewal')).toMatchObject({ sums: { amount: '24.00' }, converted: true });
    });

    it('the unfiltered pipeline, which totals kept by triggers could answer, is converted for a reader of another currency', async () => {
      const stages = async (who: Call) => ((await who('GET', '/crm/opportunity/board')).body.data as { currency: string; columns: Column[] });
      const euros = await stages(olivia);
      expect(euros.currency).toBe('EUR');
      const proposal = column(euros.columns, 'proposal');
      expect(proposal.converted).toBe(true);
      // The same reader in dollars (the organisation currency, where the kept totals may answer): every dollar is fewer euros.
      expect((await choose(olivia, null)).body.code).toBe(200);
      const dollars = Number(column((await stages(olivia)).columns, 'proposal').sums.amount);
      expect((await choose(olivia, 'EUR')).body.code).toBe(200);
      expect(Number(proposal.sums.amount)).toBeLessThan(dollars / 1.09);
      expect(Number(proposal.sums.amount)).toBeGreaterThan(dollars / 1.21);
    });

    it('related-list totals: in the reader’s currency, which the answer names', async () => {
      const path = `/crm/opportunity/list?pageSize=5&filter=${encodeURIComponent(JSON.stringify({ field: 'accountId', op: 'eq', value: account }))}&totals=${encodeURIComponent(JSON.stringify([{ field: 'amount' }]))}`;
      const dollars = (await admin('GET', path)).body;
      const euros = (await olivia('GET', path)).body;
      // The board's deals plus the renewal: 297.50 + 24.00 $; 260.42 + 20.00 € (summed before rounding: 280.416… €).
      expect(dollars).toMatchObject({ totals: ['321.50'], totalsCurrency: 'USD', totalsConverted: true });
      expect(euros).toMatchObject({ totals: ['280.42'], totalsCurrency: 'EUR', totalsConverted: true });
      // Each amount keeps its own currency, whoever reads it.
      const own = (rows: Array<Record<string, unknown>>) => rows.map((r) => `${r.amount} ${r.currency}`).sort();
      expect(own(euros.rows)).toEqual(own(dollars.rows));
      expect(own(euros.rows)).toContain('10.00 GBP');
    });

    it('report summaries and grouped totals: each reader’s in their currency, the answer naming it', async () => {
      const definition = {
        module: 'opportunity', columns: ['name', 'amount'], format: 'summary', groupRows: [{ field: 'type' }], aggregates: [{ fn: 'sum', field: 'amount' }],
        filter: { field: 'name', op: 'contains', value: token }, sort: { field: 'name', order: 'asc' },
      };
      const figures = async (who: Call) => {
        const res = await who('POST', '/crm/report/preview', { definition });
        expect(res.body.code, res.body.msg).toBe(200);
        const rows = res.body.data.summary as Array<{ keys: unknown[]; rollup: boolean[]; values: unknown[] }>;
        return {
          currency: res.body.data.currency as string,
          converted: res.body.data.converted as boolean | undefined,
          byType: Object.fromEntries(rows.filter((r) => !r.rollup[0]).map((r) => [String(r.keys[0]), String(r.values[0])])),
          total: String(rows.at(-1)!.values[0]),
          amounts: (res.body.data.rows as Array<Record<string, unknown>>).map((r) => `${r.amount} ${r.currency}`),
        };
      };
      const dollars = await figures(admin);
      const euros = await figures(olivia);
      expect(dollars).toMatchObject({ currency: 'USD', converted: true, byType: { new_business: '297.50', existing_renewal: '24.00' }, total: '321.50' });
      expect(euros).toMatchObject({ currency: 'EUR', converted: true, byType: { new_business: '260.42', existing_renewal: '20.00' }, total: '280.42' });
      expect(euros.amounts).toEqual(dollars.amounts);
    });

    it('campaign figures: cost, won amount and ROI in the reader’s currency', async () => {
      const campaign = (await admin('POST', '/crm/campaign', { name: 'Display Campaign', actualCost: '800.00', currency: 'GBP' })).body.data as number;
      const made = await admin('POST', '/crm/opportunity', { name: 'Display Campaign Win', accountId: account, campaignId: campaign, stage: 'closed_won', closeDate: '2026-07-01', amount: '1200.00', currency: 'EUR' });
      expect(made.body.code, made.body.msg).toBe(200);
      const figures = async () => (await admin('GET', `/crm/campaign/${campaign}/figures?children=false`)).body.data;
      // 800 £ × 1.25 = 1000.00 $ (created today, after every rate); 1200 € × 1.20 = 1440.00 $.
      expect(await figures()).toMatchObject({ actualCost: '1000.00', wonAmount: '1440.00', currency: 'USD', moneyConverted: true });
      expect((await choose(admin, 'EUR')).body.code).toBe(200);
      try {
        // 1000 $ / 1.20 = 833.33 €; the win in its own euros; ROI the same either way.
        const euros = await figures();
        expect(euros).toMatchObject({ actualCost: '833.33', wonAmount: '1200.00', currency: 'EUR', moneyConverted: true });
        expect(euros.roi).toBeCloseTo(0.44, 2);
      } finally {
        await choose(admin, null);
      }
    });

    it('falls back to the organisation currency once the chosen one is disabled or loses its rates', async () => {
      await app.db.execute(sql`update sys_dict_data set status = '1' where dict_type = 'crm_currency' and dict_value = 'EUR'`);
      try {
        const fallback = await board(olivia);
        expect(fallback.currency).toBe('USD');
        expect(column(fallback.columns, 'new_business').sums.amount).toBe('297.50');
      } finally {
        await app.db.execute(sql`update sys_dict_data set status = '0' where dict_type = 'crm_currency' and dict_value = 'EUR'`);
      }
      expect((await board(olivia)).currency).toBe('EUR');
    });
  });
});
