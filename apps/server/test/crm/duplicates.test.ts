import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from '../../src/db/client';
import { loadCurrentUser } from '../../src/modules/auth/loadCurrentUser';
import { createRecordsService } from '../../src/modules/crm/engine/records/recordsService';
import { createWriteCache } from '../../src/modules/crm/engine/records/writeCache';
import { userIds } from '../helpers/adminApi';
import type { DuplicateFound, DuplicateRuleBody } from '@orbit/shared/contract/duplicates';
import { createLead } from '../helpers/crmApi';
import { downloadedRows, run, uploaded } from '../helpers/importApi';
import { signedInApp } from '../helpers/signedInApp';

/**
 * Duplicate rules (docs/records-engine.md, "Duplicates and merge"): each kind of match, warning
 * and blocking rules on create and edit through the API, the override and its reason, data scope
 * of what a match shows, rules in Set-up, and an import's rows.
 */
describe('duplicate rules', () => {
  let ctx: Awaited<ReturnType<typeof signedInApp<'admin' | 'olivia.park' | 'noah.king'>>>;
  const admin = () => ctx.as.admin;
  const olivia = () => ctx.as['olivia.park'];

  beforeAll(async () => {
    ctx = await signedInApp(['admin', 'olivia.park', 'noah.king']);
  });
  afterAll(() => ctx.app.teardown());
  // Each test starts with no rule applied (built-in rules are off in the tests' database).
  afterEach(async () => {
    await ctx.app.db.execute(sql`delete from crm_duplicate_rule where built_in_key is null`);
    await ctx.app.db.execute(sql`update crm_duplicate_rule set active = false`);
  });

  async function rule(module: string, body: Partial<DuplicateRuleBody> & Pick<DuplicateRuleBody, 'conditions'>): Promise<number> {
    const res = await admin()('POST', `/setup/${module}/duplicateRules`, { name: 'Test rule', action: 'warn', ...body });
    expect(res.body.code, res.body.msg).toBe(200);
    return res.body.data as number;
  }
  const found = (body: Record<string, unknown>) => body.data as DuplicateFound;

  it('ship built-in rules for leads, accounts and contacts, listed in the caller’s language', async () => {
    for (const module of ['leads', 'account', 'contact']) {
      const en = await admin()('GET', `/setup/${module}/duplicateRules`);
      expect(en.body.data.length, module).toBeGreaterThanOrEqual(2);
      expect(en.body.data.every((r: { builtIn: boolean }) => r.builtIn)).toBe(true);
    }
    const zh = await admin()('GET', '/setup/leads/duplicateRules', undefined, { 'accept-language': 'zh' });
    expect(zh.body.data.map((r: { name: string }) => r.name)).toContain('邮箱相同');
    const builtIn = zh.body.data[0].id as number;
    const refused = await admin()('DELETE', `/setup/leads/duplicateRules/${builtIn}`);
    expect(refused.body).toMatchObject({ code: 400, msg: 'A built-in duplicate rule cannot be deleted; switch it off instead' });
  });

  it('the built-in lead rule warns of a lead with the same e-mail (the issue: it used to save silently)', async () => {
    const [sameEmail] = (await admin()('GET', '/setup/leads/duplicateRules')).body.data as Array<{ id: number; name: string; conditions: unknown; action: string; threshold: number }>;
    await admin()('PUT', '/setup/leads/duplicateRules', { ...sameEmail, active: true });
    await createLead(olivia(), { firstName: 'Ada', lastName: 'Silent', company: 'Silent Co', email: 'ada@silent.example' });
    const res = await olivia()('POST', '/crm/leads', { firstName: 'Ada', lastName: 'Silent', company: 'Silent Co', email: 'ADA@silent.example' });
    expect(res.status).toBe(409);
    expect(res.body.msg).toBe('Possible duplicate: 1 existing record(s) match the rule "Same e-mail". Save anyway with a reason, or merge.');
    expect(found(res.body)).toMatchObject({ action: 'warn', ruleName: 'Same e-mail', hiddenCount: 0, matches: [{ label: 'Ada Silent', ownerName: expect.any(String) }] });
  });

  type KindCase = { condition: DuplicateRuleBody['conditions'][number]; first: Record<string, unknown>; same: Record<string, unknown>; other: Record<string, unknown> };
  /** For each kind of match: a record, one that matches it by that kind alone, one that does not. */
  const kindCases = (tag: string, [name, like, unlike]: [string, string, string]): KindCase[] => [
    { condition: { field: 'company', match: 'exact' }, first: { company: `Exact Kind ${tag} Ltd` }, same: { company: `Exact Kind ${tag} Ltd` }, other: { company: `exact kind ${tag} ltd` } },
    { condition: { field: 'company', match: 'caseInsensitive' }, first: { company: `Case Kind ${tag} Ltd` }, same: { company: ` CASE kind ${tag} ltd ` }, other: { company: `Case Kind ${tag} Ltd.` } },
    { condition: { field: 'phone', match: 'phone' }, first: { phone: `+86 138-0013-8${tag}` }, same: { phone: `8613800138${tag}` }, other: { phone: `+86 138-0013-9${tag}` } },
    { condition: { field: 'email', match: 'emailDomain' }, first: { email: `a@domainkind${tag}.example` }, same: { email: `b@DomainKind${tag}.example` }, other: { email: `c@other-domainkind${tag}.example` } },
    { condition: { field: 'lastName', match: 'fuzzy' }, first: { lastName: name }, same: { lastName: like }, other: { lastName: unlike } },
  ];

  it('match each kind: exact, case-insensitive, phone digits, e-mail domain, fuzzy name', async () => {
    for (const { condition, first, same, other } of kindCases('000', ['Fuzzykindington', 'Fuzzykindingtonn', 'Quartermaine'])) {
      const ruleId = await rule('leads', { conditions: [condition] });
      await createLead(olivia(), first);
      const dup = await olivia()('POST', '/crm/leads', { lastName: 'Tester', ...same });
      expect(dup.status, condition.match).toBe(409);
      expect(found(dup.body).ruleId).toBe(ruleId);
      expect(found(dup.body).matches).toHaveLength(1);
      const fine = await olivia()('POST', '/crm/leads', { lastName: 'Tester', ...other });
      expect(fine.body.code, `${condition.match}: ${fine.body.msg}`).toBe(200);
      await admin()('DELETE', `/setup/leads/duplicateRules/${ruleId}`);
    }
  });

  it('a free-mail domain and an empty value match nothing; every condition of a rule must hold', async () => {
    await rule('leads', { conditions: [{ field: 'email', match: 'emailDomain' }] });
    await createLead(olivia(), { email: 'one@gmail.com' });
    expect((await olivia()('POST', '/crm/leads', { lastName: 'Tester', email: 'two@gmail.com' })).body.code).toBe(200);
    await rule('leads', { conditions: [{ field: 'lastName', match: 'caseInsensitive' }, { field: 'company', match: 'caseInsensitive' }] });
    await createLead(olivia(), { lastName: 'Both', company: 'Both Ltd' });
    expect((await olivia()('POST', '/crm/leads', { lastName: 'Both', company: 'Other Ltd' })).body.code).toBe(200);
    expect((await olivia()('POST', '/crm/leads', { lastName: 'Both' })).body.code).toBe(200);
    expect((await olivia()('POST', '/crm/leads', { lastName: 'both', company: 'BOTH LTD' })).status).toBe(409);
  });

  it('warn: saved with the override, the reason kept in the history; block: refused whatever the body says', async () => {
    await rule('leads', { conditions: [{ field: 'email', match: 'caseInsensitive' }] });
    const firstId = await createLead(olivia(), { lastName: 'Warned', email: 'warn@dupes.example' });
    const noReason = await olivia()('POST', '/crm/leads', { lastName: 'Warned', email: 'warn@dupes.example', duplicateOverride: { reason: ' ' } });
    expect(noReason.body).toMatchObject({ code: 400, errors: { duplicateReason: 'Please give a reason for saving a possible duplicate' } });
    const saved = await olivia()('POST', '/crm/leads', { lastName: 'Warned', email: 'warn@dupes.example', duplicateOverride: { reason: 'A different person sharing the inbox' } });
    expect(saved.body.code, saved.body.msg).toBe(200);
    const history = await olivia()('GET', `/crm/leads/${saved.body.data}/history`);
    expect(history.body.rows).toEqual(expect.arrayContaining([expect.objectContaining({ action: 'duplicate', oldValue: 'Test rule', newValue: 'A different person sharing the inbox' })]));

    await ctx.app.db.execute(sql`update crm_duplicate_rule set action = 'block'`);
    const blocked = await olivia()('POST', '/crm/leads', { lastName: 'Warned', email: 'warn@dupes.example', duplicateOverride: { reason: 'Please' } });
    expect(blocked.status).toBe(409);
    expect(blocked.body.msg).toBe('This record duplicates 2 existing record(s) by the rule "Test rule" and cannot be saved');
    expect(found(blocked.body)).toMatchObject({ action: 'block' });
    expect(found(blocked.body).matches.map((m) => m.id)).toContain(firstId);
  });

  it('a block is never hidden by a warning matched first', async () => {
    await rule('leads', { name: 'Warn first', conditions: [{ field: 'company', match: 'caseInsensitive' }] });
    await rule('leads', { name: 'Block', action: 'block', conditions: [{ field: 'email', match: 'caseInsensitive' }] });
    await createLead(olivia(), { company: 'Order Ltd', email: 'order@dupes.example' });
    const res = await olivia()('POST', '/crm/leads', { lastName: 'X', company: 'Order Ltd', email: 'order@dupes.example', duplicateOverride: { reason: 'try' } });
    expect(res.status).toBe(409);
    expect(found(res.body)).toMatchObject({ action: 'block', ruleName: 'Block' });
  });

  it('an edit is checked when it changes a field a rule compares, not the record against itself nor for other fields', async () => {
    await rule('leads', { conditions: [{ field: 'email', match: 'caseInsensitive' }] });
    await createLead(olivia(), { lastName: 'Edit', email: 'taken@dupes.example' });
    const id = await createLead(olivia(), { lastName: 'Edit', email: 'free@dupes.example' });
    const current = (await olivia()('GET', `/crm/leads/${id}`)).body.data;
    const own = await olivia()('PUT', '/crm/leads', { id, version: current.version, email: 'FREE@dupes.example', title: 'Buyer' });
    expect(own.body.code, own.body.msg).toBe(200);
    const clash = await olivia()('PUT', '/crm/leads', { id, version: own.body.data.version, email: 'taken@dupes.example' });
    expect(clash.status).toBe(409);
    expect((await olivia()('GET', `/crm/leads/${id}`)).body.data.email).toBe('FREE@dupes.example');
    // A record saved as a duplicate can still have its other fields edited.
    await ctx.app.db.execute(sql`update crm_lead set email = 'taken@dupes.example' where id = ${id}`);
    const other = await olivia()('PUT', '/crm/leads', { id, version: own.body.data.version, title: 'Head buyer' });
    expect(other.body.code, other.body.msg).toBe(200);
    const confirmed = await olivia()('PUT', '/crm/leads', { id, version: other.body.data.version, email: 'TAKEN@dupes.example', duplicateOverride: { reason: 'same person, second role' } });
    expect(confirmed.body.code, confirmed.body.msg).toBe(200);
  });

  it('shows only matches within the caller’s data scope, counting the others', async () => {
    await rule('leads', { conditions: [{ field: 'email', match: 'caseInsensitive' }] });
    const noahs = await createLead(ctx.as['noah.king'], { lastName: 'Hidden', email: 'scope@dupes.example' });
    const res = await olivia()('POST', '/crm/leads', { lastName: 'Seen', email: 'scope@dupes.example' });
    expect(res.status).toBe(409);
    expect(found(res.body)).toMatchObject({ matches: [], hiddenCount: 1 });
    expect(JSON.stringify(res.body)).not.toContain('Hidden');
    const adminSees = await admin()('POST', '/crm/leads', { lastName: 'Seen', email: 'scope@dupes.example' });
    expect(found(adminSees.body)).toMatchObject({ matches: [{ id: noahs, label: 'Hidden' }], hiddenCount: 0 });
  });

  it('works for any module from its rows: accounts and contacts', async () => {
    await rule('account', { conditions: [{ field: 'name', match: 'fuzzy' }], threshold: 0.6 });
    const acme = (await admin()('POST', '/crm/account', { name: 'Dupeworth Industries' })).body.data as number;
    expect((await admin()('POST', '/crm/account', { name: 'Dupeworth Industries Inc' })).status).toBe(409);
    await rule('contact', { conditions: [{ field: 'lastName', match: 'caseInsensitive' }, { field: 'accountId', match: 'exact' }] });
    expect((await admin()('POST', '/crm/contact', { lastName: 'Roe', accountId: acme })).body.code).toBe(200);
    const res = await admin()('POST', '/crm/contact', { lastName: 'ROE', accountId: acme });
    expect(res.status).toBe(409);
    expect(found(res.body).matches[0]).toMatchObject({ label: 'Roe' });
  });

  it('Set-up refuses a rule comparing a field its kind cannot compare, or a field the module lacks; needs the set-up permission', async () => {
    const badKind = await admin()('POST', '/setup/leads/duplicateRules', { name: 'x', action: 'warn', conditions: [{ field: 'email', match: 'fuzzy' }] });
    expect(badKind.body).toMatchObject({ code: 400, msg: 'Email cannot be compared by "fuzzy"' });
    const unknown = await admin()('POST', '/setup/leads/duplicateRules', { name: 'x', action: 'warn', conditions: [{ field: 'nope', match: 'exact' }] });
    expect(unknown.body.code).toBe(400);
    const none = await admin()('POST', '/setup/leads/duplicateRules', { name: 'x', action: 'warn', conditions: [] });
    expect(none.body).toMatchObject({ code: 400 });
    expect((await olivia()('GET', '/setup/leads/duplicateRules')).status).toBe(403);
  });

  it('an import’s batch asks each rule once for all its rows, then only about the rows that matched, finding every kind', async () => {
    const cases = kindCases('777', ['Pemberton-Hollis', 'Pemberton-Holis', 'Xylophonic']);
    const names = cases.map((c) => `Batch ${c.condition.match}`);
    for (const c of cases) await createLead(olivia(), { lastName: 'Oakhampton', ...c.first });
    for (const [i, c] of cases.entries()) await rule('leads', { name: names[i], action: 'block', conditions: [c.condition] });

    // The dry run, through the API: the rows matching by each kind are refused, the others would be created.
    const header = ['Last Name', 'Company', 'Phone', 'Email'];
    const line = (body: Record<string, unknown>) => header.map((h) => String(body[h === 'Last Name' ? 'lastName' : h.toLowerCase()] ?? ''));
    const sheet = [header, ...cases.flatMap((c) => [line({ lastName: 'Wilberforce', ...c.same }), line({ lastName: 'Ravensworth', ...c.other })])];
    const up = await uploaded(ctx.app, ctx.tokens.admin, 'leads', sheet);
    const check = await admin()('POST', `/crm/leads/import/${up.fileId}/check`, { mapping: up.mapping, duplicatePolicy: 'create', timezoneOffset: 0 });
    const refusal = (rule: string) => [`Duplicate of an existing record by the rule "${rule}"`];
    // Every rule applies to every row: the exact rule's other company differs only by case, which the case-insensitive rule matches.
    expect(check.body.data).toMatchObject({ create: cases.length - 1, invalid: cases.length + 1 });
    expect((check.body.data as { errors: Array<{ row: number; messages: string[] }> }).errors).toEqual([
      { row: 2, messages: refusal('Batch exact') },
      { row: 3, messages: refusal('Batch caseInsensitive') },
      ...names.slice(1).map((name, i) => ({ row: 4 + 2 * i, messages: refusal(name) })),
    ]);

    // The run's batch, counting the statements: one per rule for the batch, then one for each row that matched.
    const dialect = new PgDialect();
    const asked = { batch: 0, row: 0 };
    const counting = (tx: Db): Db =>
      new Proxy(tx, {
        get(target, key) {
          const value = Reflect.get(target, key) as unknown;
          if (key !== 'execute' || typeof value !== 'function') return typeof value === 'function' ? value.bind(target) : value;
          return (query: SQL) => {
            const text = dialect.sqlToQuery(query).sql;
            if (text.includes('json_to_recordset') && text.includes('cross join lateral (select 1 from')) asked.batch++;
            if (text.includes('as owner')) asked.row++;
            return value.call(target, query);
          };
        },
      });
    const user = (await loadCurrentUser(ctx.app.db, (await userIds(admin())).admin!))!;
    const fresh = Array.from({ length: 40 }, (_, i) => ({ lastName: `Batchfresh${i}`, company: `Fresh Batch ${i} Inc`, email: `fresh${i}@batch${i}.example`, phone: `+1 555 01${i}` }));
    const bodies = [...cases.map((c) => ({ lastName: 'Wilberforce', ...c.same })), ...fresh];
    const answers = await ctx.app.db.transaction((tx) => createRecordsService(ctx.app.db, 'leads').createManyIn(counting(tx as Db), { user, lang: 'en' }, bodies, createWriteCache(), { forImport: true }));
    expect(answers.slice(0, cases.length).map((a) => ('error' in a ? (a.error as { params?: { rule?: string } }).params?.rule : 'created'))).toEqual(names);
    expect(answers.slice(cases.length).every((a) => 'id' in a)).toBe(true);
    expect(asked).toEqual({ batch: cases.length, row: cases.length });
  });

  it('an import refuses rows matching a blocking rule, and warnings unless duplicates are to be created anyway', async () => {
    await rule('leads', { name: 'Same e-mail (import)', action: 'block', conditions: [{ field: 'email', match: 'caseInsensitive' }] });
    await createLead(admin(), { lastName: 'Existing', email: 'import@dupes.example' });
    const up = await uploaded(ctx.app, ctx.tokens.admin, 'leads', [['Last Name', 'Email'], ['Again', 'IMPORT@dupes.example'], ['Fresh', 'fresh-import@dupes.example']]);
    const check = await admin()('POST', `/crm/leads/import/${up.fileId}/check`, { mapping: up.mapping, duplicatePolicy: 'create', timezoneOffset: 0 });
    expect(check.body.data).toMatchObject({ create: 1, invalid: 1, errors: [{ row: 2, messages: ['Duplicate of an existing record by the rule "Same e-mail (import)"'] }] });
    const state = await run(ctx.app, admin(), 'leads', up, { duplicatePolicy: 'create', timezoneOffset: 0 });
    expect(state.result).toMatchObject({ created: 1, failed: 1 });
    const errors = await downloadedRows(ctx.app, ctx.tokens.admin, state.errorFileId!);
    expect(errors[1]).toEqual(['Again', 'IMPORT@dupes.example', 'Duplicate of an existing record by the rule "Same e-mail (import)"']);

    await ctx.app.db.execute(sql`update crm_duplicate_rule set action = 'warn'`);
    const again = await uploaded(ctx.app, ctx.tokens.admin, 'leads', [['Last Name', 'Email'], ['Warned', 'import@dupes.example']]);
    const skipped = await run(ctx.app, admin(), 'leads', again, { duplicatePolicy: 'skip', timezoneOffset: 0 });
    expect(skipped.result).toMatchObject({ created: 0, failed: 1 });
    const anyway = await uploaded(ctx.app, ctx.tokens.admin, 'leads', [['Last Name', 'Email'], ['Anyway', 'import@dupes.example']]);
    const created = await run(ctx.app, admin(), 'leads', anyway, { duplicatePolicy: 'create', timezoneOffset: 0 });
    expect(created.result).toMatchObject({ created: 1, failed: 0 });
    const [row] = (await admin()('GET', '/crm/leads/list?q=Anyway')).body.rows as Array<{ id: number }>;
    const history = await admin()('GET', `/crm/leads/${row!.id}/history`);
    expect(history.body.rows).toEqual(expect.arrayContaining([expect.objectContaining({ action: 'duplicate', newValue: 'Imported with "create duplicates anyway"' })]));
  });
});
