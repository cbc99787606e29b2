import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TimelineEntry } from '@orbit/shared/contract/timeline';
import { type TestApp } from '../helpers/testApp';
import { signedInApp } from '../helpers/signedInApp';
import { userIds, type caller } from '../helpers/adminApi';
import { createLead } from '../helpers/crmApi';

type Call = ReturnType<typeof caller>;
const READ_ONLY = { code: 403, msg: 'You may read this record but not change it (it is shared with you read-only)' };
const NOT_FOUND = { code: 404, msg: 'The record does not exist or you have no access to it' };

/**
 * The paths beside the records engine's own routes follow the access predicate too (issue 32):
 * the timeline, opportunity contact roles, lead conversion, meeting attendees and calendar moves
 * let a user do what a share (or a team) gives — read, or read and write — and nobody else.
 * Noah owns everything; Olivia (a rep, her own records only) reaches it only through a share.
 */
describe('sharing on the paths beside the records engine', () => {
  let app: TestApp;
  let noah: Call, olivia: Call;
  let ids: Record<string, number>;

  async function create(call: Call, module: string, body: Record<string, unknown>): Promise<number> {
    const res = await call('POST', `/crm/${module}`, body);
    expect(res.body.code, JSON.stringify(res.body)).toBe(200);
    return res.body.data as number;
  }
  /** Noah shares his record with Olivia (or changes the level of his share); answers the share's id. */
  async function share(module: string, id: number, canWrite: boolean): Promise<number> {
    const res = await noah('POST', `/crm/${module}/${id}/sharing`, { recipientKind: 'user', recipientId: ids['olivia.park'], canWrite });
    expect(res.body.code, res.body.msg).toBe(200);
    return ((await noah('GET', `/crm/${module}/${id}/sharing`)).body.data.shares as Array<{ id: number; recipientId: number }>).find((s) => s.recipientId === ids['olivia.park'])!.id;
  }
  const unshare = async (module: string, id: number, shareId: number) => expect((await noah('DELETE', `/crm/${module}/${id}/sharing/${shareId}`)).body.code).toBe(200);
  const timeline = (who: Call, module: string, id: number) => who('GET', `/crm/${module}/${id}/timeline`);

  beforeAll(async () => {
    let admin: Call;
    ({ app, as: { admin, 'noah.king': noah, 'olivia.park': olivia } } = await signedInApp(['admin', 'noah.king', 'olivia.park']));
    ids = await userIds(admin);
  });
  afterAll(() => app.teardown());

  it('timeline: a read share reads it but changes none of its entries; read/write changes them; no share is 404', async () => {
    const lead = await createLead(noah, { company: 'Timeline Share Co' });
    const note = await create(noah, 'activity', { kind: 'note', subject: 'Noah’s call notes', relatedTo: { module: 'leads', id: lead }, notes: '<p>x</p>' });
    const task = await create(noah, 'task', { subject: 'Noah’s follow-up', name: { module: 'leads', id: lead } });
    expect((await timeline(olivia, 'leads', lead)).body).toEqual(NOT_FOUND);

    const shareId = await share('leads', lead, false);
    const read = await timeline(olivia, 'leads', lead);
    expect(read.body.code).toBe(200);
    const entries = read.body.rows as TimelineEntry[];
    const entry = entries.find((e) => e.kind === 'note' && e.id === note)!;
    expect(entry.canEdit).toBe(false);
    // The task is Noah's own: the lead's share does not reach it.
    expect(entries.some((e) => e.kind === 'task')).toBe(false);
    const version = (entry.record as { version: number }).version;
    expect((await olivia('PUT', '/crm/activity', { id: note, version, subject: 'Changed by Olivia' })).status).toBe(404);
    expect((await olivia('DELETE', `/crm/activity/${note}`)).status).toBe(404);

    // The task shared with her (read): on the lead's timeline now, as tasks are read by their own access.
    await share('task', task, false);
    expect(((await timeline(olivia, 'leads', lead)).body.rows as TimelineEntry[]).some((e) => e.kind === 'task' && e.id === task)).toBe(true);

    // Read/write: she changes the activities of a record she may change.
    await share('leads', lead, true);
    const writable = ((await timeline(olivia, 'leads', lead)).body.rows as TimelineEntry[]).find((e) => e.kind === 'note' && e.id === note)!;
    expect(writable.canEdit).toBe(true);
    expect((await olivia('PUT', '/crm/activity', { id: note, version, subject: 'Changed by Olivia' })).body.code).toBe(200);
    expect(((await timeline(noah, 'leads', lead)).body.rows as TimelineEntry[]).find((e) => e.id === note)!.record).toMatchObject({ subject: 'Changed by Olivia' });

    await unshare('leads', lead, shareId);
    expect((await timeline(olivia, 'leads', lead)).body).toEqual(NOT_FOUND);
  });

  it('an activity shared read/write is changed by its recipient; shared read-only it is not', async () => {
    const lead = await createLead(noah, { company: 'Activity Share Co' });
    const note = await create(noah, 'activity', { kind: 'note', subject: 'Shared note', relatedTo: { module: 'leads', id: lead }, notes: '<p>x</p>' });
    await share('activity', note, false);
    const version = ((await olivia('GET', `/crm/activity/${note}`)).body.data as { version: number }).version;
    expect((await olivia('PUT', '/crm/activity', { id: note, version, subject: 'Read-only edit' })).body).toEqual(READ_ONLY);
    await share('activity', note, true);
    expect((await olivia('PUT', '/crm/activity', { id: note, version, subject: 'Olivia’s edit' })).body.code).toBe(200);
  });

  it('contact roles: a read share lists them but changes none (403); read/write adds one; no share is 404', async () => {
    const account = await create(noah, 'account', { name: 'Roles Share Co' });
    const opportunity = await create(noah, 'opportunity', { name: 'Roles Share Deal', accountId: account, stage: 'prospecting', closeDate: '2031-12-31' });
    const ann = await create(noah, 'contact', { firstName: 'Ann', lastName: 'Roleshare', accountId: account });
    expect((await noah('POST', `/crm/opportunity/${opportunity}/contact-roles`, { contactId: ann, role: 'decision_maker' })).body.code).toBe(200);
    const mine = await create(olivia, 'contact', { firstName: 'Olivia’s', lastName: 'Roleshare' });
    const roles = (who: Call) => who('GET', `/crm/opportunity/${opportunity}/contact-roles`);
    const add = (contactId: number) => olivia('POST', `/crm/opportunity/${opportunity}/contact-roles`, { contactId, role: 'influencer' });

    expect((await roles(olivia)).body).toEqual(NOT_FOUND);
    expect((await add(mine)).body).toEqual(NOT_FOUND);
    expect((await olivia('GET', `/crm/opportunity/${opportunity}/contact-roles/candidates`)).body).toEqual(NOT_FOUND);

    await share('opportunity', opportunity, false);
    const listed = (await roles(olivia)).body.data as Array<{ contactId: number; contactName: string | null }>;
    // Ann is Noah's: listed as a role of a deal she may read, her name restricted.
    expect(listed).toEqual([expect.objectContaining({ contactId: ann, contactName: null })]);
    expect((await add(mine)).body).toEqual(READ_ONLY);
    const roleId = ((await roles(noah)).body.data as Array<{ id: number }>)[0]!.id;
    expect((await olivia('DELETE', `/crm/opportunity/${opportunity}/contact-roles/${roleId}`)).body).toEqual(READ_ONLY);

    // A contact shared with her is one she may give a role (and is offered).
    await share('contact', ann, false);
    expect(((await roles(olivia)).body.data as Array<{ contactName: string | null }>)[0]!.contactName).toBe('Ann Roleshare');
    await share('opportunity', opportunity, true);
    const candidates = (await olivia('GET', `/crm/opportunity/${opportunity}/contact-roles/candidates?q=roleshare`)).body.data as Array<{ id: number }>;
    expect(candidates.map((c) => c.id)).toEqual([mine]);
    expect((await add(mine)).body.code).toBe(200);
    expect(((await roles(noah)).body.data as Array<{ contactId: number }>).map((r) => r.contactId).sort()).toEqual([ann, mine].sort());
  });

  it('lead conversion: a read share looks for candidates but does not convert (403); read/write converts; a team account and its contact are linked', async () => {
    const account = await create(noah, 'account', { name: 'Convert Team Co', website: 'www.convertteam.example' });
    const contact = await create(noah, 'contact', { firstName: 'Cora', lastName: 'Convert', email: 'cora@convertteam.example', accountId: account });
    const lead = await createLead(noah, { firstName: 'Cora', lastName: 'Convert', company: 'Convert Team Co', email: 'cora@convertteam.example' });
    const convert = (body: Record<string, unknown>) => olivia('POST', '/crm/leads/convert', { leadId: lead, version: 1, ...body });

    expect((await olivia('GET', `/crm/leads/convert/candidates/${lead}`)).body).toEqual(NOT_FOUND);
    expect((await convert({ account: { mode: 'new', name: 'X' }, ownerId: ids['olivia.park'] })).body).toEqual(NOT_FOUND);

    await share('leads', lead, false);
    // Reading the lead: its candidates are asked for, though Noah's account is beyond her reach yet.
    const before = await olivia('GET', `/crm/leads/convert/candidates/${lead}`);
    expect(before.body.code).toBe(200);
    expect((before.body.data as Array<{ id: number }>).map((c) => c.id)).not.toContain(account);
    expect((await olivia('GET', `/crm/leads/convert/contacts/${lead}?accountId=${account}`)).status).toBe(404);
    expect((await convert({ account: { mode: 'new', name: 'X' }, ownerId: ids['olivia.park'] })).body).toEqual(READ_ONLY);

    // On the account's team (read): the account and its contact are hers to link.
    expect((await noah('POST', `/crm/account/${account}/team`, { userId: ids['olivia.park'], teamRole: 'salesEngineer', canWrite: false })).body.code).toBe(200);
    expect(((await olivia('GET', `/crm/leads/convert/candidates/${lead}`)).body.data as Array<{ id: number }>).map((c) => c.id)).toContain(account);
    expect(((await olivia('GET', `/crm/leads/convert/contacts/${lead}?accountId=${account}`)).body.data as Array<{ id: number }>).map((c) => c.id)).toEqual([contact]);
    const existing = { account: { mode: 'existing', accountId: account }, contact: { mode: 'existing', contactId: contact }, ownerId: ids['olivia.park'] };
    expect((await convert(existing)).body).toEqual(READ_ONLY);

    await share('leads', lead, true);
    const done = await convert(existing);
    expect(done.body.code, done.body.msg).toBe(200);
    expect(done.body.data).toMatchObject({ accountId: account, contactId: contact });
  });

  it('meeting attendees: a lead shared with her may be invited; one beyond her reach may not', async () => {
    const lead = await createLead(noah, { company: 'Attendee Share Co' });
    const meeting = (people: Array<{ module: string; id: number }>) =>
      olivia('POST', '/crm/activity', { kind: 'meeting', subject: 'Visit', startAt: '2031-05-05T09:00:00.000Z', name: { module: 'leads', id: lead }, attendees: { users: [], people } });
    expect((await meeting([{ module: 'leads', id: lead }])).body.code).toBe(400);
    await share('leads', lead, false);
    const res = await meeting([{ module: 'leads', id: lead }]);
    expect(res.body.code, JSON.stringify(res.body)).toBe(200);
  });

  it('calendar: a task shared read-only is not moved; shared read/write it is', async () => {
    const task = await create(noah, 'task', { subject: 'Shared due date', dueDate: '2031-03-10' });
    const move = (version: number) => olivia('PUT', '/crm/calendar/move', { module: 'task', source: 'due', id: task, version, start: '2031-03-12' });
    expect((await move(1)).status).toBe(404);
    await share('task', task, false);
    expect((await move(1)).body.code).toBe(400);
    expect(((await noah('GET', `/crm/task/${task}`)).body.data as { dueDate: string }).dueDate).toBe('2031-03-10');
    await share('task', task, true);
    const moved = await move(1);
    expect(moved.body.code, moved.body.msg).toBe(200);
    expect(moved.body.data).toMatchObject({ id: task, start: '2031-03-12', canEdit: true });
    expect(((await noah('GET', `/crm/task/${task}`)).body.data as { dueDate: string }).dueDate).toBe('2031-03-12');
  });
});
