import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MyDay } from '@orbit/shared/contract/myDay';
import { resolveRelativeDate } from '@orbit/shared/crm/relativeDates';
import { createTestApp, loginAs, type TestApp } from '../helpers/testApp';
import { caller, userIds } from '../helpers/adminApi';
import { createLead } from '../helpers/crmApi';

type Call = ReturnType<typeof caller>;

const shift = (day: string, days: number) => {
  const [y, m, d] = day.split('-').map(Number);
  const at = new Date(y!, m! - 1, d! + days);
  return `${at.getFullYear()}-${String(at.getMonth() + 1).padStart(2, '0')}-${String(at.getDate()).padStart(2, '0')}`;
};
const cents = (amount: string | undefined) => Math.round(Number(amount ?? '0') * 100);

/** My day: the signed-in user's open tasks due by today, open pipeline by stage and this week's leads — theirs only, in scope. */
describe('My day', () => {
  let app: TestApp;
  let olivia: Call;
  let noah: Call;
  let mia: Call;
  let ids: Record<string, number>;
  const today = resolveRelativeDate('today').from!;

  beforeAll(async () => {
    app = await createTestApp();
    olivia = caller(app, await loginAs(app, 'olivia.park'));
    noah = caller(app, await loginAs(app, 'noah.king'));
    mia = caller(app, await loginAs(app, 'mia.chen'));
    ids = await userIds(caller(app, await loginAs(app, 'admin')));
  });
  afterAll(() => app.teardown());

  const created = async (call: Call, module: string, body: object) => {
    const res = await call('POST', `/crm/${module}`, body);
    expect(res.body.code, JSON.stringify(res.body)).toBe(200);
    return res.body.data as number;
  };
  const day = async (call: Call, lang = 'en') => {
    const res = await call('GET', '/crm/my-day', undefined, { 'accept-language': lang });
    expect(res.body.code, JSON.stringify(res.body)).toBe(200);
    return res.body.data as MyDay;
  };

  it('lists my open tasks due today and overdue (oldest first), not later, completed or others’ ones', async () => {
    const overdue = await created(olivia, 'task', { subject: 'Overdue call', dueDate: shift(today, -3) });
    const due = await created(olivia, 'task', { subject: 'Today call', dueDate: today });
    const later = await created(olivia, 'task', { subject: 'Tomorrow call', dueDate: shift(today, 1) });
    const done = await created(olivia, 'task', { subject: 'Done call', dueDate: today, status: 'completed' });
    const noahs = await created(noah, 'task', { subject: 'Noah call', dueDate: today });
    const { tasks, today: answered } = await day(olivia);
    expect(answered).toBe(today);
    const ids = tasks!.map((t) => t.id);
    expect(tasks!.find((t) => t.id === overdue)).toMatchObject({ subject: 'Overdue call', overdue: true, dueDate: shift(today, -3), version: 1 });
    expect(tasks!.find((t) => t.id === due)).toMatchObject({ subject: 'Today call', overdue: false, dueDate: today });
    expect(ids.indexOf(overdue)).toBeLessThan(ids.indexOf(due));
    for (const id of [later, done, noahs]) expect(ids).not.toContain(id);
    const dates = tasks!.map((t) => t.dueDate);
    expect(dates).toEqual([...dates].sort());

    // Completing it with the task API takes it off the day.
    expect((await olivia('PUT', '/crm/task', { id: due, version: 1, status: 'completed' })).body.code).toBe(200);
    expect((await day(olivia)).tasks!.map((t) => t.id)).not.toContain(due);
  });

  it('lists my meetings of the day by start (all-day ones too), not tomorrow’s, calls or others’ ones', async () => {
    const at = (day: string, hour: number, minute = 0) => {
      const [y, m, d] = day.split('-').map(Number);
      return new Date(y!, m! - 1, d!, hour, minute).toISOString();
    };
    const account = await created(olivia, 'account', { name: 'My Day Meetings Co' });
    const about = { relatedTo: { module: 'account', id: account } };
    const meeting = (call: Call, subject: string, extra: object) => created(call, 'activity', { kind: 'meeting', subject, ...about, ...extra });
    const afternoon = await meeting(olivia, 'Afternoon review', { startAt: at(today, 15), endAt: at(today, 16), location: 'Room 4' });
    const morning = await meeting(olivia, 'Morning stand-up', { startAt: at(today, 9), endAt: at(today, 9, 15) });
    const allDay = await meeting(olivia, 'Trade fair', { startAt: at(shift(today, -1), 0), endAt: at(shift(today, 1), 0), allDay: true });
    const tomorrow = await meeting(olivia, 'Tomorrow’s demo', { startAt: at(shift(today, 1), 10), endAt: at(shift(today, 1), 11) });
    const call = await created(olivia, 'activity', { kind: 'call', subject: 'A call today', direction: 'outbound', ...about });
    const noahs = await created(noah, 'activity', { kind: 'meeting', subject: 'Noah’s meeting', relatedTo: { module: 'account', id: await created(noah, 'account', { name: 'Noah Co' }) }, startAt: at(today, 11), endAt: at(today, 12) });

    const { meetings } = await day(olivia);
    expect(meetings!.map((m) => m.id)).toEqual([allDay, morning, afternoon]);
    expect(meetings!.find((m) => m.id === afternoon)).toEqual({ id: afternoon, subject: 'Afternoon review', startAt: at(today, 15), endAt: at(today, 16), allDay: false, location: 'Room 4' });
    for (const id of [tomorrow, call, noahs]) expect(meetings!.map((m) => m.id)).not.toContain(id);

    // A meeting Noah asks Olivia to (outside her data scope) is on her day too.
    const invited = await created(noah, 'activity', {
      kind: 'meeting', subject: 'Noah’s invitation', relatedTo: { module: 'account', id: await created(noah, 'account', { name: 'Noah Invites Co' }) },
      startAt: at(today, 12), endAt: at(today, 13), attendees: { users: [ids['olivia.park']], people: [] },
    });
    expect((await day(olivia)).meetings!.map((m) => m.id)).toEqual([allDay, morning, invited, afternoon]);
  });

  it('sums my open opportunities per stage, in stage order, leaving out closed ones and others’', async () => {
    const before = await day(olivia);
    const account = await created(olivia, 'account', { name: 'Pipeline Figures Ltd' });
    const deal = (call: Call, stage: string, amount: string, accountId = account) => created(call, 'opportunity', { name: `Deal ${stage} ${amount}`, accountId, stage, amount, closeDate: '2030-01-31' });
    await deal(olivia, 'prospecting', '1000.50');
    await deal(olivia, 'prospecting', '2000.25');
    await deal(olivia, 'negotiation', '500.00');
    await deal(olivia, 'closed_won', '9999.00');
    await deal(noah, 'prospecting', '7777.00', await created(noah, 'account', { name: 'Noah Figures Ltd' }));
    const after = await day(olivia);
    const stage = (d: MyDay, s: string) => d.pipeline!.find((p) => p.stage === s);
    expect((stage(after, 'prospecting')?.count ?? 0) - (stage(before, 'prospecting')?.count ?? 0)).toBe(2);
    expect(cents(stage(after, 'prospecting')?.amount) - cents(stage(before, 'prospecting')?.amount)).toBe(300075);
    expect(cents(stage(after, 'negotiation')?.amount) - cents(stage(before, 'negotiation')?.amount)).toBe(50000);
    expect(after.pipeline!.map((p) => p.stage)).not.toContain('closed_won');
    expect(after.pipeline!.map((p) => p.stage)).not.toContain('closed_lost');
    expect(after.pipeline!.map((p) => p.stage).indexOf('prospecting')).toBeLessThan(after.pipeline!.map((p) => p.stage).indexOf('negotiation'));
    expect(stage(after, 'prospecting')!.label).toBe('Prospecting');
    expect(stage(await day(olivia, 'zh'), 'prospecting')!.label).not.toBe('Prospecting');
  });

  it('lists the leads I own that came in this week, newest first, not another rep’s', async () => {
    const first = await createLead(olivia, { firstName: 'Week', lastName: 'One', company: 'Weekly Co', status: 'new' });
    const second = await createLead(olivia, { firstName: 'Week', lastName: 'Two' });
    const noahs = await createLead(noah, { lastName: 'Not Olivia' });
    const { leads } = await day(olivia);
    const ids = leads!.map((l) => l.id);
    expect(ids.slice(0, 2)).toEqual([second, first]);
    expect(ids).not.toContain(noahs);
    expect(leads!.find((l) => l.id === first)).toMatchObject({ name: 'Week One', company: 'Weekly Co', status: 'new', statusLabel: 'New' });
    const weekStart = resolveRelativeDate('thisWeek').from!;
    for (const lead of leads!) expect(new Date(lead.createTime).getTime()).toBeGreaterThanOrEqual(new Date(`${weekStart}T00:00:00`).getTime());
  });

  it('carries my recently viewed records and favourites', async () => {
    const lead = await createLead(olivia, { firstName: 'Viewed', lastName: 'Today' });
    await olivia('POST', '/crm/recent', { module: 'leads', id: lead });
    await olivia('POST', '/crm/favourite', { module: 'leads', id: lead });
    const { recent, favourites } = await day(olivia);
    expect(recent[0]).toMatchObject({ module: 'leads', id: lead, name: 'Viewed Today' });
    expect(favourites[0]).toMatchObject({ module: 'leads', id: lead });
  });

  it('leaves out a card whose module the user may not list (null, not empty)', async () => {
    const marketing = await day(mia);
    expect(marketing.tasks).toBeNull();
    expect(marketing.pipeline).toBeNull();
    expect(Array.isArray(marketing.leads)).toBe(true);
  });
});
