import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { crmImportRow } from '../../src/db/schema/crmImport';
import { type TestApp } from '../helpers/testApp';
import { run, uploaded } from '../helpers/importApi';
import { signedInApp } from '../helpers/signedInApp';
import { deptIds, userIds, type caller } from '../helpers/adminApi';
import { createLead, listIds } from '../helpers/crmApi';

type Call = ReturnType<typeof caller>;
const READ_ONLY = { code: 403, msg: 'You may read this record but not change it (it is shared with you read-only)' };
const NOT_FOUND = { code: 404, msg: 'The record does not exist or you have no access to it' };

/** Account and opportunity teams, and sharing rules (issue 32): the same access predicate, the same refusals. */
describe('sharing: teams and rules', () => {
  let app: TestApp;
  let admin: Call, emma: Call, olivia: Call, noah: Call;
  let ids: Record<string, number>;
  let depts: Record<string, number>;
  let emmaToken: string;

  beforeAll(async () => {
    ({ app, tokens: { 'emma.stone': emmaToken }, as: { admin, 'emma.stone': emma, 'olivia.park': olivia, 'noah.king': noah } } = await signedInApp([
      'admin',
      'emma.stone',
      'olivia.park',
      'noah.king',
    ]));
    ids = await userIds(admin);
    depts = await deptIds(admin);
  });
  afterAll(() => app.teardown());

  /** Noah's (Sales West) account with an opportunity and a contact: out of the East team's scope. */
  async function westAccount(name: string) {
    const account = (await noah('POST', '/crm/account', { name })).body.data as number;
    const opportunity = (await noah('POST', '/crm/opportunity', { name: `${name} deal`, accountId: account, stage: 'prospecting', closeDate: '2026-12-31' })).body.data as number;
    const contact = (await noah('POST', '/crm/contact', { lastName: `${name} person`, accountId: account })).body.data as number;
    return { account, opportunity, contact };
  }

  it('the demo seeds account teams and a recalculated sharing rule (db/seed/demo/teams.ts)', async () => {
    const rules = (await admin('GET', '/setup/sharing/rules')).body.data as Array<Record<string, unknown>>;
    const won = rules.find((r) => r.name === 'Won deals to Key Accounts East');
    expect(won).toMatchObject({ module: 'opportunity', state: 'done', recipientKind: 'dept', recipientName: 'Key Accounts East', canWrite: false });
    expect(won!.matched).toBeGreaterThan(0);
    const teams = (await app.db.execute(sql`select count(*) as n from crm_record_team_member`)) as unknown as { rows: Array<{ n: unknown }> };
    expect(Number(teams.rows[0]!.n)).toBe(4);
  });

  it('an account team member reads the account, its opportunities and contacts; read-only refuses every write; a revoked membership ends on the next request', async () => {
    const { account, opportunity, contact } = await westAccount('Team West Co');
    expect((await emma('GET', `/crm/account/${account}`)).body).toEqual(NOT_FOUND);
    expect((await noah('POST', `/crm/account/${account}/team`, { userId: ids['emma.stone'], teamRole: 'accountManager' })).body.code).toBe(200);

    for (const [module, id] of [['account', account], ['opportunity', opportunity], ['contact', contact]] as const) {
      const read = (await emma('GET', `/crm/${module}/${id}`)).body;
      expect(read.code).toBe(200);
      expect(read.canEdit).toBe(false);
      expect((await listIds(emma, `/crm/${module}/list?pageSize=200`)).ids).toContain(id);
      expect((await emma('GET', `/crm/${module}/${id}/sharing`)).body.data.mine.reasons).toEqual(['team']);
      const version = read.data.version as number;
      expect((await emma('PUT', `/crm/${module}`, { id, version, description: 'Changed' })).body).toEqual(READ_ONLY);
      expect((await emma('DELETE', `/crm/${module}/${id}`)).body).toEqual(READ_ONLY);
    }
    expect((await emma('POST', '/crm/opportunity/mass/update', { ids: [opportunity], field: 'nextStep', value: 'x' })).body).toEqual(READ_ONLY);
    // The account's related lists follow the same access (its campaign history).
    expect((await emma('GET', `/crm/account/${account}/campaigns`)).body.code).toBe(200);
    const panel = (await emma('GET', `/crm/account/${account}/team`)).body.data;
    expect(panel.canManage).toBe(false);
    expect(panel.members).toMatchObject([{ userId: ids['emma.stone'], userName: 'Emma Stone', teamRole: 'accountManager', canWrite: false, addedByName: 'Noah King' }]);
    expect((await emma('POST', `/crm/account/${account}/team`, { userId: ids['emma.stone'], teamRole: 'accountManager', canWrite: true })).body).toEqual(READ_ONLY);
    // Someone else's team does not reach Olivia.
    expect((await olivia('GET', `/crm/opportunity/${opportunity}`)).body).toEqual(NOT_FOUND);

    // Read/write: the same member, upgraded, may change the opportunity and the contact.
    expect((await noah('POST', `/crm/account/${account}/team`, { userId: ids['emma.stone'], teamRole: 'executiveSponsor', canWrite: true })).body.code).toBe(200);
    const opp = (await emma('GET', `/crm/opportunity/${opportunity}`)).body;
    expect(opp.canEdit).toBe(true);
    expect((await emma('PUT', '/crm/opportunity', { id: opportunity, version: opp.data.version, nextStep: 'Call by Emma' })).body.code).toBe(200);

    const memberId = ((await noah('GET', `/crm/account/${account}/team`)).body.data.members as Array<{ id: number }>)[0]!.id;
    expect((await noah('DELETE', `/crm/account/${account}/team/${memberId}`)).body.code).toBe(200);
    expect((await noah('DELETE', `/crm/account/${account}/team/${memberId}`)).body.msg).toBe('The team member does not exist');
    for (const [module, id] of [['account', account], ['opportunity', opportunity], ['contact', contact]] as const) {
      expect((await emma('GET', `/crm/${module}/${id}`)).body).toEqual(NOT_FOUND);
      expect((await listIds(emma, `/crm/${module}/list?pageSize=200`)).ids).not.toContain(id);
    }
  });

  it('an opportunity team reaches the opportunity only, not its account; bad members are refused', async () => {
    const { account, opportunity } = await westAccount('Opp Team Co');
    expect((await noah('POST', `/crm/opportunity/${opportunity}/team`, { userId: 999_999, teamRole: 'salesEngineer' })).body.msg).toBe('Choose an active user for the team');
    expect((await noah('POST', `/crm/opportunity/${opportunity}/team`, { userId: ids['olivia.park'], teamRole: 'nobody' })).status).toBe(400);
    expect((await noah('POST', `/crm/opportunity/${opportunity}/team`, { userId: ids['olivia.park'], teamRole: 'salesEngineer' })).body.code).toBe(200);
    expect((await olivia('GET', `/crm/opportunity/${opportunity}`)).body.data.name).toBe('Opp Team Co deal');
    expect((await olivia('GET', `/crm/account/${account}`)).body).toEqual(NOT_FOUND);
    // Leads have no teams.
    expect((await noah('GET', `/crm/leads/1/team`)).status).toBe(404);
  });

  it('a sharing rule shares matching records through its job, follows record changes in the write, and its deletion takes the shares away', async () => {
    const matching = await createLead(noah, { lastName: 'Rule', company: 'Rulematch Alpha' });
    const other = await createLead(noah, { lastName: 'Rule', company: 'Elsewhere Ltd' });
    const body = { name: 'Rulematch to Sales East', module: 'leads', filter: { field: 'company', op: 'startsWith', value: 'Rulematch' }, recipientKind: 'dept', recipientId: depts['Sales East'], canWrite: false };
    // A filter on a field the module does not have is refused, nothing saved.
    expect((await admin('POST', '/setup/sharing/rules', { ...body, filter: { field: 'noSuchField', op: 'eq', value: 'x' } })).status).toBe(400);
    expect((await emma('POST', '/setup/sharing/rules', body)).status).toBe(403);
    const ruleId = (await admin('POST', '/setup/sharing/rules', body)).body.data as number;
    await app.jobs.drain();
    const rule = ((await admin('GET', '/setup/sharing/rules')).body.data as Array<Record<string, unknown>>).find((r) => r.id === ruleId);
    expect(rule).toMatchObject({ state: 'done', matched: 1, recipientName: 'Sales East', canWrite: false });
    expect(rule!.done).toBe(rule!.total);

    expect((await olivia('GET', `/crm/leads/${matching}`)).body.data.company).toBe('Rulematch Alpha');
    expect((await olivia('GET', `/crm/leads/${other}`)).body).toEqual(NOT_FOUND);
    const panel = (await olivia('GET', `/crm/leads/${matching}/sharing`)).body.data;
    expect(panel.mine.reasons).toEqual(['rule']);
    expect(panel.shares).toMatchObject([{ recipientKind: 'dept', recipientName: 'Sales East', ruleId, ruleName: 'Rulematch to Sales East' }]);
    // A rule's share is not revoked by hand.
    expect((await noah('DELETE', `/crm/leads/${matching}/sharing/${panel.shares[0].id}`)).body.msg).toBe('This share comes from the sharing rule “Rulematch to Sales East”: change the rule in Set-up › Sharing');

    // Changed to no longer match: gone at once; matching again, or created matching: shared at once.
    let version = (await noah('GET', `/crm/leads/${matching}`)).body.data.version as number;
    expect((await noah('PUT', '/crm/leads', { id: matching, version, company: 'No longer' })).body.code).toBe(200);
    expect((await olivia('GET', `/crm/leads/${matching}`)).body).toEqual(NOT_FOUND);
    expect((await noah('POST', '/crm/leads/mass/update', { ids: [other], field: 'company', value: 'Rulematch Beta' })).body.code).toBe(200);
    expect((await olivia('GET', `/crm/leads/${other}`)).body.data.company).toBe('Rulematch Beta');
    const created = await createLead(noah, { lastName: 'Rule', company: 'Rulematch Gamma' });
    expect((await listIds(olivia, '/crm/leads/list?pageSize=200')).ids).toEqual(expect.arrayContaining([other, created]));
    version = (await noah('GET', `/crm/leads/${matching}`)).body.data.version as number;
    await noah('PUT', '/crm/leads', { id: matching, version, company: 'Rulematch Again' });
    expect((await olivia('GET', `/crm/leads/${matching}`)).body.code).toBe(200);

    // Changing the rule (to another department) is recalculated by its job.
    expect((await admin('PUT', `/setup/sharing/rules/${ruleId}`, { ...body, recipientId: depts['Sales West'] })).body.code).toBe(200);
    await app.jobs.drain();
    expect((await olivia('GET', `/crm/leads/${matching}`)).body).toEqual(NOT_FOUND);
    await admin('PUT', `/setup/sharing/rules/${ruleId}`, body);
    await app.jobs.drain();
    expect((await olivia('GET', `/crm/leads/${matching}`)).body.code).toBe(200);

    expect((await admin('DELETE', `/setup/sharing/rules/${ruleId}`)).body.code).toBe(200);
    for (const id of [matching, other, created]) expect((await olivia('GET', `/crm/leads/${id}`)).body).toEqual(NOT_FOUND);
    expect((await admin('DELETE', `/setup/sharing/rules/${ruleId}`)).body.msg).toBe('The sharing rule does not exist');
  });

  it('a record shared read-only by a rule is refused on every write route: edit, inline edit, mass update, import update, merge, delete', async () => {
    const lead = await createLead(noah, { lastName: 'Readonly', email: 'rule-ro@example.com', company: 'Roguard Before' });
    const ruleId = (
      await admin('POST', '/setup/sharing/rules', {
        name: 'Roguard read-only',
        module: 'leads',
        filter: { field: 'company', op: 'startsWith', value: 'Roguard' },
        recipientKind: 'dept',
        recipientId: depts['Sales East'],
      })
    ).body.data as number;
    await app.jobs.drain();
    const read = (await emma('GET', `/crm/leads/${lead}`)).body;
    expect(read.canEdit).toBe(false);
    const version = read.data.version as number;
    expect((await emma('PUT', '/crm/leads', { id: lead, version, company: 'Roguard Changed' })).body).toEqual(READ_ONLY);
    expect((await emma('PUT', '/crm/leads', { id: lead, version, phone: '123' })).body).toEqual(READ_ONLY); // an inline edit sends one field
    expect((await emma('POST', '/crm/leads/mass/update', { ids: [lead], field: 'company', value: 'Roguard Changed' })).body).toEqual(READ_ONLY);
    expect((await emma('POST', '/crm/leads/mass/transfer', { ids: [lead], ownerId: ids['emma.stone'] })).body).toEqual(READ_ONLY);
    expect((await emma('DELETE', `/crm/leads/${lead}`)).body).toEqual(READ_ONLY);
    const mine = await createLead(emma, { lastName: 'Survivor', company: 'Emma Survives' });
    expect((await emma('POST', '/crm/leads/merge', { survivorId: mine, mergedIds: [lead], values: {} })).body).toEqual(READ_ONLY);
    const up = await uploaded(app, emmaToken, 'leads', [['Last Name', 'Email', 'Company'], ['Readonly', 'rule-ro@example.com', 'Roguard After Import']]);
    const state = await run(app, emma, 'leads', up, { duplicateField: 'email', duplicatePolicy: 'update' });
    expect(state.result).toEqual({ created: 0, updated: 0, skipped: 0, failed: 1 });
    const [row] = await app.db.select().from(crmImportRow).where(and(eq(crmImportRow.fileId, up.fileId), eq(crmImportRow.action, 'fail')));
    expect(row?.message).toBe(READ_ONLY.msg);
    expect((await noah('GET', `/crm/leads/${lead}`)).body.data.company).toBe('Roguard Before');

    // Read/write by the rule: the edit goes through.
    await admin('PUT', `/setup/sharing/rules/${ruleId}`, {
      name: 'Roguard read-write',
      module: 'leads',
      filter: { field: 'company', op: 'startsWith', value: 'Roguard' },
      recipientKind: 'dept',
      recipientId: depts['Sales East'],
      canWrite: true,
    });
    await app.jobs.drain();
    expect((await emma('PUT', '/crm/leads', { id: lead, version, company: 'Roguard By Emma' })).body.code).toBe(200);
    await admin('DELETE', `/setup/sharing/rules/${ruleId}`);
  });
});
