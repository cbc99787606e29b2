import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { crmImportRow } from '../../src/db/schema/crmImport';
import { type TestApp } from '../helpers/testApp';
import { run, uploaded } from '../helpers/importApi';
import { signedInApp } from '../helpers/signedInApp';
import { userIds, type caller } from '../helpers/adminApi';
import { createLead, listIds } from '../helpers/crmApi';

type Call = ReturnType<typeof caller>;
const READ_ONLY = { code: 403, msg: 'You may read this record but not change it (it is shared with you read-only)' };
const NOT_FOUND = { code: 404, msg: 'The record does not exist or you have no access to it' };

/** Sharing beyond the role's data scope (issue 32): module defaults, manual shares, the recycle bin. */
describe('sharing', () => {
  let app: TestApp;
  let admin: Call, mia: Call, emma: Call, olivia: Call, noah: Call;
  let ids: Record<string, number>;
  let oliviaToken: string;

  beforeAll(async () => {
    ({ app, tokens: { 'olivia.park': oliviaToken }, as: { admin, 'mia.chen': mia, 'emma.stone': emma, 'olivia.park': olivia, 'noah.king': noah } } = await signedInApp([
      'admin',
      'mia.chen',
      'emma.stone',
      'olivia.park',
      'noah.king',
    ]));
    ids = await userIds(admin);
  });
  afterAll(() => app.teardown());

  it('seeds campaigns public read-only and lists every module in Set-up › Sharing', async () => {
    const rows = (await admin('GET', '/setup/sharing')).body.data as Array<{ module: string; access: string }>;
    expect(rows.find((r) => r.module === 'campaign')?.access).toBe('read');
    expect(rows.find((r) => r.module === 'leads')?.access).toBe('private');
    expect(rows).toHaveLength(7);
    // Changing a default is a Set-up edit: a rep may not.
    expect((await olivia('PUT', '/setup/sharing', { module: 'leads', access: 'read' })).status).toBe(403);
    expect((await admin('PUT', '/setup/sharing', { module: 'leads', access: 'everyone' })).status).toBe(400);
  });

  it('a public read-only module: reps and managers see marketing’s campaigns, no one outside marketing’s scope changes them through any route', async () => {
    const campaign = (await mia('POST', '/crm/campaign', { name: 'Shared webinar (sharing test)' })).body.data as number;
    for (const who of [olivia, emma]) {
      expect((await listIds(who, '/crm/campaign/list?pageSize=100')).ids).toContain(campaign);
      const read = (await who('GET', `/crm/campaign/${campaign}`)).body;
      expect(read.data.name).toBe('Shared webinar (sharing test)');
      expect(read.canEdit).toBe(false);
      expect(((await who('GET', '/crm/campaign/lookup?q=Shared%20webinar')).body.rows as Array<{ id: number }>).map((r) => r.id)).toContain(campaign);
    }
    expect((await mia('GET', `/crm/campaign/${campaign}`)).body.canEdit).toBe(true);
    // Lists and boards name it read-only for them (the web offers no edit or move on it), not for marketing.
    const search = 'q=Shared%20webinar%20(sharing%20test)';
    for (const path of [`/crm/campaign/list?${search}`, `/crm/campaign/board?field=status&${search}`]) {
      expect((await emma('GET', path)).body.readOnly).toEqual([campaign]);
      expect((await mia('GET', path)).body.readOnly).toBeUndefined();
    }
    const column = ((await emma('GET', `/crm/campaign/board?field=status&${search}`)).body.data.columns as Array<{ value: string; count: number }>).find((c) => c.count > 0)!;
    expect((await emma('GET', `/crm/campaign/board/cards?field=status&${search}&value=${column.value}&pageNum=1&pageSize=5`)).body.readOnly).toEqual([campaign]);
    // Emma (a manager) holds the campaign edit and remove permissions: the record itself refuses.
    const version = (await emma('GET', `/crm/campaign/${campaign}`)).body.data.version as number;
    expect((await emma('PUT', '/crm/campaign', { id: campaign, version, name: 'Hijacked' })).body).toEqual(READ_ONLY);
    expect((await emma('POST', '/crm/campaign/mass/update', { ids: [campaign], field: 'status', value: 'active' })).body).toEqual(READ_ONLY);
    expect((await emma('DELETE', `/crm/campaign/${campaign}`)).body).toEqual(READ_ONLY);
    const zh = await emma('PUT', '/crm/campaign', { id: campaign, version, name: 'Hijacked' }, { 'accept-language': 'zh' });
    expect(zh.body.msg).toBe('您可以查看此记录，但不能修改它（它以只读方式共享给您）');
    // The rep has no campaign edit permission at all.
    expect((await olivia('PUT', '/crm/campaign', { id: campaign, version, name: 'Hijacked' })).status).toBe(403);
    expect((await mia('GET', `/crm/campaign/${campaign}`)).body.data.name).toBe('Shared webinar (sharing test)');

    // Private again: gone from the rep's list and detail on the next request.
    expect((await admin('PUT', '/setup/sharing', { module: 'campaign', access: 'private' })).body.code).toBe(200);
    expect((await listIds(olivia, '/crm/campaign/list?pageSize=100')).ids).not.toContain(campaign);
    expect((await olivia('GET', `/crm/campaign/${campaign}`)).body).toEqual(NOT_FOUND);
    // Public read/write: the manager may change it.
    await admin('PUT', '/setup/sharing', { module: 'campaign', access: 'readwrite' });
    expect((await emma('PUT', '/crm/campaign', { id: campaign, version, name: 'Renamed by Emma' })).body.code).toBe(200);
    await admin('PUT', '/setup/sharing', { module: 'campaign', access: 'read' });
  });

  it('a rep adds her lead to marketing’s campaign (public read-only) and sees it in the lead’s campaign history; a lead she may only read she cannot add', async () => {
    const campaign = (await mia('POST', '/crm/campaign', { name: 'Members welcome (sharing test)' })).body.data as number;
    const lead = await createLead(olivia, { company: 'Joins Campaign' });
    expect(((await olivia('GET', '/crm/campaign/lookup?q=Members%20welcome')).body.rows as Array<{ id: number }>).map((r) => r.id)).toContain(campaign);
    expect((await olivia('POST', '/crm/leads/mass/addToCampaign', { ids: [lead], campaignId: campaign })).body.data).toBe(1);
    const history = (await olivia('GET', `/crm/leads/${lead}/campaigns`)).body.data as Array<{ campaignId: number }>;
    expect(history.map((h) => h.campaignId)).toEqual([campaign]);
    // A lead pointing at the campaign (its lookup) is accepted too.
    expect((await olivia('POST', '/crm/leads', { lastName: 'Pointer', campaignId: campaign })).body.code).toBe(200);
    const noahs = await createLead(noah, { company: 'Not hers' });
    await noah('POST', `/crm/leads/${noahs}/sharing`, { recipientKind: 'user', recipientId: ids['olivia.park'] });
    expect((await olivia('POST', '/crm/leads/mass/addToCampaign', { ids: [noahs], campaignId: campaign })).body.code).toBe(404);
  });

  it('a lead shared read-only is read but never changed; read/write allows the edit; a revoked share ends on the next request', async () => {
    const lead = await createLead(noah, { company: 'Shared West Co' });
    expect((await olivia('GET', `/crm/leads/${lead}`)).body).toEqual(NOT_FOUND);
    // Only someone who may change the record shares it; the rep's own scope does not reach Noah's lead.
    expect((await olivia('POST', `/crm/leads/${lead}/sharing`, { recipientKind: 'user', recipientId: ids['olivia.park'] })).body).toEqual(NOT_FOUND);
    expect((await noah('POST', `/crm/leads/${lead}/sharing`, { recipientKind: 'user', recipientId: 999_999 })).body.msg).toBe('Choose a user, role or department to share with');
    expect((await noah('POST', `/crm/leads/${lead}/sharing`, { recipientKind: 'user', recipientId: ids['olivia.park'] })).body.code).toBe(200);

    const read = (await olivia('GET', `/crm/leads/${lead}`)).body;
    expect(read.data.company).toBe('Shared West Co');
    expect(read.canEdit).toBe(false);
    expect((await listIds(olivia, '/crm/leads/list?pageSize=200')).ids).toContain(lead);
    // Her list names it read-only (the web offers no edit on it), and none of her own leads.
    const own = await createLead(olivia, { company: 'Olivia Own Co' });
    const page = (await olivia('GET', '/crm/leads/list?pageSize=200')).body as { rows: Array<{ id: number }>; readOnly?: number[] };
    expect(page.rows.map((r) => r.id)).toContain(own);
    expect(page.readOnly).toContain(lead);
    expect(page.readOnly).not.toContain(own);
    expect((await admin('GET', '/crm/leads/list?pageSize=200')).body.readOnly).toBeUndefined();
    const panel = (await olivia('GET', `/crm/leads/${lead}/sharing`)).body.data;
    expect(panel.mine).toEqual({ canRead: true, canEdit: false, canShare: false, reasons: ['manualShare'] });
    expect(panel.shares).toMatchObject([{ recipientKind: 'user', recipientId: ids['olivia.park'], recipientName: 'Olivia Park', canWrite: false, sharedByName: 'Noah King' }]);
    const version = read.data.version as number;
    expect((await olivia('PUT', '/crm/leads', { id: lead, version, company: 'Changed' })).body).toEqual(READ_ONLY);
    expect((await olivia('POST', '/crm/leads/mass/update', { ids: [lead], field: 'company', value: 'Changed' })).body).toEqual(READ_ONLY);
    expect((await olivia('POST', `/crm/leads/${lead}/sharing`, { recipientKind: 'user', recipientId: ids['olivia.park'], canWrite: true })).body).toEqual(READ_ONLY);

    // Read/write: the same share, upgraded.
    expect((await noah('POST', `/crm/leads/${lead}/sharing`, { recipientKind: 'user', recipientId: ids['olivia.park'], canWrite: true })).body.code).toBe(200);
    expect((await olivia('GET', `/crm/leads/${lead}`)).body.canEdit).toBe(true);
    expect((await olivia('GET', '/crm/leads/list?pageSize=200')).body.readOnly ?? []).not.toContain(lead);
    expect((await olivia('PUT', '/crm/leads', { id: lead, version, company: 'Changed by Olivia' })).body.code).toBe(200);

    const shareId = ((await noah('GET', `/crm/leads/${lead}/sharing`)).body.data.shares as Array<{ id: number }>)[0]!.id;
    expect((await noah('DELETE', `/crm/leads/${lead}/sharing/${shareId}`)).body.code).toBe(200);
    expect((await noah('DELETE', `/crm/leads/${lead}/sharing/${shareId}`)).body.msg).toBe('The share does not exist');
    expect((await olivia('GET', `/crm/leads/${lead}`)).body).toEqual(NOT_FOUND);
    expect((await listIds(olivia, '/crm/leads/list?pageSize=200')).ids).not.toContain(lead);
  });

  it('an import that updates duplicates refuses a record shared read-only, and changes nothing', async () => {
    const lead = await createLead(noah, { lastName: 'Importable', email: 'ro-import@example.com', company: 'Before Import' });
    await noah('POST', `/crm/leads/${lead}/sharing`, { recipientKind: 'user', recipientId: ids['olivia.park'] });
    const up = await uploaded(app, oliviaToken, 'leads', [['Last Name', 'Email', 'Company'], ['Importable', 'ro-import@example.com', 'After Import']]);
    const state = await run(app, olivia, 'leads', up, { duplicateField: 'email', duplicatePolicy: 'update' });
    expect(state.result).toEqual({ created: 0, updated: 0, skipped: 0, failed: 1 });
    const [row] = await app.db.select().from(crmImportRow).where(and(eq(crmImportRow.fileId, up.fileId), eq(crmImportRow.action, 'fail')));
    expect(row?.message).toBe(READ_ONLY.msg);
    expect((await noah('GET', `/crm/leads/${lead}`)).body.data.company).toBe('Before Import');
  });

  it('a share with a department reaches the departments below it; with a role, every holder', async () => {
    const lead = await createLead(noah, { company: 'Dept Shared Co' });
    const depts = (await admin('GET', '/system/dept/list')).body.data as Array<{ deptId: number; deptName: string }>;
    const east = depts.find((d) => d.deptName === 'Sales East')!.deptId;
    await noah('POST', `/crm/leads/${lead}/sharing`, { recipientKind: 'dept', recipientId: east });
    // Olivia is in Sales East; Grace (Key Accounts East, below it) too.
    expect((await olivia('GET', `/crm/leads/${lead}`)).body.data.company).toBe('Dept Shared Co');
    expect((await mia('GET', `/crm/leads/${lead}`)).body).toEqual(NOT_FOUND);
    // Whether she may change it (the detail's canEdit, the list's readOnly) follows the share's level
    // through the department and the role alike.
    const listed = async () => ((await olivia('GET', '/crm/leads/list?pageSize=200&q=Dept%20Shared%20Co')).body as { readOnly?: number[] }).readOnly ?? [];
    expect((await olivia('GET', `/crm/leads/${lead}`)).body.canEdit).toBe(false);
    expect(await listed()).toEqual([lead]);
    await noah('POST', `/crm/leads/${lead}/sharing`, { recipientKind: 'dept', recipientId: east, canWrite: true });
    expect((await olivia('GET', `/crm/leads/${lead}`)).body.canEdit).toBe(true);
    expect(await listed()).toEqual([]);
    const shares = (await noah('GET', `/crm/leads/${lead}/sharing`)).body.data.shares as Array<{ id: number }>;
    for (const share of shares) await noah('DELETE', `/crm/leads/${lead}/sharing/${share.id}`);
    const roleIds = (await admin('GET', `/system/user/${ids['olivia.park']}`)).body.roleIds as number[];
    await noah('POST', `/crm/leads/${lead}/sharing`, { recipientKind: 'role', recipientId: roleIds[0], canWrite: true });
    expect((await olivia('GET', `/crm/leads/${lead}`)).body.canEdit).toBe(true);
    expect(await listed()).toEqual([]);
  });

  it('the recycle bin follows access: a manager sees and restores her team’s deleted records, another team’s manager does not', async () => {
    const lead = await createLead(olivia, { company: 'Team Binned' });
    expect((await emma('DELETE', `/crm/leads/${lead}`)).body.code).toBe(200);
    const binIds = async (who: Call) => ((await who('GET', '/crm/leads/recycleBin?pageSize=100')).body.rows as Array<{ id: number }>).map((r) => r.id);
    expect(await binIds(emma)).toContain(lead);
    expect(await binIds(olivia)).toContain(lead);
    expect(await binIds(noah)).not.toContain(lead);
    expect((await noah('PUT', '/crm/leads/restore', { ids: [lead] })).status).toBe(404);
    expect((await emma('PUT', '/crm/leads/restore', { ids: [lead] })).body.msg).toBe('1 record(s) restored');
    expect((await olivia('GET', `/crm/leads/${lead}`)).body.data.company).toBe('Team Binned');
  });
});
