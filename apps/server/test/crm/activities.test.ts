import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { TimelineEntry } from '@orbit/shared/contract/timeline';
import { rowsOf } from '../../src/modules/crm/engine/query/sql';
import { caller, userIds } from '../helpers/adminApi';
import { createTestApp, loginAs, type TestApp } from '../helpers/testApp';

type Call = ReturnType<typeof caller>;

/**
 * Activities (issue 31): calls, meetings and notes logged on records through the engine
 * (`POST /crm/activity`), each on the timeline of every record it names and of a named contact's
 * account; the timeline (`GET /crm/{module}/{id}/timeline`) filtered by kind and paged, under the
 * record's data scope; changed by the author or an editor of a named record; mentions in the bell.
 */
describe('activities and the timeline', () => {
  let app: TestApp;
  let olivia: Call, noah: Call, emma: Call, admin: Call;
  let users: Record<string, number>;
  const tag = `act-${Date.now()}`;
  let account: number, contact: number, opportunity: number, lead: number;
  let call: number, meeting: number, note: number;

  async function create(who: Call, module: string, body: Record<string, unknown>): Promise<number> {
    const res = await who('POST', `/crm/${module}`, body);
    expect(res.body.code, res.body.msg).toBe(200);
    return res.body.data as number;
  }
  const timeline = async (who: Call, module: string, id: number, query = '') => who('GET', `/crm/${module}/${id}/timeline${query}`);
  const entries = async (who: Call, module: string, id: number, query = '') => (await timeline(who, module, id, query)).body.rows as TimelineEntry[];
  const activityIds = (rows: TimelineEntry[]) => rows.filter((r) => ['call', 'meeting', 'note'].includes(r.kind)).map((r) => r.id);
  const count = async (table: string) => Number((await rowsOf<{ n: unknown }>(app.db, sql`select count(*) as n from ${sql.identifier(table)}`))[0]!.n);

  beforeAll(async () => {
    app = await createTestApp({ JOB_CONCURRENCY: '0' });
    olivia = caller(app, await loginAs(app, 'olivia.park'));
    noah = caller(app, await loginAs(app, 'noah.king'));
    emma = caller(app, await loginAs(app, 'emma.stone'));
    admin = caller(app, await loginAs(app, 'admin'));
    users = await userIds(admin);
    account = await create(olivia, 'account', { name: `${tag} Account` });
    contact = await create(olivia, 'contact', { lastName: `${tag} Contact`, accountId: account });
    opportunity = await create(olivia, 'opportunity', { name: `${tag} Deal`, accountId: account, closeDate: '2030-01-31', stage: 'prospecting' });
    lead = await create(olivia, 'leads', { lastName: `${tag} Lead`, company: 'Lead Co' });
    call = await create(olivia, 'activity', {
      kind: 'call', subject: `${tag} Intro call`, name: { module: 'contact', id: contact }, relatedTo: { module: 'opportunity', id: opportunity },
      direction: 'outbound', durationMinutes: 12, outcome: 'connected', notes: '<p>Agreed <b>pricing</b><script>alert(1)</script><img src=x onerror=alert(1)></p>',
    });
    meeting = await create(olivia, 'activity', {
      kind: 'meeting', subject: `${tag} Demo`, relatedTo: { module: 'account', id: account }, startAt: '2030-01-10T09:00:00.000Z', endAt: '2030-01-10T10:00:00.000Z',
      location: 'Room 1', reminderMinutes: 15, attendees: { users: [users['emma.stone']], people: [{ module: 'contact', id: contact }] },
    });
    note = await create(olivia, 'activity', { kind: 'note', subject: `${tag} Note`, name: { module: 'leads', id: lead }, notes: '<p>Remember the budget</p>' });
  });
  afterAll(() => app.teardown());

  it('creates each kind, its note cleaned by the notice sanitiser, its owner the author', async () => {
    const res = await olivia('GET', `/crm/activity/${call}`);
    expect(res.body.data).toMatchObject({ kind: 'call', direction: 'outbound', durationMinutes: 12, outcome: 'connected', ownerId: users['olivia.park'] });
    expect(res.body.data.notes).toBe('<p>Agreed <b>pricing</b></p>');
    expect((await olivia('GET', `/crm/activity/${meeting}`)).body.data).toMatchObject({ kind: 'meeting', location: 'Room 1', reminderMinutes: 15 });
    expect((await olivia('GET', `/crm/activity/${note}`)).body.data).toMatchObject({ kind: 'note', name: { module: 'leads', id: lead } });
  });

  it('shows an activity on every record it names, and a contact’s on its account', async () => {
    expect(activityIds(await entries(olivia, 'contact', contact))).toEqual(expect.arrayContaining([call]));
    expect(activityIds(await entries(olivia, 'opportunity', opportunity))).toEqual([call]);
    const onAccount = activityIds(await entries(olivia, 'account', account));
    expect(onAccount.sort()).toEqual([call, meeting].sort());
    expect(activityIds(await entries(olivia, 'leads', lead))).toEqual([note]);
  });

  it('answers each entry with its author and time, newest first, and a meeting with its attendees named', async () => {
    const res = await timeline(olivia, 'account', account);
    const rows = res.body.rows as TimelineEntry[];
    expect(rows.every((r) => typeof r.time === 'string' && r.authorName === 'Olivia Park')).toBe(true);
    expect(rows.map((r) => r.time)).toEqual([...rows.map((r) => r.time)].sort().reverse());
    const demo = rows.find((r) => r.id === meeting && r.kind === 'meeting')!;
    expect(demo.attendees).toEqual(expect.arrayContaining([{ userId: users['emma.stone'] }, { module: 'contact', id: contact }]));
    expect(res.body.lookups.user[users['emma.stone']!]).toBe('Emma Stone');
    expect(res.body.lookups.contact[contact]).toBe(`${tag} Contact`);
    expect(rows.some((r) => r.kind === 'change' && r.change?.action === 'create')).toBe(true);
  });

  it('filters by kind and pages', async () => {
    expect((await entries(olivia, 'account', account, '?kinds=meeting')).map((r) => r.kind)).toEqual(['meeting']);
    expect((await entries(olivia, 'account', account, '?kinds=change')).every((r) => r.kind === 'change')).toBe(true);
    const taskId = await create(olivia, 'task', { subject: `${tag} Follow up`, relatedTo: { module: 'account', id: account }, dueDate: '2030-02-01' });
    expect((await entries(olivia, 'account', account, '?kinds=task')).map((r) => r.id)).toEqual([taskId]);
    const all = await entries(olivia, 'account', account, '?pageSize=100');
    const pages: TimelineEntry[] = [];
    for (let pageNum = 1; ; pageNum++) {
      const res = await timeline(olivia, 'account', account, `?pageSize=2&pageNum=${pageNum}`);
      pages.push(...(res.body.rows as TimelineEntry[]));
      if (!res.body.hasMore) break;
    }
    expect(pages.map((r) => `${r.kind}${r.id}`)).toEqual(all.map((r) => `${r.kind}${r.id}`));
    expect(all.length).toBeGreaterThanOrEqual(4);
    const bad = await timeline(olivia, 'account', account, '?kinds=letter');
    expect(bad.body.code).toBe(400);
  });

  it('a task naming a contact of the account is on the account’s timeline too (once, when it is also about the account)', async () => {
    const named = await create(olivia, 'task', { subject: `${tag} Call the contact`, name: { module: 'contact', id: contact }, dueDate: '2030-03-01' });
    const both = await create(olivia, 'task', { subject: `${tag} Both`, name: { module: 'contact', id: contact }, relatedTo: { module: 'account', id: account }, dueDate: '2030-03-02' });
    const tasks = (await entries(olivia, 'account', account, '?kinds=task')).map((r) => r.id);
    expect(tasks).toEqual(expect.arrayContaining([named, both]));
    expect(tasks.filter((id) => id === both)).toHaveLength(1);
    expect((await entries(olivia, 'contact', contact, '?kinds=task')).map((r) => r.id)).toEqual(expect.arrayContaining([named, both]));
  });

  it('answers 404 to whoever may not open the record, and leaves others’ activities out of their list', async () => {
    expect((await timeline(noah, 'account', account)).body.code).toBe(404);
    expect((await timeline(noah, 'contact', contact)).body.code).toBe(404);
    const list = await noah('GET', `/crm/activity/list?pageSize=100&q=${tag}`);
    expect(list.body.code).toBe(200);
    expect(list.body.rows).toEqual([]);
    expect((await noah('GET', `/crm/activity/${call}`)).body.code).toBe(404);
  });

  it('is changed by its author or an editor of a record it names, with history; no one else', async () => {
    const version = (await olivia('GET', `/crm/activity/${call}`)).body.data.version as number;
    const stranger = await noah('PUT', '/crm/activity', { id: call, version, subject: 'Hijacked' });
    expect(stranger.body.code).toBe(404);
    const byEditor = await emma('PUT', '/crm/activity', { id: call, version, outcome: 'left_voicemail' });
    expect(byEditor.body.code, byEditor.body.msg).toBe(200);
    const history = await olivia('GET', `/crm/activity/${call}/history`);
    expect(history.body.rows).toEqual(expect.arrayContaining([expect.objectContaining({ action: 'update', field: 'outcome', oldValue: 'connected', newValue: 'left_voicemail' })]));
    const onOpportunity = (await entries(olivia, 'opportunity', opportunity)).find((r) => r.id === call)!;
    expect(onOpportunity.canEdit).toBe(true);
    expect(onOpportunity.record?.outcome).toBe('left_voicemail');
    expect((await noah('DELETE', `/crm/activity/${note}`)).body.code).toBe(404);
    const own = await create(olivia, 'activity', { kind: 'note', subject: `${tag} Scratch`, relatedTo: { module: 'account', id: account } });
    expect((await olivia('DELETE', `/crm/activity/${own}`)).body.code).toBe(200);
    expect(activityIds(await entries(olivia, 'account', account))).not.toContain(own);
  });

  it('tells a mentioned user in the bell, and no one else', async () => {
    const before = (await noah('GET', '/system/notice/listTop')).body.data.length as number;
    await create(olivia, 'activity', {
      kind: 'note', subject: `${tag} Pricing`, relatedTo: { module: 'opportunity', id: opportunity }, notes: '<p>@Emma Stone please check</p>', mentions: [users['emma.stone']],
    });
    const bell = await emma('GET', '/system/notice/listTop');
    const notice = (bell.body.data as Array<{ noticeTitle: string; noticeContent: string; isRead: boolean }>).find((n) => n.noticeTitle.includes(tag));
    // The title is cut to the notice form's 50 characters.
    expect(notice?.noticeTitle).toMatch(new RegExp(`^Olivia Park mentioned you: ${tag} Pric`));
    expect(notice?.noticeContent).toContain('please check');
    expect(notice?.noticeContent).toContain(`/opportunity/opportunity-detail?flag=detail&amp;id=${opportunity}`);
    expect(notice?.isRead).toBe(false);
    expect((await noah('GET', '/system/notice/listTop')).body.data.length).toBe(before);
    // Not an announcement: the notice administration does not list it.
    const listed = await admin('GET', `/system/notice/list?noticeTitle=${encodeURIComponent('mentioned you')}`);
    expect(listed.body.rows).toEqual([]);
  });

  it('refuses bad input with a translated message and writes nothing', async () => {
    const activities = await count('crm_activity');
    const notices = await count('sys_notice');
    const noStart = await olivia('POST', '/crm/activity', { kind: 'meeting', subject: `${tag} No start`, relatedTo: { module: 'account', id: account } });
    expect(noStart.body.code).toBe(400);
    expect(noStart.body.errors).toEqual({ startAt: 'Please fill in the start of the meeting' });
    const backwards = await olivia(
      'POST', '/crm/activity',
      { kind: 'meeting', subject: `${tag} Backwards`, relatedTo: { module: 'account', id: account }, startAt: '2030-01-10T10:00:00Z', endAt: '2030-01-10T09:00:00Z' },
      { 'accept-language': 'zh-CN' },
    );
    expect(backwards.body.errors).toEqual({ endAt: '会议的结束时间不能早于开始时间' });
    const nothing = await olivia('POST', '/crm/activity', { kind: 'note', subject: `${tag} Nowhere` });
    expect(nothing.body.errors).toEqual({ name: 'An activity must name a contact or lead, or the record it is related to' });
    const badMention = await olivia('POST', '/crm/activity', { kind: 'note', subject: `${tag} Ghost`, relatedTo: { module: 'account', id: account }, mentions: [987654321] });
    expect(badMention.body.errors).toEqual({ mentions: 'A mentioned user does not exist or is not active' });
    const badAttendee = await olivia('POST', '/crm/activity', {
      kind: 'meeting', subject: `${tag} Ghosts`, relatedTo: { module: 'account', id: account }, startAt: '2030-01-10T09:00:00Z', attendees: { people: [{ module: 'account', id: account }] },
    });
    expect(badAttendee.body.code).toBe(400);
    const hidden = await noah('POST', '/crm/activity', { kind: 'call', subject: `${tag} Peek`, direction: 'inbound', name: { module: 'contact', id: contact } });
    expect(hidden.body.code).toBe(400);
    expect(await count('crm_activity')).toBe(activities);
    expect(await count('sys_notice')).toBe(notices);
  });
});
