import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rateOn } from '../../src/modules/crm/money/rateSql';
import { caller } from '../helpers/adminApi';
import { downloadedRows, run, uploaded } from '../helpers/importApi';
import { api, bearer, createTestApp, loginAs, type TestApp } from '../helpers/testApp';
import ExcelJS from 'exceljs';

type Call = ReturnType<typeof caller>;
type Column = { value: string | null; count: number; sums: Record<string, string>; converted?: boolean; cards: Array<Record<string, unknown>> };

/**
 * A currency per record and dated exchange rates (issue 33): a record's amounts are in its own
 * currency (an active one, the organisation's by default); totals that mix currencies are converted
 * to the organisation's at the rate valid on the record's date — close date for opportunities.
 */
describe('record currencies and exchange rates', () => {
  let app: TestApp;
  let admin: Call;
  let olivia: Call;
  let oliviaToken: string;
  let account: number;

  const opportunity = async (body: Record<string, unknown>) => {
    const res = await olivia('POST', '/crm/opportunity', { accountId: account, stage: 'proposal', ...body });
    expect(res.body, res.body.msg).toMatchObject({ code: 200 });
    return res.body.data as number;
  };
  const named = async (name: string) =>
    (await admin('GET', `/crm/opportunity/list?filter=${encodeURIComponent(JSON.stringify({ field: 'name', op: 'eq', value: name }))}`)).body.rows as Array<Record<string, unknown>>;
  const board = async (token: string) => {
    const res = await olivia('GET', `/crm/opportunity/board?field=type&q=${token}`);
    expect(res.body.code).toBe(200);
    return res.body.data as { currency: string; columns: Column[] };
  };
  const column = (columns: Column[], value: string) => columns.find((c) => c.value === value)!;

  beforeAll(async () => {
    app = await createTestApp({ JOB_CONCURRENCY: '0' });
    admin = caller(app, await loginAs(app, 'admin'));
    oliviaToken = await loginAs(app, 'olivia.park');
    olivia = caller(app, oliviaToken);
    account = (await olivia('POST', '/crm/account', { name: 'Currency Test Account' })).body.data as number;
  });
  afterAll(() => app.teardown());

  describe('the record’s currency', () => {
    it('is a field of every module with money, defaulting to the organisation currency, existing records too', async () => {
      for (const module of ['opportunity', 'account', 'campaign', 'leads']) {
        const meta = (await admin('GET', `/crm/meta/${module}`)).body.data as { fields: Array<{ name: string; type: string; dictType: string | null }> };
        expect(meta.fields.find((f) => f.name === 'currency')).toMatchObject({ type: 'picklist', dictType: 'crm_currency' });
      }
      const id = await opportunity({ name: 'Default Currency Deal', closeDate: '2026-05-01', amount: '10.00' });
      expect((await olivia('GET', `/crm/opportunity/${id}`)).body.data.currency).toBe('USD');
      const { rows } = await rowsWithoutCurrency();
      expect(rows).toBe(0);
    });

    it('is chosen among the active currencies: an unknown or disabled one is refused, translated, and nothing saved', async () => {
      const en = await olivia('POST', '/crm/opportunity', { name: 'Bad Currency Deal', accountId: account, closeDate: '2026-05-01', amount: '1', currency: 'XYZ' });
      expect(en.status).toBe(400);
      expect(en.body.errors).toEqual({ currency: 'Currency has an invalid value' });
      const zh = await olivia('POST', '/crm/opportunity', { name: 'Bad Currency Deal', accountId: account, closeDate: '2026-05-01', amount: '1', currency: 'XYZ' }, { 'accept-language': 'zh' });
      expect(zh.body.errors).toEqual({ currency: '货币的值无效' });
      await app.db.execute(sql`update sys_dict_data set status = '1' where dict_type = 'crm_currency' and dict_value = 'SEK'`);
      try {
        const disabled = await olivia('POST', '/crm/opportunity', { name: 'Bad Currency Deal', accountId: account, closeDate: '2026-05-01', amount: '1', currency: 'SEK' });
        expect(disabled.status).toBe(400);
        expect(Object.keys(disabled.body.errors)).toEqual(['currency']);
      } finally {
        await app.db.execute(sql`update sys_dict_data set status = '0' where dict_type = 'crm_currency' and dict_value = 'SEK'`);
      }
      expect(await named('Bad Currency Deal')).toEqual([]);
      const kept = await opportunity({ name: 'Kept Currency Deal', closeDate: '2026-05-01', amount: '1', currency: 'GBP' });
      const update = await olivia('PUT', '/crm/opportunity', { id: kept, version: (await olivia('GET', `/crm/opportunity/${kept}`)).body.data.version, currency: 'XYZ' });
      expect(update.status).toBe(400);
      expect((await olivia('GET', `/crm/opportunity/${kept}`)).body.data.currency).toBe('GBP');
    });

    it('comes with every amount a list shows, even when the columns asked for leave it out', async () => {
      await opportunity({ name: 'Listed Euro Deal', closeDate: '2026-05-01', amount: '12.34', currency: 'EUR' });
      const res = await admin('GET', `/crm/opportunity/list?fields=name,amount&filter=${encodeURIComponent(JSON.stringify({ field: 'name', op: 'eq', value: 'Listed Euro Deal' }))}`);
      expect(res.body.rows[0]).toMatchObject({ amount: '12.34', currency: 'EUR' });
    });
  });

  it('migration 0033 puts the currency after the money of layouts an installation already has, once', async () => {
    const layoutFields = async () => {
      const result = await app.db.execute(sql`select sections from crm_layout where module = 'opportunity' and not is_template order by id limit 1`);
      const [row] = (result as unknown as { rows: Array<{ sections: Array<{ fields: Array<{ field: string }> }> }> }).rows;
      return row!.sections.flatMap((s) => s.fields.map((f) => f.field));
    };
    expect((await layoutFields()).join(',')).toContain('amount,currency,');
    // A layout from before: no currency.
    await app.db.execute(sql`update crm_layout set sections = (select jsonb_agg(jsonb_set(s, '{fields}', coalesce((select jsonb_agg(f) from jsonb_array_elements(s->'fields') f where f->>'field' <> 'currency'), '[]'::jsonb)))
      from jsonb_array_elements(sections) s) where module = 'opportunity'`);
    expect(await layoutFields()).not.toContain('currency');
    const migration = readFileSync(new URL('../../src/db/migrations/0035_record_currencies.sql', import.meta.url), 'utf8');
    const statement = migration.split('--> statement-breakpoint').find((part) => part.includes('UPDATE crm_layout'))!;
    await app.db.execute(sql.raw(statement));
    await app.db.execute(sql.raw(statement));
    const fields = await layoutFields();
    expect(fields.join(',')).toContain('amount,currency,');
    expect(fields.filter((f) => f === 'currency')).toHaveLength(1);
  });

  async function rowsWithoutCurrency() {
    const result = await app.db.execute(sql`select count(*)::int as n from crm_opportunity where currency is null`);
    return { rows: Number((result as unknown as { rows: Array<{ n: number }> }).rows[0]!.n) };
  }

  describe('exchange rates', () => {
    it('are an administrator’s: added, listed with their history, removed; others are refused', async () => {
      expect((await olivia('GET', '/crm/exchangeRate/list')).status).toBe(403);
      expect((await olivia('POST', '/crm/exchangeRate', { currency: 'EUR', rate: '1.1', validFrom: '2026-01-01' })).status).toBe(403);
      const added = await admin('POST', '/crm/exchangeRate', { currency: 'CHF', rate: '1.05', validFrom: '2026-01-01' });
      expect(added.body.code).toBe(200);
      await admin('POST', '/crm/exchangeRate', { currency: 'CHF', rate: '1.07', validFrom: '2026-03-01' });
      const list = (await admin('GET', '/crm/exchangeRate/list')).body.data as Array<{ rateId: number; currency: string; rate: string; validFrom: string }>;
      expect(list.filter((r) => r.currency === 'CHF').map((r) => [r.rate, r.validFrom])).toEqual([['1.070000', '2026-03-01'], ['1.050000', '2026-01-01']]);
      expect((await admin('DELETE', `/crm/exchangeRate/${added.body.data}`)).body.code).toBe(200);
      const after = (await admin('GET', '/crm/exchangeRate/list')).body.data as Array<{ currency: string }>;
      expect(after.filter((r) => r.currency === 'CHF')).toHaveLength(1);
    });

    it('refuses the organisation’s own currency, an unknown one, a bad rate and a second rate of the same day, translated', async () => {
      const usd = await admin('POST', '/crm/exchangeRate', { currency: 'USD', rate: '1', validFrom: '2026-01-01' });
      expect(usd.body).toMatchObject({ code: 400, msg: 'The currency must be an active currency other than the organisation currency' });
      const unknown = await admin('POST', '/crm/exchangeRate', { currency: 'XYZ', rate: '1', validFrom: '2026-01-01' }, { 'accept-language': 'zh' });
      expect(unknown.body.msg).toBe('货币须为组织货币以外的启用货币');
      for (const rate of ['0', '-1', 'abc', '1.1234567']) {
        expect((await admin('POST', '/crm/exchangeRate', { currency: 'NZD', rate, validFrom: '2026-01-01' })).body.code).toBe(400);
      }
      await admin('POST', '/crm/exchangeRate', { currency: 'NZD', rate: '0.6', validFrom: '2026-01-01' });
      const twice = await admin('POST', '/crm/exchangeRate', { currency: 'NZD', rate: '0.7', validFrom: '2026-01-01' });
      expect(twice.body.msg).toBe('A rate of NZD from 2026-01-01 exists already');
      const list = (await admin('GET', '/crm/exchangeRate/list')).body.data as Array<{ currency: string; rate: string }>;
      expect(list.filter((r) => r.currency === 'NZD').map((r) => r.rate)).toEqual(['0.600000']);
    });

    it('rateOn answers the rate valid on a day: the latest from then or before, the first before any, 1 for the organisation’s', async () => {
      await admin('POST', '/crm/exchangeRate', { currency: 'AUD', rate: '0.65', validFrom: '2026-02-01' });
      await admin('POST', '/crm/exchangeRate', { currency: 'AUD', rate: '0.70', validFrom: '2026-04-01' });
      expect(await rateOn(app.db, 'AUD', '2026-03-31', 'USD')).toBe('0.650000');
      expect(await rateOn(app.db, 'AUD', '2026-04-01', 'USD')).toBe('0.700000');
      expect(await rateOn(app.db, 'AUD', '2025-01-01', 'USD')).toBe('0.650000');
      expect(await rateOn(app.db, 'USD', '2025-01-01', 'USD')).toBe('1');
      expect(await rateOn(app.db, 'BRL', '2026-01-01', 'USD')).toBeNull();
    });
  });

  describe('totals that mix currencies', () => {
    it('convert each amount at the rate of its close date, keep cents, say so; a later rate changes only the records dated after it', async () => {
      await admin('POST', '/crm/exchangeRate', { currency: 'EUR', rate: '1.10', validFrom: '2026-01-01' });
      await admin('POST', '/crm/exchangeRate', { currency: 'EUR', rate: '1.20', validFrom: '2026-06-01' });
      const token = 'Mixboard';
      await opportunity({ name: `${token} march`, type: 'new_business', closeDate: '2026-03-01', amount: '100.00', currency: 'EUR' });
      await opportunity({ name: `${token} july`, type: 'new_business', closeDate: '2026-07-01', amount: '100.00', currency: 'EUR' });
      await opportunity({ name: `${token} dollars`, type: 'new_business', closeDate: '2026-07-01', amount: '50.55', currency: 'USD' });
      await opportunity({ name: `${token} renewal`, type: 'existing_renewal', closeDate: '2026-07-01', amount: '10.01' });

      const before = await board(token);
      expect(before.currency).toBe('USD');
      // 100 × 1.10 + 100 × 1.20 + 50.55; proposal 60 %: 280.55 × 0.6 = 168.33
      expect(column(before.columns, 'new_business')).toMatchObject({ count: 3, sums: { amount: '280.55', weighted: '168.33' }, converted: true });
      // One currency only: nothing converted, nothing said.
      expect(column(before.columns, 'existing_renewal')).toMatchObject({ sums: { amount: '10.01' } });
      expect(column(before.columns, 'existing_renewal').converted).toBeUndefined();
      // Cards carry their own currency, so the web writes €100.00, not $100.00.
      expect(column(before.columns, 'new_business').cards.map((c) => c.currency).sort()).toEqual(['EUR', 'EUR', 'USD']);

      // A rate from mid-June: July's deal is converted at it, March's keeps its rate.
      await admin('POST', '/crm/exchangeRate', { currency: 'EUR', rate: '1.30', validFrom: '2026-06-15' });
      expect(column((await board(token)).columns, 'new_business').sums.amount).toBe('290.55');
      // A rate before March changes nothing: March's deal is dated after 2026-01-01's, not before it.
      await admin('POST', '/crm/exchangeRate', { currency: 'EUR', rate: '9.99', validFrom: '2025-06-01' });
      expect(column((await board(token)).columns, 'new_business').sums.amount).toBe('290.55');
    });

    it('are converted on the unfiltered pipeline too, where totals kept by triggers add amounts as they are', async () => {
      const stages = async () => {
        const res = await olivia('GET', '/crm/opportunity/board');
        return res.body.data.columns as Column[];
      };
      const proposal = column(await stages(), 'proposal');
      expect(proposal.converted).toBe(true);
      // The July euro deal: 100 € at 1.30 more when it is in euros than as 100 dollars.
      const id = (await named('Mixboard july'))[0]!.id as number;
      const version = (await olivia('GET', `/crm/opportunity/${id}`)).body.data.version;
      expect((await olivia('PUT', '/crm/opportunity', { id, version, currency: 'USD' })).body.code).toBe(200);
      const after = column(await stages(), 'proposal');
      expect((Number(proposal.sums.amount) - Number(after.sums.amount)).toFixed(2)).toBe('30.00');
    });
  });

  it('report summaries total money in the organisation currency at the rate of each deal’s close date', async () => {
    const res = await admin('POST', '/crm/report/preview', {
      definition: {
        module: 'opportunity', related: 'accountId', columns: ['name', 'amount', 'accountId.annualRevenue'], format: 'summary', groupRows: [{ field: 'type' }], aggregates: [{ fn: 'sum', field: 'amount' }],
        filter: { field: 'name', op: 'contains', value: 'Mixboard' }, sort: { field: 'name', order: 'asc' },
      },
    });
    expect(res.body.code).toBe(200);
    // The figures say they are converted, and to which currency; each detail row's amount comes with its own currency.
    expect(res.body.data).toMatchObject({ currency: 'USD', converted: true });
    const details = (res.body.data.rows as Array<Record<string, unknown>>).map((r) => [r.name, r.amount, r.currency, r['accountId.currency']]);
    expect(details).toEqual([
      ['Mixboard dollars', '50.55', 'USD', 'USD'],
      ['Mixboard july', '100.00', 'USD', 'USD'],
      ['Mixboard march', '100.00', 'EUR', 'USD'],
      ['Mixboard renewal', '10.01', 'USD', 'USD'],
    ]);
    // A report whose amounts are all in the organisation currency says nothing of conversion.
    const dollarsOnly = await admin('POST', '/crm/report/preview', {
      definition: { module: 'opportunity', columns: ['name'], format: 'tabular', aggregates: [{ fn: 'sum', field: 'amount' }], filter: { field: 'name', op: 'eq', value: 'Mixboard renewal' } },
    });
    expect(dollarsOnly.body.data.summary.at(-1).values[0]).toBe('10.01');
    expect(dollarsOnly.body.data.converted).toBeUndefined();
    const rows = res.body.data.summary as Array<{ keys: unknown[]; rollup: boolean[]; values: unknown[] }>;
    // March's euros at 1.10, July's now in dollars, 50.55 dollars; the renewal's 10.01 dollars.
    const byType = Object.fromEntries(rows.filter((r) => !r.rollup[0]).map((r) => [String(r.keys[0]), String(r.values[0])]));
    expect(byType).toEqual({ new_business: '260.55', existing_renewal: '10.01' });
    expect(String(rows.at(-1)!.values[0])).toBe('270.56');
  });

  it('campaign figures total its cost and won amounts in the organisation currency, ROI from the converted figures', async () => {
    await admin('POST', '/crm/exchangeRate', { currency: 'GBP', rate: '1.25', validFrom: '2020-01-01' });
    const campaign = (await admin('POST', '/crm/campaign', { name: 'Pound Campaign', actualCost: '800.00', currency: 'GBP' })).body.data as number;
    for (const [name, amount, currency] of [['Pound Campaign Win', '1000.00', 'EUR'], ['Pound Campaign Win 2', '0.01', 'USD']]) {
      const made = await admin('POST', '/crm/opportunity', { name, accountId: account, campaignId: campaign, stage: 'closed_won', closeDate: '2026-05-01', amount, currency });
      expect(made.body.code, made.body.msg).toBe(200);
    }
    const figures = (await admin('GET', `/crm/campaign/${campaign}/figures?children=false`)).body.data;
    // 800 £ × 1.25 = 1000.00 US$; 1000 € × 1.10 + 0.01 US$ = 1100.01 US$; ROI (1100.01 − 1000) / 1000.
    expect(figures).toMatchObject({ actualCost: '1000.00', wonAmount: '1100.01', currency: 'USD', moneyConverted: true });
    expect(figures.roi).toBeCloseTo(0.10001, 5);
    // A campaign whose cost and wins are all dollars says nothing of conversion.
    const dollars = (await admin('POST', '/crm/campaign', { name: 'Dollar Campaign', actualCost: '10.50', currency: 'USD' })).body.data as number;
    await admin('POST', '/crm/opportunity', { name: 'Dollar Campaign Win', accountId: account, campaignId: dollars, stage: 'closed_won', closeDate: '2026-05-01', amount: '20.25', currency: 'USD' });
    const plain = (await admin('GET', `/crm/campaign/${dollars}/figures?children=false`)).body.data;
    expect(plain).toMatchObject({ actualCost: '10.50', wonAmount: '20.25', currency: 'USD' });
    expect(plain.moneyConverted).toBeUndefined();
  });

  describe('export and import', () => {
    it('export each amount in its record’s currency beside a currency column, which an import reads back', async () => {
      const res = await olivia('POST', '/crm/opportunity/export', { fields: 'name,amount', q: 'Listed Euro Deal' });
      expect(res.body.data.ready).toBe(true);
      const download = await app.inject({ method: 'GET', url: api(`/userFile/download/${res.body.data.fileId}`), headers: bearer(oliviaToken) });
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(download.rawPayload as unknown as ArrayBuffer);
      const sheet = book.worksheets[0]!;
      expect((sheet.getRow(1).values as string[]).slice(1)).toEqual(['Opportunity Name', 'Amount', 'Currency']);
      expect(sheet.getRow(2).getCell(2).numFmt).toBe('"€"#,##0.00');
      expect((await downloadedRows(app, oliviaToken, res.body.data.fileId))[1]).toEqual(['Listed Euro Deal', 12.34, 'EUR — Euro']);

      const up = await uploaded(app, oliviaToken, 'opportunity', [
        ['Opportunity Name', 'Account', 'Close Date', 'Stage', 'Amount', 'Currency'],
        ['Imported Pound Deal', 'Currency Test Account', '2026-05-01', 'Proposal', 99.5, 'GBP — British Pound'],
        ['Imported Yen Deal', 'Currency Test Account', '2026-05-01', 'Proposal', 1000, 'JPY'],
        ['Imported Default Deal', 'Currency Test Account', '2026-05-01', 'Proposal', 5, ''],
        ['Imported Bad Deal', 'Currency Test Account', '2026-05-01', 'Proposal', 5, 'Doubloons'],
      ]);
      const state = await run(app, olivia, 'opportunity', up);
      expect(state.result).toMatchObject({ created: 3, failed: 1 });
      expect((await named('Imported Pound Deal'))[0]).toMatchObject({ amount: '99.50', currency: 'GBP' });
      expect((await named('Imported Yen Deal'))[0]).toMatchObject({ currency: 'JPY' });
      expect((await named('Imported Default Deal'))[0]).toMatchObject({ currency: 'USD' });
      expect(await named('Imported Bad Deal')).toEqual([]);
    });
  });
});
